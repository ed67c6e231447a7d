import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';

type SectionProps = {
  id: string;
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Centres the heading block, for closing and statement sections. */
  centered?: boolean;
};

/** A page section with its own labelled heading, so screen readers can jump between sections. */
export const Section = ({ id, eyebrow, title, intro, children, className, centered = false }: SectionProps) => (
  <section id={id} aria-labelledby={`${id}-title`} className={cn('scroll-mt-20 py-16 md:py-24', className)}>
    <div className="mx-auto max-w-7xl px-4 md:px-6 lg:px-8">
      <div className={cn('max-w-3xl', centered && 'mx-auto text-center')}>
        {eyebrow ? <p className="text-sm font-semibold uppercase tracking-widest text-primary">{eyebrow}</p> : null}
        <h2 id={`${id}-title`} className="mt-2 text-3xl font-bold tracking-tight md:text-4xl">
          {title}
        </h2>
        {intro ? <div className="mt-4 text-lg text-muted-foreground">{intro}</div> : null}
      </div>
      {children}
    </div>
  </section>
);

/** The top of an inner page: the only h1, with a short lead. */
export const PageHeader = ({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow: string;
  title: string;
  lead: ReactNode;
  children?: ReactNode;
}) => (
  <header className="border-b border-border bg-gradient-to-b from-secondary/40 to-transparent">
    <div className="mx-auto max-w-7xl px-4 py-14 md:px-6 md:py-20 lg:px-8">
      <p className="text-sm font-semibold uppercase tracking-widest text-primary">{eyebrow}</p>
      <h1 className="mt-2 max-w-3xl text-4xl font-bold tracking-tight md:text-5xl">{title}</h1>
      <div className="mt-4 max-w-2xl text-lg text-muted-foreground">{lead}</div>
      {children}
    </div>
  </header>
);
