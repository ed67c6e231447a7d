import { ListFilter } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { useDateFormat } from '../../lib/format.ts';
import { QueryError } from '../../lib/query-state.tsx';
import { DetailList, DetailSection } from '../../ui/detail-list.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import {
  FACTOR_KIND_LABELS,
  kilograms,
  METHOD_LABELS,
  QUALITY_LABELS,
  SCOPE3_LABELS,
  tonnesText,
  VERIFICATION_LABELS,
} from './emission-format.ts';
import { type EmissionFactor, type EmissionResultDetail, EmissionResultHistoryQuery, type EntryValue } from './graphql.ts';

const entryValueText = (value: EntryValue) => {
  const raw = value.stringValue ?? value.numberValue ?? value.dateValue ?? value.booleanValue;
  if (raw === null || raw === undefined || raw === '') return '—';
  const text = typeof raw === 'boolean' ? (raw ? 'Yes' : 'No') : typeof raw === 'number' ? raw.toLocaleString('en-GB') : String(raw);
  return value.unit ? `${text} ${value.unit}` : text;
};

/** One factor as an auditor needs it: value and unit, the exact version, and where the value stands. */
export const FactorCitation = ({ factor }: { factor: EmissionFactor }) => (
  <li className="flex flex-col gap-1 rounded-md border border-border p-3 text-sm">
    <div className="flex flex-wrap items-center gap-2">
      <span className="font-medium">{FACTOR_KIND_LABELS[factor.kind] ?? factor.kind}</span>
      <StatusBadge variant={factor.builtIn ? 'secondary' : 'outline'}>{factor.builtIn ? 'Built in' : 'Your own'}</StatusBadge>
      {factor.verification === 'transcribed' ? <StatusBadge variant="outline">Transcribed</StatusBadge> : null}
    </div>
    <p>
      <span className="font-mono tabular-nums">{factor.value}</span> {factor.unit}
      {factor.fuel ? ` · ${factor.fuel}` : ''}
      {factor.activity ? ` · ${factor.activity}` : ''}
    </p>
    <p className="font-mono text-xs [overflow-wrap:anywhere]">
      {factor.key}@{factor.version}
    </p>
    <p className="text-xs text-muted-foreground">
      {factor.source.document}, {factor.source.section} ({factor.source.edition})
    </p>
    {factor.supplier ? <p className="text-xs text-muted-foreground">For {factor.supplier.name} only</p> : null}
    {factor.verification === 'transcribed' ? (
      <p className="text-xs text-muted-foreground">{VERIFICATION_LABELS.transcribed?.explanation}</p>
    ) : null}
  </li>
);

