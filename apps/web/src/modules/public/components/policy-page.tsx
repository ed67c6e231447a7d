import type { ReactNode } from 'react';
import type { PolicySection } from '../data/types.ts';
import { useDateFormat } from '../../../lib/format.ts';
import { PolicyAccordion } from './policy-accordion.tsx';
import { PageHeader } from './section.tsx';

export const PolicyPage = ({
  title,
  lead,
  updated,
  sections,
  idPrefix,
  footer,
}: {
  title: string;
  lead: ReactNode;
  updated: string;
  sections: PolicySection[];
  idPrefix: string;
  footer?: ReactNode;
}) => {
  const { formatDate } = useDateFormat('long');
  return (
    <main id="main">
      <PageHeader eyebrow="Legal" title={title} lead={lead}>
        <p className="mt-4 text-sm text-muted-foreground">
          Last updated <time dateTime={updated}>{formatDate(updated)}</time>
        </p>
      </PageHeader>
      <div className="mx-auto max-w-4xl px-4 py-12 md:px-6 md:py-16">
        <PolicyAccordion sections={sections} idPrefix={idPrefix} />
        {footer ? <div className="mt-8 text-sm text-muted-foreground">{footer}</div> : null}
      </div>
    </main>
  );
};
