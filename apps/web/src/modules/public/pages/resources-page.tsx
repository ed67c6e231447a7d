import { Download, FileText } from 'lucide-react';
import { Link } from 'react-router';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { formatNumber, useDateFormat } from '../../../lib/format.ts';
import { PageHeader, Section } from '../components/section.tsx';
import { CASE_STUDIES } from '../data/case-studies.ts';
import { RESEARCH } from '../data/research.ts';
import { TOOLS } from '../data/tools.ts';
import type { ResearchItem, Tool, ToolAccess, Webinar } from '../data/types.ts';
import { WEBINARS } from '../data/webinars.ts';

const ACCESS_BADGE: Record<ToolAccess, { variant: 'outline' | 'secondary' | 'default'; className?: string }> = {
  Free: { variant: 'outline', className: 'border-success/60 text-success' },
  'Open Source': { variant: 'secondary' },
  Premium: { variant: 'default' },
};

const fileLabel = (file: string) => (file.endsWith('.csv') ? 'CSV' : 'PDF');

const ResearchMeta = ({ item }: { item: ResearchItem }) => {
  const { formatDate } = useDateFormat('long');
  return (
    <p className="text-sm text-muted-foreground">
      {item.category} · <time dateTime={item.date}>{formatDate(item.date)}</time> · {item.pages} pages · {formatNumber(item.downloadCount)}{' '}
      downloads
    </p>
  );
};

const DownloadButton = ({ file, title, variant }: { file: string; title: string; variant?: 'default' | 'outline' }) => (
  <Button asChild variant={variant ?? 'default'}>
    <a href={file} download>
      <Download aria-hidden="true" />
      Download<span className="sr-only"> {title}</span> ({fileLabel(file)})
    </a>
  </Button>
);

const ToolCard = ({ tool }: { tool: Tool }) => (
  <li className="flex flex-col rounded-xl border border-border bg-card p-6">
    <div className="flex items-center justify-between gap-3">
      <span className="text-sm text-muted-foreground">{tool.type}</span>
      <Badge {...ACCESS_BADGE[tool.access]}>{tool.access}</Badge>
    </div>
    <h3 className="mt-3 text-lg font-semibold">{tool.title}</h3>
    <p className="mt-2 flex-1 text-muted-foreground">{tool.description}</p>
    <div className="mt-5">
      {tool.file ? (
        <DownloadButton file={tool.file} title={tool.title} variant="outline" />
      ) : (
        <Button asChild variant="outline">
          <Link to="/contact?reason=demo">
            Request access<span className="sr-only"> to {tool.title}</span>
          </Link>
        </Button>
      )}
    </div>
  </li>
);

const WebinarCard = ({ webinar }: { webinar: Webinar }) => {
  const { formatDateTime } = useDateFormat('long');
  const upcoming = webinar.status === 'upcoming';
  const noteId = `webinar-${webinar.id}-note`;
  return (
    <li className="flex flex-col rounded-xl border border-border bg-card p-6" data-testid="webinar">
      <Badge variant={upcoming ? 'default' : 'secondary'} className="self-start">
        {upcoming ? 'Upcoming' : 'Available'}
      </Badge>
      <h3 className="mt-3 text-lg font-semibold">{webinar.title}</h3>
      <p className="mt-2 text-sm text-muted-foreground">
        <time dateTime={webinar.date}>{formatDateTime(webinar.date)}</time> · {webinar.duration} ·{' '}
        {upcoming ? `${formatNumber(webinar.attendees)} registered` : `${formatNumber(webinar.attendees)}+ attended`}
      </p>
      <p className="mt-2 flex-1 text-sm">With {webinar.speakers.join(' and ')}</p>
      <div className="mt-5 flex flex-wrap items-center gap-3">
        {upcoming ? (
          <Button asChild>
            <Link to={`/contact?reason=demo&webinar=${encodeURIComponent(webinar.id)}`}>
              Register<span className="sr-only"> for {webinar.title}</span>
            </Link>
          </Button>
        ) : (
          <>
            <Button disabled aria-describedby={noteId}>
              Watch<span className="sr-only"> {webinar.title}</span>
            </Button>
            {webinar.slides ? <DownloadButton file={webinar.slides} title={`slides of ${webinar.title}`} variant="outline" /> : null}
            <p id={noteId} className="w-full text-sm text-muted-foreground">
              The recording is not available yet; the slides are.
            </p>
          </>
        )}
      </div>
    </li>
  );
};

