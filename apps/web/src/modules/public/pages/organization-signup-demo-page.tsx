import { Info } from 'lucide-react';
import { Link } from 'react-router';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { Alert, AlertDescription, AlertTitle } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { PageHeader, Section } from '../components/section.tsx';

const STEPS = [
  { title: 'Create the organisation', text: 'Organisation name and the administrator’s name, email and password.' },
  { title: 'Add company details', text: 'Industry and company size, with website, registration number and description if you like.' },
  { title: 'Set up two-factor authentication', text: 'Choose an authenticator app or email codes for the administrator.' },
  { title: 'Welcome', text: 'A summary of what you entered and the way into the dashboard.' },
];

export const OrganizationSignupDemoPage = () => {
  usePageMeta({
    title: 'Organisation sign-up demo',
    description:
      'Walk through the four steps of creating a Tidewise organisation account. This is a demo: no real organisation is created.',
  });
  return (
    <main id="main">
      <PageHeader
        eyebrow="Demo"
        title="See how an organisation signs up"
        lead="Walk through the four steps an organisation administrator takes to open a Tidewise account."
      />
      <Section id="demo" title="What you will go through">
        <Alert className="mt-8 max-w-3xl">
          <div className="flex gap-3">
            <Info className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <div>
              <AlertTitle>This is a demo</AlertTitle>
              <AlertDescription>
                <p>
                  No real organisation is created and nothing you enter is sent to our servers. Your answers stay in this browser tab until
                  you close it. To open a real account,{' '}
                  <Link to="/contact?reason=demo" className="font-semibold text-primary underline underline-offset-4">
                    talk to us
                  </Link>
                  .
                </p>
              </AlertDescription>
            </div>
          </div>
        </Alert>
        <ol className="mt-10 grid max-w-3xl gap-4">
          {STEPS.map((step, index) => (
            <li key={step.title} className="flex gap-4 rounded-xl border border-border bg-card p-5">
              <span
                aria-hidden="true"
                className="grid size-9 shrink-0 place-items-center rounded-full bg-secondary font-semibold text-secondary-foreground"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold">
                  <span className="sr-only">Step {index + 1}: </span>
                  {step.title}
                </h3>
                <p className="mt-1 text-muted-foreground">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <div className="mt-10">
          <Button asChild size="lg">
            <Link to="/auth/organization-signup">Start the sign-up demo</Link>
          </Button>
        </div>
      </Section>
    </main>
  );
};
