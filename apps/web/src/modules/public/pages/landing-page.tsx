import { Link } from 'react-router';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { Button } from '../../../ui/button.tsx';

export const LandingPage = () => {
  usePageMeta({
    title: 'Tidewise',
    description: 'Scope 3 data sharing for shipping companies, offshore operators, ports, yards and their suppliers.',
  });
  return (
    <main id="main">
      <section className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-20 md:px-6 md:py-28 lg:px-8">
        <p className="text-sm font-semibold uppercase tracking-widest text-primary">Maritime and offshore Scope 3</p>
        <h1 className="max-w-3xl text-4xl font-bold tracking-tight md:text-5xl lg:text-6xl">
          Efficient, neutral and trusted data sharing across your supply chain
        </h1>
        <p className="max-w-2xl text-lg text-muted-foreground">
          70-85% of a shipping company's emissions occur in its supply chain. Tidewise collects your suppliers' data, validates every row
          and turns it into auditable Scope 3 figures.
        </p>
        <div className="flex flex-wrap gap-3">
          <Button asChild size="lg">
            <Link to="/contact">Book a demo</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/auth/login">Sign in</Link>
          </Button>
        </div>
      </section>
    </main>
  );
};
