import { Check, ListChecks } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog.tsx';
import { Input } from '../../ui/input.tsx';
import { Label } from '../../ui/label.tsx';
import { ServerAlert } from '../../ui/server-alert.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { unitText } from './format.ts';
import type { FieldDefinition } from './graphql.ts';
import { normalizeLabel } from './mapping-logic.ts';

const GROUPS = [
  { requirement: 'required', title: 'Required fields', hint: 'Every row needs these.' },
  { requirement: 'recommended', title: 'Recommended fields', hint: 'Make the figures more useful.' },
  { requirement: 'optional', title: 'Optional fields', hint: undefined },
] as const;

const TYPE_WORDS: Record<FieldDefinition['dataType'], string> = {
  string: 'Text',
  number: 'Number',
  integer: 'Whole number',
  date: 'Date',
  boolean: 'Yes / no',
  enum: 'One of a list',
};

const matches = (field: FieldDefinition, query: string) => {
  if (!query) return true;
  const wanted = normalizeLabel(query);
  return [field.label, field.description, field.key].some((text) => normalizeLabel(text).includes(wanted));
};

/**
 * Maps a column by hand: every field of the category, grouped required / recommended / optional with
 * its description, a filter box, and "Not mapped" to take the mapping away. A field another column
 * holds says so (choosing it moves it here).
 */
export const FieldPicker = ({
  columnName,
  fields,
  current,
  takenBy,
  disabled = false,
  onChoose,
}: {
  columnName: string;
  fields: readonly FieldDefinition[];
  /** The field the column is mapped to now. */
  current: string | null;
  /** Field key → the other column mapped to it. */
  takenBy: ReadonlyMap<string, string>;
  disabled?: boolean;
  /** null: not mapped. Answers the failure to show, or null. */
  onChoose: (fieldKey: string | null) => Promise<string | null>;
}) => {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} disabled={disabled} aria-label={`Choose a field for ${columnName}`}>
        <ListChecks aria-hidden="true" />
        Choose a field
      </Button>
      {open ? (
        <PickerContent
          columnName={columnName}
          fields={fields}
          current={current}
          takenBy={takenBy}
          onClose={() => setOpen(false)}
          onChoose={async (key) => {
            const failure = await onChoose(key);
            if (!failure) setOpen(false);
            return failure;
          }}
        />
      ) : null}
    </Dialog>
  );
};

const PickerContent = ({
  columnName,
  fields,
  current,
  takenBy,
  onClose,
  onChoose,
}: {
  columnName: string;
  fields: readonly FieldDefinition[];
  current: string | null;
  takenBy: ReadonlyMap<string, string>;
  onClose: () => void;
  onChoose: (fieldKey: string | null) => Promise<string | null>;
}) => {
  const id = useId();
  const [query, setQuery] = useState('');
  const [pending, setPending] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const shown = fields.filter((f) => matches(f, query));

  const choose = async (key: string | null) => {
    setPending(key ?? '');
    setFailure(null);
    const answer = await onChoose(key);
    setPending(null);
    setFailure(answer);
  };

  return (
    <DialogContent className="max-w-2xl">
      <DialogHeader>
        <DialogTitle>Map “{columnName}”</DialogTitle>
        <DialogDescription>Choose the field this column holds. Each field can take one column.</DialogDescription>
      </DialogHeader>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-filter`}>Find a field</Label>
        <Input id={`${id}-filter`} type="search" value={query} onChange={(e) => setQuery(e.target.value)} autoComplete="off" />
      </div>
      <ServerAlert message={failure} />
      {current ? (
        <Button variant="outline" className="self-start" onClick={() => choose(null)} disabled={pending !== null}>
          {pending === '' ? <Spinner className="text-current" label="Removing the mapping" /> : null}
          Not mapped
        </Button>
      ) : null}
      <div className="flex flex-col gap-5">
        {GROUPS.map((group) => {
          const members = shown.filter((f) => f.requirement === group.requirement);
          if (members.length === 0) return null;
          return (
            <section key={group.requirement} aria-labelledby={`${id}-${group.requirement}`} className="flex flex-col gap-2">
              <h3 id={`${id}-${group.requirement}`} className="text-sm font-semibold">
                {group.title}
                {group.hint ? <span className="font-normal text-muted-foreground"> · {group.hint}</span> : null}
              </h3>
              <ul className="flex flex-col gap-2">
                {members.map((field) => {
                  const selected = field.key === current;
                  const taken = takenBy.get(field.key);
                  return (
                    <li key={field.key}>
                      <button
                        type="button"
                        aria-pressed={selected}
                        disabled={pending !== null}
                        onClick={() => (selected ? onClose() : choose(field.key))}
                        className={cn(
                          'flex w-full flex-col gap-1 rounded-lg border border-border p-3 text-left text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-60',
                          selected && 'border-primary bg-primary/5',
                        )}
                      >
                        <span className="flex flex-wrap items-center gap-2 font-medium">
                          {selected ? <Check className="size-4 text-primary" aria-hidden="true" /> : null}
                          {field.label}
                          {selected ? <span className="text-xs font-normal text-primary">(mapped now)</span> : null}
                          {pending === field.key ? <Spinner className="text-current" label={`Mapping to ${field.label}`} /> : null}
                        </span>
                        <span className="text-muted-foreground">{field.description}</span>
                        <span className="text-xs text-muted-foreground">
                          {TYPE_WORDS[field.dataType]}
                          {field.canonicalUnit ? ` · in ${unitText(field.canonicalUnit)}` : ''}
                          {taken && !selected ? ` · now mapped to “${taken}”; choosing it moves it here` : ''}
                        </span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            </section>
          );
        })}
        {shown.length === 0 ? <p className="text-sm text-muted-foreground">No field matches “{query}”.</p> : null}
      </div>
    </DialogContent>
  );
};
