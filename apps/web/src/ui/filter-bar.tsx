import { Filter } from 'lucide-react';
import type { ReactNode, SyntheticEvent } from 'react';
import { Button } from './button.tsx';
import { FormField } from './form-field.tsx';
import { Input } from './input.tsx';

/**
 * A list's filter form: its fields, then Apply and Reset, and the form's error under them. Filters
 * apply on submit, so a list is queried once per change of mind rather than once per key.
 */
export const FilterBar = ({
  label,
  onApply,
  onReset,
  error,
  errorId,
  children,
}: {
  label: string;
  onApply: (event: SyntheticEvent<HTMLFormElement>) => void;
  onReset: () => void;
  error?: string | null;
  /** The id the fields point at with aria-describedby while there is an error. */
  errorId: string;
  children: ReactNode;
}) => (
  <form onSubmit={onApply} className="flex flex-col gap-4 rounded-xl border border-border bg-card p-4" aria-label={label} noValidate>
    <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-6">
      {children}
      <div className="flex items-end gap-2 md:col-span-2 lg:col-span-2">
        <Button type="submit">
          <Filter aria-hidden="true" />
          Apply filters
        </Button>
        <Button variant="outline" onClick={onReset}>
          Reset
        </Button>
      </div>
    </div>
    {error ? (
      <p id={errorId} role="alert" className="text-sm text-destructive">
        {error}
      </p>
    ) : null}
  </form>
);

/** "From" and "To" day fields of a filter; the days are read in the zone the list shows its dates in. */
export const DateRangeFields = ({
  idPrefix,
  from,
  to,
  onFromChange,
  onToChange,
  error,
  errorId,
}: {
  idPrefix: string;
  from: string;
  to: string;
  onFromChange: (event: { target: { value: string } }) => void;
  onToChange: (event: { target: { value: string } }) => void;
  error?: string | null;
  errorId: string;
}) => (
  <>
    <FormField id={`${idPrefix}-from`} label="From" className="flex min-w-0 flex-col gap-2 lg:col-span-2">
      <Input
        id={`${idPrefix}-from`}
        type="date"
        value={from}
        onChange={onFromChange}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={error ? errorId : undefined}
      />
    </FormField>
    <FormField id={`${idPrefix}-to`} label="To" className="flex min-w-0 flex-col gap-2 lg:col-span-2">
      <Input
        id={`${idPrefix}-to`}
        type="date"
        value={to}
        onChange={onToChange}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={error ? errorId : undefined}
      />
    </FormField>
  </>
);
