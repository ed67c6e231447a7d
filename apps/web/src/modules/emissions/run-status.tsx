import { RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useSubscription } from 'urql';
import { mutationFailure } from '../../lib/errors.ts';
import { formatNumber, useDateFormat } from '../../lib/format.ts';
import { Button } from '../../ui/button.tsx';
import { ProgressBar } from '../../ui/progress-bar.tsx';
import { ServerAlert } from '../../ui/server-alert.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { RUN_REASON_LABELS } from './emission-format.ts';
import { type EmissionRun, EmissionRunUpdatedSubscription, EmissionSettingsQuery, RecomputeEmissionsMutation } from './graphql.ts';

const isUnderWay = (run: EmissionRun | null | undefined) => run?.status === 'queued' || run?.status === 'running';

/** The newer of two runs: a later run, or the later report of the same run (the live one). */
export const newestRun = (known: EmissionRun | null | undefined, live: EmissionRun | null | undefined): EmissionRun | null => {
  if (!live) return known ?? null;
  if (!known) return live;
  if (known.id === live.id) return live;
  return Date.parse(live.createdAt) >= Date.parse(known.createdAt) ? live : known;
};

const latestLive = (_previous: EmissionRun | undefined, data: { emissionRunUpdated: EmissionRun }) => data.emissionRunUpdated;

/**
 * Which run the figures come from (when, with which GWP set and factor library), a run under way with its
 * progress as `emissionRunUpdated` reports it, a failed last run, and "Recompute" for those who may. When
 * a run under way completes, `onCompleted` reads the figures again.
 */
export const RunStatus = ({
  figuresRun,
  canManage,
  onCompleted,
}: {
  /** The run the report's figures come from; null when nothing was computed yet. */
  figuresRun: EmissionRun | null | undefined;
  canManage: boolean;
  onCompleted: () => void;
}) => {
  const { formatDateTime } = useDateFormat();
  const [settings, refetchSettings] = useQuery({ query: EmissionSettingsQuery });
  const [{ data: live }] = useSubscription({ query: EmissionRunUpdatedSubscription }, latestLive);
  const [started, setStarted] = useState<EmissionRun | null>(null);
  const [{ fetching: starting }, recompute] = useMutation(RecomputeEmissionsMutation);
  const [failure, setFailure] = useState<string | null>(null);

  const latest = newestRun(newestRun(settings.data?.emissionSettings.latestRun, started), live);
  const underWay = isUnderWay(latest);

  // A run this screen saw under way that has now completed: the figures it made are ready to read.
  const watching = useRef<string | null>(null);
  useEffect(() => {
    if (!latest) return;
    if (isUnderWay(latest)) watching.current = latest.id;
    else if (watching.current === latest.id) {
      watching.current = null;
      if (latest.status === 'completed') {
        onCompleted();
        refetchSettings({ requestPolicy: 'network-only' });
      }
    }
  }, [latest, onCompleted, refetchSettings]);

  const start = async () => {
    setFailure(null);
    const result = await recompute({});
    const refusal = mutationFailure(result, (d) => d.recomputeEmissions);
    if (refusal || !result.data) setFailure(refusal ?? 'The recomputation could not be started.');
    else setStarted(result.data.recomputeEmissions);
  };

  const done = latest?.entriesDone ?? 0;
  const total = latest?.entriesTotal ?? 0;
  return (
    <section aria-label="Computation" className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1 text-sm">
          {figuresRun ? (
            <p>
              <span className="font-medium">Last computed {formatDateTime(figuresRun.finishedAt ?? figuresRun.createdAt)}</span>{' '}
              <span className="text-muted-foreground">
                with the {figuresRun.gwpSet} GWP set and factor library {figuresRun.libraryVersion} (
                {RUN_REASON_LABELS[figuresRun.reason] ?? figuresRun.reason}).
              </span>
            </p>
          ) : (
            <p className="font-medium">Nothing computed yet.</p>
          )}
          {figuresRun ? (
            <p className="text-xs text-muted-foreground">
              {formatNumber(figuresRun.entriesComputed)} of {formatNumber(figuresRun.entriesTotal)} entries computed · run{' '}
              <span className="font-mono">{figuresRun.id}</span>
            </p>
          ) : null}
        </div>
        {canManage ? (
          <Button variant="outline" onClick={start} disabled={starting || underWay} aria-busy={starting}>
            {starting ? <Spinner label="Starting" /> : <RefreshCw aria-hidden="true" />}
            Recompute
          </Button>
        ) : null}
      </div>
      {latest && underWay ? (
        <div className="flex flex-col gap-1.5">
          <ProgressBar
            label="Recomputing the emissions"
            value={total > 0 ? (done / total) * 100 : 0}
            indeterminate={latest.status === 'queued' || total === 0}
            valueText={`${formatNumber(done)} of ${formatNumber(total)} entries`}
          />
          <p className="text-xs text-muted-foreground" role="status">
            {latest.status === 'queued'
              ? 'The recomputation is waiting for its turn.'
              : `Recomputing: ${formatNumber(done)} of ${formatNumber(total)} entries. The figures below stay as they are until it completes.`}
          </p>
        </div>
      ) : null}
      {latest?.status === 'failed' && latest.id !== figuresRun?.id ? (
        <ServerAlert
          title="The last recomputation failed"
          message={`${latest.error ?? 'It stopped before the end.'} The figures shown are from the last completed run.`}
        />
      ) : null}
      <ServerAlert message={failure} title="Recompute failed" />
    </section>
  );
};
