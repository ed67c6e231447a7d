import { BarChart3, CheckCircle2, Radar, ShieldCheck, Workflow } from 'lucide-react';
import { Link } from 'react-router';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { Button } from '../../../ui/button.tsx';
import { HeroIllustration } from '../components/hero-illustration.tsx';
import { Section } from '../components/section.tsx';
import { StakeholderNetwork } from '../components/stakeholder-network.tsx';
import { AUTOMATIONS, PROCESS_STEPS, TRUST_METRICS } from '../data/landing.ts';

const STEP_ICONS = [Workflow, Radar, ShieldCheck, BarChart3];

const SHARING_POINTS = [
  {
    title: 'You decide who sees what',
    text: 'Share a figure with one customer, a whole dataset with another, and nothing with a competitor. Every grant is explicit and can be withdrawn.',
  },
  {
    title: 'Answer once, serve every customer',
    text: 'A supplier uploads its fuel and energy data once. Each shipowner or operator it works with receives the part that belongs to them.',
  },
  {
    title: 'Neutral by design',
    text: 'Tidewise is not owned by a shipping line, a classification society or a fuel supplier. We sell software, never your data.',
  },
  {
    title: 'Every change on record',
    text: 'Uploads, corrections and approvals are logged with who and when, so auditors can follow a number back to its source file.',
  },
];

