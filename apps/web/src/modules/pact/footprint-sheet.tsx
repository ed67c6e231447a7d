import { useQuery } from 'urql';
import { useDateFormat } from '../../lib/format.ts';
import { QueryError } from '../../lib/query-state.tsx';
import { Button } from '../../ui/button.tsx';
import { CopyButton } from '../../ui/copy-button.tsx';
import { DetailList, DetailSection } from '../../ui/detail-list.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { PactFootprintQuery } from './graphql.ts';
import { FOOTPRINT_STATUS, formatShare, precedingIds, prettyDocument } from './pact-format.ts';

const SHEET =
  'left-auto right-0 top-0 h-dvh max-h-dvh w-full max-w-2xl translate-x-0 translate-y-0 rounded-none border-y-0 border-r-0 sm:w-[42rem]';

/**
 * One published footprint: its figures, the ProductFootprint exactly as GET /2/footprints/{id} serves it (with a copy
 * button), and the versions it replaces, each of which opens here in turn.
 */
export const FootprintSheet = ({ id, onOpen, onClose }: { id: string | null; onOpen: (id: string) => void; onClose: () => void }) => (
  <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()}>
    <DialogContent closeLabel="Close the footprint" className={SHEET}>
      {id ? (
        <FootprintDetail id={id} onOpen={onOpen} />
      ) : (
        <DialogHeader>
          <DialogTitle>Footprint</DialogTitle>
        </DialogHeader>
      )}
    </DialogContent>
  </Dialog>
);

const FootprintDetail = ({ id, onOpen }: { id: string; onOpen: (id: string) => void }) => {
  const { formatDate, formatDateTime } = useDateFormat();
  const [result, refetch] = useQuery({ query: PactFootprintQuery, variables: { id } });
  const footprint = result.data?.pactFootprint;
  if (!footprint) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>Footprint</DialogTitle>
          <DialogDescription>{result.error ? 'The footprint could not be loaded.' : 'Loading the footprint.'}</DialogDescription>
        </DialogHeader>
        {result.error ? (
          <QueryError error={result.error} onRetry={() => refetch({ requestPolicy: 'network-only' })} />
        ) : (
          <div className="flex flex-col gap-3" aria-busy="true">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-40 w-full" />
          </div>
        )}
      </>
    );
  }
  const document = prettyDocument(footprint.document);
  const earlier = precedingIds(footprint.document);
  return (
    <>
      <DialogHeader>
        <DialogTitle>
          {footprint.productName}, version {footprint.version}
        </DialogTitle>
        <DialogDescription className="font-mono text-xs [overflow-wrap:anywhere]">{footprint.id}</DialogDescription>
      </DialogHeader>
      <div className="flex flex-wrap gap-2">
        <StatusBadge variant={FOOTPRINT_STATUS[footprint.status].variant}>{FOOTPRINT_STATUS[footprint.status].label}</StatusBadge>
      </div>
      <DetailSection title="Figures">
        <DetailList
          items={[
            [
              'kg CO2e per declared unit',
              <span key="pcf" className="font-mono tabular-nums">
                {footprint.pcfExcludingBiogenic}
              </span>,
            ],
            ['Declared unit', footprint.declaredUnit],
            ['Primary data share', formatShare(footprint.primaryDataShare)],
            ['Reference period', `${formatDate(footprint.referencePeriodStart)} – ${formatDate(footprint.referencePeriodEnd)}`],
            [
              'Product key',
              <span key="key" className="font-mono text-xs">
                {footprint.productKey}
              </span>,
            ],
            ['Created', formatDateTime(footprint.created)],
            ['Updated', footprint.updated ? formatDateTime(footprint.updated) : '—'],
          ]}
        />
      </DetailSection>
      <DetailSection title="Earlier versions">
        {earlier.length === 0 ? (
          <p className="text-sm text-muted-foreground">None: this is the first version.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {earlier.map((earlierId) => (
              <PrecedingVersion key={earlierId} id={earlierId} onOpen={onOpen} />
            ))}
          </ul>
        )}
      </DetailSection>
      <section className="flex min-w-0 flex-col gap-2" aria-labelledby="footprint-document">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="footprint-document" className="text-sm font-semibold">
            Document as served
          </h3>
          <CopyButton text={footprint.document} label="Copy the document" />
        </div>
        <section
          aria-label="The ProductFootprint as JSON"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          tabIndex={0}
          className="max-h-[28rem] overflow-auto rounded-lg border border-border bg-muted/40 p-3 focus-visible:outline-2 focus-visible:outline-ring"
        >
          <pre className="font-mono text-xs leading-relaxed">{document}</pre>
        </section>
      </section>
    </>
  );
};

/** One earlier version, read by its id: version, figure and status, and a button that opens it. */
const PrecedingVersion = ({ id, onOpen }: { id: string; onOpen: (id: string) => void }) => {
  const { formatDateTime } = useDateFormat();
  const [{ data, error }] = useQuery({ query: PactFootprintQuery, variables: { id } });
  const footprint = data?.pactFootprint;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3 text-sm">
      {footprint ? (
        <span className="flex min-w-0 flex-col">
          <span className="font-medium">Version {footprint.version}</span>
          <span className="text-muted-foreground">
            <span className="font-mono tabular-nums">{footprint.pcfExcludingBiogenic}</span> kg CO2e per {footprint.declaredUnit} ·{' '}
            {FOOTPRINT_STATUS[footprint.status].label} · created {formatDateTime(footprint.created)}
          </span>
        </span>
      ) : (
        <span className="font-mono text-xs [overflow-wrap:anywhere]">{error ? `${id} (could not be loaded)` : id}</span>
      )}
      <Button
        variant="outline"
        size="sm"
        onClick={() => onOpen(id)}
        aria-label={footprint ? `Open version ${footprint.version}` : `Open ${id}`}
      >
        Open
      </Button>
    </li>
  );
};
