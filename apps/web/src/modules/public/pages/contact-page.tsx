import { Clock, Mail, MapPin } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { ContactForm, isContactReason } from '../components/contact-form.tsx';
import { useDateFormat } from '../../../lib/format.ts';
import { PageHeader, Section } from '../components/section.tsx';
import { BUSINESS_HOURS, OFFICES, RESPONSE_TIME } from '../data/offices.ts';
import { WEBINARS } from '../data/webinars.ts';

/** A webinar Register button links here with ?webinar=<id>; the message then names the session. */
const webinarMessage = (id: string | null, formatDateTime: (value: string) => string) => {
  const webinar = WEBINARS.find((w) => w.id === id && w.status === 'upcoming');
  return webinar ? `Please register me for the webinar “${webinar.title}” on ${formatDateTime(webinar.date)}.` : '';
};

export const ContactPage = () => {
  usePageMeta({
    title: 'Contact',
    description:
      'Book a demo, discuss a partnership or ask for support. Tidewise offices in Copenhagen, Singapore and Hamburg; we answer within 24 hours on business days.',
  });
  const [params] = useSearchParams();
  const { formatDateTime } = useDateFormat('long');
  const reason = params.get('reason');
  const webinar = params.get('webinar');

  return (
    <main id="main">
      <PageHeader
        eyebrow="Contact"
        title="Talk to the Tidewise team"
        lead="Tell us what you are working on: a first Scope 3 inventory, a supplier programme, a partnership or a question about your account."
      />
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-12 md:px-6 md:py-16 lg:grid-cols-[1.4fr_1fr] lg:px-8">
        <section aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className="text-2xl font-bold tracking-tight">
            Send us a message
          </h2>
          <div className="mt-6">
            <ContactForm
              initialReason={isContactReason(reason) ? reason : undefined}
              initialMessage={webinarMessage(webinar, formatDateTime)}
            />
          </div>
        </section>
        <aside aria-labelledby="contact-hours-title" className="grid content-start gap-6">
          <div className="rounded-xl border border-border bg-card p-6">
            <h2 id="contact-hours-title" className="flex items-center gap-2 text-lg font-semibold">
              <Clock className="size-5 text-primary" aria-hidden="true" />
              Business hours
            </h2>
            <p className="mt-2">{BUSINESS_HOURS}</p>
            <p className="mt-1 text-muted-foreground">{RESPONSE_TIME}</p>
          </div>
        </aside>
      </div>
      <Section id="offices" eyebrow="Offices" title="Where to find us" className="border-t border-border bg-card/40">
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {OFFICES.map((office) => (
            <li key={office.city} className="rounded-xl border border-border bg-card p-6">
              <h3 className="flex items-center gap-2 text-lg font-semibold">
                <MapPin className="size-5 text-primary" aria-hidden="true" />
                {office.city}
              </h3>
              <p className="text-sm font-semibold text-primary">{office.role}</p>
              <address className="mt-3 not-italic text-muted-foreground">
                {office.address.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
              <a
                href={`mailto:${office.email}`}
                className="mt-3 inline-flex items-center gap-2 text-primary underline-offset-4 hover:underline"
              >
                <Mail className="size-4" aria-hidden="true" />
                {office.email}
              </a>
            </li>
          ))}
        </ul>
      </Section>
    </main>
  );
};
