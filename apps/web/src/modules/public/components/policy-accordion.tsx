import * as Accordion from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import type { PolicySection } from '../data/types.ts';

/**
 * Numbered policy sections. Each opens and closes on its own (Radix "multiple" mode): Enter or Space
 * toggles, arrow keys, Home and End move between section headings, and each heading button reports
 * its expanded state to screen readers.
 */
export const PolicyAccordion = ({ sections, idPrefix }: { sections: PolicySection[]; idPrefix: string }) => (
  <Accordion.Root type="multiple" className="divide-y divide-border rounded-xl border border-border bg-card">
    {sections.map((section, index) => {
      const value = `${idPrefix}-${index + 1}`;
      return (
        <Accordion.Item key={value} value={value} data-testid="policy-section">
          <Accordion.Header asChild>
            <h2 className="text-base font-semibold md:text-lg">
              <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left hover:bg-muted/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring">
                <span>
                  <span className="text-primary">{index + 1}.</span> {section.title}
                </span>
                <ChevronDown
                  className="size-5 shrink-0 text-muted-foreground transition-transform group-data-[state=open]:rotate-180 motion-reduce:transition-none"
                  aria-hidden="true"
                />
              </Accordion.Trigger>
            </h2>
          </Accordion.Header>
          <Accordion.Content className="space-y-3 px-5 pb-5 text-muted-foreground">
            {section.content.map((line) => (
              <p key={line}>{line}</p>
            ))}
            {section.subsections?.map((sub) => (
              <div key={sub.title}>
                <h3 className="font-semibold text-foreground">{sub.title}</h3>
                <ul className="mt-1 list-disc space-y-1 pl-5">
                  {sub.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </div>
            ))}
          </Accordion.Content>
        </Accordion.Item>
      );
    })}
  </Accordion.Root>
);