export const ResourcesPage = () => {
  usePageMeta({
    title: 'Resources',
    description:
      'Research, case studies, templates, emission factor datasets and webinars on Scope 3 emissions data in shipping, offshore, ports and yards.',
  });
  const featured = RESEARCH.filter((item) => item.featured);
  const others = RESEARCH.filter((item) => !item.featured);
  return (
    <main id="main">
      <PageHeader
        eyebrow="Research hub"
        title="Resources for maritime Scope 3 reporting"
        lead="Our research, what customers have achieved, templates and datasets you can use today, and sessions with the people who build Tidewise."
      />
      <Section id="research" eyebrow="Featured research" title="Reports and guides">
        {featured.map((item) => (
          <article
            key={item.id}
            className="mt-10 grid gap-6 rounded-xl border border-primary/40 bg-card p-6 md:grid-cols-[auto_1fr] md:p-8"
          >
            <FileText className="size-12 text-primary" aria-hidden="true" />
            <div>
              <Badge>Featured</Badge>
              <h3 className="mt-3 text-2xl font-semibold">{item.title}</h3>
              <ResearchMeta item={item} />
              <p className="mt-3 max-w-3xl text-muted-foreground">{item.description}</p>
              <div className="mt-5">
                <DownloadButton file={item.file} title={item.title} />
              </div>
            </div>
          </article>
        ))}
        <ul className="mt-6 grid gap-6 md:grid-cols-2">
          {others.map((item) => (
            <li key={item.id} className="flex flex-col rounded-xl border border-border bg-card p-6">
              <h3 className="text-lg font-semibold">{item.title}</h3>
              <ResearchMeta item={item} />
              <p className="mt-3 flex-1 text-muted-foreground">{item.description}</p>
              <div className="mt-5">
                <DownloadButton file={item.file} title={item.title} variant="outline" />
              </div>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="case-studies" eyebrow="Case studies" title="What customers have changed" className="border-y border-border bg-card/40">
        <ul className="mt-10 grid gap-6 lg:grid-cols-3">
          {CASE_STUDIES.map((study) => (
            <li key={study.title} className="flex flex-col rounded-xl border border-border bg-card p-6">
              <p className="text-sm font-semibold text-primary">{study.industry}</p>
              <h3 className="mt-2 text-lg font-semibold">{study.title}</h3>
              <p className="mt-2 flex-1 text-muted-foreground">{study.description}</p>
              <dl className="mt-5 grid gap-3 border-t border-border pt-4 text-sm">
                <div>
                  <dt className="text-muted-foreground">Impact</dt>
                  <dd className="font-semibold">{study.impact}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Timeline</dt>
                  <dd className="font-semibold">{study.timeline}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="tools" eyebrow="Tools and datasets" title="Templates and data you can use today">
        <ul className="mt-10 grid gap-6 lg:grid-cols-3">
          {TOOLS.map((tool) => (
            <ToolCard key={tool.title} tool={tool} />
          ))}
        </ul>
      </Section>
      <Section id="webinars" eyebrow="Webinars" title="Learn from practitioners" className="border-t border-border bg-card/40">
        <ul className="mt-10 grid gap-6 lg:grid-cols-3">
          {WEBINARS.map((webinar) => (
            <WebinarCard key={webinar.id} webinar={webinar} />
          ))}
        </ul>
      </Section>
    </main>
  );
};