const ResultDetail = ({
  result,
  history,
  onLeave,
}: {
  result: EmissionResultDetail;
  history: readonly EmissionResultDetail[];
  onLeave: () => void;
}) => {
  const { formatDateTime } = useDateFormat();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <StatusBadge variant="secondary">{METHOD_LABELS[result.method]}</StatusBadge>
        <StatusBadge variant={result.dataQuality === 'primary' ? 'success' : 'outline'}>
          {QUALITY_LABELS[result.dataQuality]} data
        </StatusBadge>
        <span className="text-muted-foreground">GWP set {result.gwpSet}</span>
      </div>
      <DetailSection title="Emissions">
        <DetailList
          items={[
            ['CO2e well-to-wake', `${kilograms(result.co2eWtwKg)} kg (${tonnesText(result.co2eWtwKg)})`],
            ['CO2e tank-to-wake', `${kilograms(result.co2eTtwKg)} kg`],
            ['CO2 tank-to-wake', `${kilograms(result.co2TtwKg)} kg`],
            ['Activity', result.activity ?? '—'],
            ['Computed', `${formatDateTime(result.computedAt)}, run ${result.runId}`],
          ]}
        />
      </DetailSection>
      <DetailSection title="Scope 3 rule">
        <DetailList
          items={[
            ['Placed in', SCOPE3_LABELS[result.scope3Category]],
            [
              'Rule',
              <span key="rule" className="font-mono text-xs">
                {result.ruleId}
              </span>,
            ],
            ['Why', result.ruleReason],
          ]}
        />
      </DetailSection>
      {result.note ? (
        <DetailSection title="Note">
          <p className="text-sm">{result.note}</p>
        </DetailSection>
      ) : null}
      <DetailSection title="Factors">
        {result.factors.length === 0 ? (
          <p className="text-sm text-muted-foreground">No factor was used.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {result.factors.map((factor) => (
              <FactorCitation key={factor.id} factor={factor} />
            ))}
          </ul>
        )}
      </DetailSection>
      <DetailSection title="The entry’s values">
        {result.entry.values.length === 0 ? (
          <p className="text-sm text-muted-foreground">No mapped values.</p>
        ) : (
          <DetailList items={result.entry.values.map((value) => [value.label, entryValueText(value)] as [string, ReactNode])} />
        )}
        <Link
          to={`/app/data-entries?file=${result.fileId}`}
          onClick={onLeave}
          className="inline-flex items-center gap-1.5 self-start text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          <ListFilter className="size-4" aria-hidden="true" />
          All entries of {result.fileName}
        </Link>
      </DetailSection>
      <DetailSection title="History">
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
        <section aria-label="History of the result" tabIndex={0} className="overflow-x-auto rounded-md border border-border">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Every result this entry has had, newest first</caption>
            <thead className="bg-muted/40 text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Computed
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Method
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  GWP
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  CO2e WtW (kg)
                </th>
              </tr>
            </thead>
            <tbody>
              {history.map((past) => (
                <tr key={past.runId} className="border-t border-border" aria-current={past.runId === result.runId ? 'true' : undefined}>
                  <td className="px-3 py-2">
                    {formatDateTime(past.computedAt)}
                    {past.runId === result.runId ? <span className="ml-2 text-xs text-muted-foreground">(shown)</span> : null}
                  </td>
                  <td className="px-3 py-2">{METHOD_LABELS[past.method]}</td>
                  <td className="px-3 py-2">{past.gwpSet}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{kilograms(past.co2eWtwKg)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </DetailSection>
    </div>
  );
};

/**
 * One entry's result in a side panel: its figures, the Scope 3 rule and why, each factor with its exact
 * version and source, the entry's values, and every earlier result kept for audit.
 */
export const ResultSheet = ({
  entryId,
  runId,
  onClose,
}: {
  entryId: string | null;
  /** The run of the row opened: that result is shown; the others are its history. */
  runId: string | null;
  onClose: () => void;
}) => {
  const [query, refetch] = useQuery({ query: EmissionResultHistoryQuery, variables: { entryId: entryId ?? '' }, pause: !entryId });
  const history = query.data?.emissionResultHistory ?? [];
  const mine = history.length > 0 && history[0]?.entryId === entryId ? history : [];
  const result = mine.find((r) => r.runId === runId) ?? mine[0];
  return (
    <Dialog open={entryId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        closeLabel="Close the result"
        className="left-auto right-0 top-0 h-dvh max-h-dvh w-full max-w-xl translate-x-0 translate-y-0 rounded-none border-y-0 border-r-0 sm:w-[36rem]"
      >
        <DialogHeader>
          <DialogTitle className="[overflow-wrap:anywhere]">
            {result ? `${result.fileName}, row ${result.rowNumber}` : 'Emission result'}
          </DialogTitle>
          <DialogDescription>
            {result ? `${SCOPE3_LABELS[result.scope3Category]}` : query.error ? 'It could not be loaded.' : 'Loading the result…'}
          </DialogDescription>
        </DialogHeader>
        {result ? (
          <ResultDetail result={result} history={mine} onLeave={onClose} />
        ) : query.error ? (
          <QueryError error={query.error} onRetry={() => refetch({ requestPolicy: 'network-only' })} />
        ) : query.data ? (
          <p className="text-sm text-muted-foreground">This entry has no result.</p>
        ) : (
          <div className="flex flex-col gap-3" aria-busy="true">
            <Skeleton className="h-5 w-48" />
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
};
