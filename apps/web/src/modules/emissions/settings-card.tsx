import { type FormEvent, useEffect, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { mutationFailure } from '../../lib/errors.ts';
import { QueryError } from '../../lib/query-state.tsx';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Label } from '../../ui/label.tsx';
import { Select } from '../../ui/select.tsx';
import { ServerAlert } from '../../ui/server-alert.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { CONSOLIDATION_LABELS, GWP_LABELS } from './emission-format.ts';
import { type ConsolidationApproach, EmissionSettingsQuery, type GwpSet, UpdateEmissionSettingsMutation } from './graphql.ts';
import { ReportSection } from './report-section.tsx';

const GWP_SETS = Object.keys(GWP_LABELS) as GwpSet[];
const APPROACHES = Object.keys(CONSOLIDATION_LABELS) as ConsolidationApproach[];

/**
 * The organisation's choices for its own Scope 3 report: the GWP set its CO2e figures use and its
 * consolidation approach (which decides, for chartered ships, what is scope 3). Changing either
 * recomputes every figure; those without `emissions:manage` see them only.
 */
export const SettingsCard = ({ canManage }: { canManage: boolean }) => {
  const [result, refetch] = useQuery({ query: EmissionSettingsQuery });
  const settings = result.data?.emissionSettings;
  const [gwpSet, setGwpSet] = useState<GwpSet | ''>('');
  const [approach, setApproach] = useState<ConsolidationApproach | ''>('');
  const [{ fetching: saving }, update] = useMutation(UpdateEmissionSettingsMutation);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (!settings) return;
    setGwpSet(settings.gwpSet);
    setApproach(settings.consolidationApproach);
  }, [settings]);

  const changed = settings && (gwpSet !== settings.gwpSet || approach !== settings.consolidationApproach);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!settings || !gwpSet || !approach) return;
    setFailure(null);
    setSaved(false);
    const res = await update({
      input: {
        ...(gwpSet !== settings.gwpSet ? { gwpSet } : {}),
        ...(approach !== settings.consolidationApproach ? { consolidationApproach: approach } : {}),
      },
    });
    const refusal = mutationFailure(res, (d) => d.updateEmissionSettings);
    if (refusal) setFailure(refusal);
    else setSaved(true);
  };

  return (
    <ReportSection
      id="settings"
      title="Settings"
      description="The GWP set your CO2e figures use and how your organisation draws its boundary. Changing either recomputes every figure of every year, which may take a few minutes."
    >
      {!settings ? (
        result.error ? (
          <QueryError error={result.error} onRetry={() => refetch({ requestPolicy: 'network-only' })} />
        ) : (
          <div className="flex flex-col gap-3" aria-busy="true">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        )
      ) : canManage ? (
        <form onSubmit={save} className="flex flex-col gap-4" aria-label="Emission settings">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="flex flex-col gap-2">
              <Label htmlFor="settings-gwp">GWP set</Label>
              <Select id="settings-gwp" value={gwpSet} onChange={(e) => setGwpSet(e.target.value as GwpSet)}>
                {GWP_SETS.map((set) => (
                  <option key={set} value={set}>
                    {GWP_LABELS[set]}
                  </option>
                ))}
              </Select>
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="settings-approach">Consolidation approach</Label>
              <Select id="settings-approach" value={approach} onChange={(e) => setApproach(e.target.value as ConsolidationApproach)}>
                {APPROACHES.map((a) => (
                  <option key={a} value={a}>
                    {CONSOLIDATION_LABELS[a]}
                  </option>
                ))}
              </Select>
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={!changed || saving}>
              {saving ? <Spinner className="text-current" label="Saving" /> : null}
              Save and recompute
            </Button>
            {saved && !changed ? (
              <p role="status" className="text-sm text-success">
                Saved. The figures are being recomputed.
              </p>
            ) : null}
          </div>
          <ServerAlert message={failure} title="The settings were not saved" />
        </form>
      ) : (
        <>
          <dl className="grid grid-cols-[minmax(0,1fr)_minmax(0,2fr)] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted-foreground">GWP set</dt>
            <dd>{GWP_LABELS[settings.gwpSet]}</dd>
            <dt className="text-muted-foreground">Consolidation approach</dt>
            <dd>{CONSOLIDATION_LABELS[settings.consolidationApproach]}</dd>
          </dl>
          <Alert>Only those who manage emissions can change these.</Alert>
        </>
      )}
    </ReportSection>
  );
};
