import { Crosshair, Handshake, Lightbulb, TrendingDown } from 'lucide-react';
import { Link } from 'react-router';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { Button } from '../../../ui/button.tsx';
import { PageHeader, Section } from '../components/section.tsx';

const VALUES = [
  {
    name: 'Precision',
    icon: Crosshair,
    text: 'A number in a report is only as good as its source. We check units, ranges and origins so every figure can be traced back to a file and a supplier.',
  },
  {
    name: 'Innovation',
    icon: Lightbulb,
    text: 'Column mapping, anomaly detection and projections do the repetitive work, so sustainability teams spend their time on reductions, not reformatting.',
  },
  {
    name: 'Collaboration',
    icon: Handshake,
    text: 'Shipowners, yards, ports and small suppliers all need the same data. We build for the whole chain, including the companies with no sustainability staff.',
  },
  {
    name: 'Impact',
    icon: TrendingDown,
    text: 'Reporting is the means, not the goal. We measure ourselves by the tonnes of CO2e our customers and their suppliers actually cut.',
  },
];

const STATS = [
  { value: '50+', label: 'Partner Companies' },
  { value: '€15M', label: 'Series A' },
  { value: '95%', label: 'Data Accuracy' },
];

export const AboutPage = () => {
  usePageMeta({
    title: 'About',
    description:
      'Tidewise makes supply-chain emissions data in shipping and offshore reliable and easy to share. Our mission, our values and the team in Copenhagen, Singapore and Hamburg.',
  });
  return (
    <main id="main">
      <PageHeader
        eyebrow="About Tidewise"
        title="Making maritime supply-chain emissions measurable"
        lead="We started Tidewise after years of watching sustainability teams chase the same fuel data by email, every quarter, from the same suppliers."
      />
      <Section id="mission" eyebrow="Our mission" title="Reliable Scope 3 data for every company that keeps the sea moving">
        <div className="mt-6 grid max-w-4xl gap-4 text-lg text-muted-foreground">
          <p>
            Shipping and offshore cannot decarbonise on estimates. Operators need to know which suppliers, fuels and vessels drive their
            footprint, and suppliers need a fair way to show the progress they make.
          </p>
          <p>
            Tidewise is a neutral place where that data is requested, checked and shared once, with each organisation deciding who sees
            what. We are independent of shipping lines, fuel suppliers and classification societies, and we will stay that way.
          </p>
        </div>
      </Section>
      <Section id="values" eyebrow="Our values" title="What we hold ourselves to" className="border-y border-border bg-card/40">
        <ul className="mt-10 grid gap-6 md:grid-cols-2">
          {VALUES.map(({ name, icon: Icon, text }) => (
            <li key={name} className="rounded-xl border border-border bg-card p-6">
              <Icon className="size-7 text-primary" aria-hidden="true" />
              <h3 className="mt-4 text-xl font-semibold">{name}</h3>
              <p className="mt-2 text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="numbers" eyebrow="In numbers" title="Where we are today">
        <dl className="mt-10 grid gap-6 md:grid-cols-3">
          {STATS.map((stat) => (
            <div key={stat.label} className="flex flex-col rounded-xl border border-border bg-card p-6 text-center">
              <dt className="text-lg font-semibold">{stat.label}</dt>
              <dd className="order-first text-5xl font-bold text-primary">{stat.value}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-12 flex flex-wrap gap-3">
          <Button asChild>
            <Link to="/contact?reason=careers">Work with us</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/partners">Meet our partners</Link>
          </Button>
        </div>
      </Section>
    </main>
  );
};
