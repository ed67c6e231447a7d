import { Users } from 'lucide-react';
import { Link } from 'react-router';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { Button } from '../../../ui/button.tsx';
import { PageHeader, Section } from '../components/section.tsx';
import { ASSOCIATIONS, PARTNER_BENEFITS, PARTNERS } from '../data/partners.ts';
import type { Partner } from '../data/types.ts';

const BecomePartner = ({ variant }: { variant?: 'default' | 'outline' }) => (
  <Button asChild size="lg" variant={variant ?? 'default'}>
    <Link to="/contact?reason=partnership">Become a Partner</Link>
  </Button>
);

const PartnerList = ({ partners }: { partners: Partner[] }) => (
  <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
    {partners.map((partner) => (
      <li key={partner.name} className="flex flex-col rounded-xl border border-border bg-card p-6">
        <h3 className="text-lg font-semibold">{partner.name}</h3>
        <p className="mt-2 text-muted-foreground">{partner.description}</p>
        <p className="mt-3 flex-1 text-sm">{partner.partnership}</p>
        <p className="mt-4 border-t border-border pt-4 text-sm">
          <span className="text-muted-foreground">Impact: </span>
          <span className="font-semibold">{partner.impact}</span>
        </p>
      </li>
    ))}
  </ul>
);

export const PartnersPage = () => {
  usePageMeta({
    title: 'Partners',
    description:
      'Shipowners, offshore operators, technology providers and maritime associations building a shared standard for supply-chain emissions data with Tidewise.',
  });
  return (
    <main id="main">
      <PageHeader
        eyebrow="Partners"
        title="Built with the companies that move the maritime supply chain"
        lead="Our partners shape the data standard, connect their systems and bring their members and suppliers into one network."
      >
        <div className="mt-8">
          <BecomePartner />
        </div>
      </PageHeader>
      <Section id="strategic" eyebrow="Strategic partners" title="Operators who co-design the platform">
        <PartnerList partners={PARTNERS.filter((p) => p.category === 'strategic')} />
      </Section>
      <Section
        id="technology"
        eyebrow="Technology partners"
        title="Systems that feed data in"
        className="border-y border-border bg-card/40"
      >
        <PartnerList partners={PARTNERS.filter((p) => p.category === 'technology')} />
      </Section>
      <Section id="associations" eyebrow="Association partners" title="Industry bodies and their members">
        <ul className="mt-10 grid gap-6 md:grid-cols-2">
          {ASSOCIATIONS.map((association) => (
            <li key={association.name} className="flex gap-5 rounded-xl border border-border bg-card p-6">
              <div className="text-center">
                <Users className="mx-auto size-6 text-primary" aria-hidden="true" />
                <p className="mt-1 text-2xl font-bold text-primary">{association.members}</p>
                <p className="text-xs text-muted-foreground">members</p>
              </div>
              <div>
                <h3 className="text-lg font-semibold">{association.name}</h3>
                <p className="mt-2 text-muted-foreground">{association.description}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="benefits" eyebrow="Why partner with us" title="What partners get" className="border-t border-border bg-card/40">
        <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {PARTNER_BENEFITS.map((benefit) => (
            <li key={benefit.title} className="rounded-xl border border-border bg-card p-6">
              <h3 className="text-lg font-semibold">{benefit.title}</h3>
              <p className="mt-2 text-muted-foreground">{benefit.text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-12 flex flex-col items-start gap-4 rounded-xl border border-primary/40 bg-card p-6 md:flex-row md:items-center md:justify-between md:p-8">
          <div>
            <h3 className="text-xl font-semibold">Ready to talk?</h3>
            <p className="mt-1 text-muted-foreground">
              Tell us about your organisation and we will come back within 24 hours on business days.
            </p>
          </div>
          <BecomePartner />
        </div>
      </Section>
    </main>
  );
};