export const LandingPage = () => {
  usePageMeta({
    title: 'Tidewise',
    description:
      'Scope 3 emissions data sharing for shipping companies, offshore operators, ports, yards and their suppliers: collect, validate and benchmark supplier data in one neutral place.',
  });
  return (
    <main id="main">
      <section aria-labelledby="hero-title" className="relative overflow-hidden">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 md:px-6 md:py-24 lg:grid-cols-[1.1fr_0.9fr] lg:px-8">
          <div className="flex flex-col gap-6">
            <p className="text-sm font-semibold uppercase tracking-widest text-primary">Scope 3 data sharing for maritime and offshore</p>
            <h1 id="hero-title" className="text-4xl font-bold tracking-tight md:text-5xl lg:text-6xl">
              Efficient, neutral and trusted emissions data from your whole supply chain
            </h1>
            <p className="max-w-2xl text-lg text-muted-foreground">
              Tidewise collects fuel, energy and materials data from your suppliers, checks every row on upload and turns it into Scope 3
              figures you can defend to customers, lenders and auditors.
            </p>
            <div className="flex flex-wrap gap-3">
              <Button asChild size="lg">
                <Link to="/contact?reason=demo">Book a demo</Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/organization-signup-demo">Try the sign-up</Link>
              </Button>
            </div>
          </div>
          <HeroIllustration />
        </div>
      </section>

      <Section
        id="process"
        eyebrow="How it works"
        title="Four steps from scattered spreadsheets to reportable data"
        className="border-t border-border bg-card/40"
      >
        <ol className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {PROCESS_STEPS.map((step, index) => {
            const Icon = STEP_ICONS[index] ?? Workflow;
            return (
              <li key={step.name} className="rounded-xl border border-border bg-card p-6">
                <div className="flex items-center gap-3">
                  <span className="grid size-10 place-items-center rounded-lg bg-secondary text-secondary-foreground">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <span className="text-sm font-semibold text-muted-foreground">Step {index + 1}</span>
                </div>
                <h3 className="mt-4 text-xl font-semibold">{step.name}</h3>
                <p className="mt-2 text-muted-foreground">{step.text}</p>
              </li>
            );
          })}
        </ol>
      </Section>

      <Section id="blind-spots" eyebrow="Scope 3 blind spots" title="Most of your footprint is in someone else’s data">
        <div className="mt-10 grid items-center gap-10 lg:grid-cols-2">
          <div>
            <p className="text-6xl font-bold tracking-tight text-primary md:text-7xl">70-85%</p>
            <p className="mt-3 text-lg">
              of a maritime or offshore company’s emissions occur in its supply chain, not on its own vessels or sites.
            </p>
            <p className="mt-4 text-muted-foreground">
              Bunker suppliers, chartered tonnage, yards, port services and equipment makers hold the numbers. Without them, Scope 3 is
              estimated from spend and industry averages, and no reduction you negotiate with a supplier ever shows up in your report.
            </p>
          </div>
          <figure className="rounded-xl border border-border bg-card p-6">
            <figcaption className="text-sm font-semibold">Typical split of value-chain emissions for a vessel operator</figcaption>
            <div className="mt-5 space-y-4 text-sm">
              {[
                { label: 'Supply chain (Scope 3)', width: 'w-[78%]', value: '70-85%', bar: 'bg-primary' },
                { label: 'Own fuel combustion (Scope 1)', width: 'w-[18%]', value: '12-28%', bar: 'bg-muted-foreground' },
                { label: 'Purchased electricity (Scope 2)', width: 'w-[4%]', value: '1-3%', bar: 'bg-muted-foreground' },
              ].map((row) => (
                <div key={row.label}>
                  <div className="flex justify-between gap-4">
                    <span>{row.label}</span>
                    <span className="font-semibold">{row.value}</span>
                  </div>
                  <div className="mt-1.5 h-2.5 rounded-full bg-muted">
                    <div className={`h-2.5 rounded-full ${row.bar} ${row.width}`} />
                  </div>
                </div>
              ))}
            </div>
          </figure>
        </div>
      </Section>

      <Section
        id="network"
        eyebrow="One network"
        title="Ten kinds of organisation, one shared source of truth"
        intro="Emissions data in maritime crosses many company borders before it reaches a report. Tidewise connects every party that holds a piece of it."
        className="border-y border-border bg-card/40"
      >
        <StakeholderNetwork />
      </Section>

      <Section
        id="data-sharing"
        eyebrow="Data sharing"
        title="Share what is needed, keep control of the rest"
        intro="Commercial sensitivity is why supply-chain data stays in inboxes. Tidewise is built so that sharing never means giving up control."
      >
        <ul className="mt-12 grid gap-6 md:grid-cols-2">
          {SHARING_POINTS.map((point) => (
            <li key={point.title} className="flex gap-4 rounded-xl border border-border bg-card p-6">
              <CheckCircle2 className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden="true" />
              <div>
                <h3 className="text-lg font-semibold">{point.title}</h3>
                <p className="mt-1 text-muted-foreground">{point.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="automation"
        eyebrow="Intelligent automation"
        title="The routine work runs itself"
        className="border-y border-border bg-card/40"
      >
        <ul className="mt-12 grid gap-6 md:grid-cols-2">
          {AUTOMATIONS.map((item) => (
            <li key={item.title} className="overflow-hidden rounded-xl border border-border bg-card">
              <picture>
                <source media="(prefers-reduced-motion: reduce)" srcSet={`/illustrations/${item.image}-static.svg`} />
                <img
                  src={`/illustrations/${item.image}.svg`}
                  alt={item.alt}
                  width={400}
                  height={240}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[5/3] h-auto w-full"
                />
              </picture>
              <div className="p-6">
                <h3 className="text-xl font-semibold">{item.title}</h3>
                <p className="mt-2 text-muted-foreground">{item.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="trust"
        eyebrow="Results"
        title="What customers report after their first year"
        intro="Compared with collecting supplier data by spreadsheet and email."
      >
        <dl className="mt-12 grid gap-6 md:grid-cols-3">
          {TRUST_METRICS.map((metric) => (
            <div key={metric.label} className="flex flex-col rounded-xl border border-border bg-card p-6 text-center">
              <dt className="text-lg font-semibold">{metric.label}</dt>
              <dd className="order-first text-5xl font-bold text-primary">{metric.value}</dd>
              <dd className="mt-2 text-sm text-muted-foreground">{metric.text}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-6 text-sm text-muted-foreground">
          Figures reported by customers in their first year on Tidewise. Your results depend on the size and data maturity of your supplier
          base.
        </p>
      </Section>

      <section aria-labelledby="closing-title" className="border-t border-border bg-gradient-to-b from-secondary/50 to-transparent">
        <div className="mx-auto flex max-w-3xl flex-col items-center gap-6 px-4 py-16 text-center md:py-24">
          <h2 id="closing-title" className="text-3xl font-bold tracking-tight md:text-4xl">
            Start with your first ten suppliers
          </h2>
          <p className="text-lg text-muted-foreground">
            Most customers send their first data request within two weeks. We help you choose the suppliers that matter most, set up the
            template and bring them on board.
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            <Button asChild size="lg">
              <Link to="/contact?reason=demo">Book a demo</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/resources">Read the research</Link>
            </Button>
          </div>
        </div>
      </section>
    </main>
  );
};
