import { CheckCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useMutation } from 'urql';
import { mutationFailure } from '../../lib/errors.ts';
import { Button } from '../../ui/button.tsx';
import { Label } from '../../ui/label.tsx';
import { Select } from '../../ui/select.tsx';
import { ServerAlert } from '../../ui/server-alert.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { countOf, formatPercent } from './format.ts';
import { BulkAcceptColumnSuggestionsMutation, type ColumnAnalysis, type FileMapping } from './graphql.ts';
import { openSuggestionsAbove } from './mapping-logic.ts';

export const THRESHOLDS = [0.95, 0.9, 0.8, 0.7, 0.6, 0.5] as const;
export const DEFAULT_THRESHOLD = 0.8;

/**
 * "Accept all above 80%": every open suggestion at or above the chosen confidence becomes a mapping
 * in one call. The button counts what it would take; a suggestion already decided is left alone.
 */
export const BulkAccept = ({
  fileId,
  columns,
  mappings,
  disabled = false,
  onDone,
}: {
  fileId: string;
  columns: readonly ColumnAnalysis[];
  mappings: readonly FileMapping[];
  disabled?: boolean;
  /** After the call: what happened, in a sentence, or null when it failed (the failure shows here). */
  onDone: (message: string | null) => void;
}) => {
  const id = useId();
  const [threshold, setThreshold] = useState<number>(DEFAULT_THRESHOLD);
  const [failure, setFailure] = useState<string | null>(null);
  const [{ fetching }, bulkAccept] = useMutation(BulkAcceptColumnSuggestionsMutation);
  const open = openSuggestionsAbove(columns, mappings, threshold);

  const accept = async () => {
    setFailure(null);
    const result = await bulkAccept({ input: { fileId, minConfidence: threshold } });
    const problem = mutationFailure(result, (d) => d.bulkAcceptColumnSuggestions);
    setFailure(problem);
    if (problem) {
      onDone(null);
      return;
    }
    const before = new Set(columns.filter((c) => c.isAccepted).map((c) => c.id));
    const accepted = (result.data?.bulkAcceptColumnSuggestions ?? []).filter((c) => c.isAccepted && !before.has(c.id)).length;
    onDone(
      accepted === 0
        ? `No suggestion at or above ${formatPercent(threshold)} was left to accept.`
        : `Accepted ${countOf(accepted, 'suggestion')} at or above ${formatPercent(threshold)}.`,
    );
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-threshold`}>Lowest confidence to accept</Label>
          <Select
            id={`${id}-threshold`}
            className="sm:w-40"
            value={String(threshold)}
            onChange={(e) => setThreshold(Number(e.target.value))}
            disabled={disabled}
          >
            {THRESHOLDS.map((t) => (
              <option key={t} value={String(t)}>
                {formatPercent(t)}
              </option>
            ))}
          </Select>
        </div>
        <Button onClick={accept} disabled={disabled || fetching || open.length === 0}>
          {fetching ? <Spinner className="text-current" label="Accepting" /> : <CheckCheck aria-hidden="true" />}
          Accept all above {formatPercent(threshold)} <span className="font-normal">({open.length})</span>
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        {open.length === 0
          ? `No open suggestion is at or above ${formatPercent(threshold)}.`
          : `${countOf(open.length, 'open suggestion')} at or above ${formatPercent(threshold)}: ${open.map((c) => c.sourceColumn).join(', ')}.`}
      </p>
      <ServerAlert message={failure} />
    </div>
  );
};
