import { type FormEvent, useId, useState } from 'react';
import { useMutation } from 'urql';
import { mutationFailure } from '../../lib/errors.ts';
import { formatNumber } from '../../lib/format.ts';
import { Button } from '../../ui/button.tsx';
import { Input } from '../../ui/input.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { type PactReceivedFootprint, SetPactFootprintQuantityMutation } from './graphql.ts';
import { parseQuantity } from './pact-format.ts';

const shown = (quantity: number | null) => (quantity === null ? '' : String(quantity));

/**
 * The quantity of declared units bought in the reference period, edited in its row and saved on its own (Enter or
 * Save). Emptied, it is cleared: the footprint then makes no entry. The outcome is announced in the row.
 */
export const QuantityCell = ({ footprint, canManage }: { footprint: PactReceivedFootprint; canManage: boolean }) => {
  const id = useId();
  const [text, setText] = useState(shown(footprint.quantity));
  const [saved, setSaved] = useState(footprint.quantity);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  // The list is read again after a save (and after a sync): a quantity the server now holds replaces the field, and
  // the row's outcome stays announced when it is the quantity just saved.
  const [listed, setListed] = useState(footprint.quantity);
  if (footprint.quantity !== listed) {
    setListed(footprint.quantity);
    if (footprint.quantity !== saved) {
      setSaved(footprint.quantity);
      setText(shown(footprint.quantity));
      setMessage(null);
    }
  }
  const [{ fetching }, save] = useMutation(SetPactFootprintQuantityMutation);

  if (!canManage) {
    return footprint.quantity === null ? (
      <span className="text-muted-foreground">Not stated</span>
    ) : (
      <span className="tabular-nums">
        {formatNumber(footprint.quantity)} {footprint.declaredUnit}
      </span>
    );
  }

  const parsed = parseQuantity(text);
  const changed = 'value' in parsed ? parsed.value !== saved : text.trim() !== shown(saved);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if ('error' in parsed) {
      setMessage({ kind: 'error', text: parsed.error });
      return;
    }
    setMessage(null);
    const result = await save({ input: { connectionId: footprint.connection.id, footprintId: footprint.id, quantity: parsed.value } });
    const failure = mutationFailure(result, (d) => d.setPactFootprintQuantity);
    if (failure || !result.data) {
      setMessage({ kind: 'error', text: failure ?? 'The quantity could not be saved.' });
      return;
    }
    const stored = result.data.setPactFootprintQuantity.quantity;
    setSaved(stored);
    setText(shown(stored));
    setMessage({ kind: 'ok', text: stored === null ? 'Cleared: no entry.' : 'Saved.' });
  };

  return (
    <form onSubmit={submit} className="flex min-w-44 flex-col gap-1" noValidate>
      <div className="flex items-center gap-2">
        <label htmlFor={`${id}-quantity`} className="sr-only">
          {`Quantity of ${footprint.declaredUnit} bought of ${footprint.productName}`}
        </label>
        <Input
          id={`${id}-quantity`}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setMessage(null);
          }}
          inputMode="decimal"
          autoComplete="off"
          placeholder="Not stated"
          aria-invalid={message?.kind === 'error' || undefined}
          aria-describedby={`${id}-message`}
          className="h-9 w-28"
        />
        <Button
          type="submit"
          size="sm"
          variant="outline"
          disabled={!changed || fetching}
          aria-label={`Save the quantity of ${footprint.productName}`}
        >
          {fetching ? <Spinner className="text-current" label="Saving" /> : null}
          Save
        </Button>
      </div>
      <span id={`${id}-message`} role="status" className={message?.kind === 'error' ? 'text-xs text-destructive' : 'text-xs text-success'}>
        {message?.text ?? ''}
      </span>
    </form>
  );
};
