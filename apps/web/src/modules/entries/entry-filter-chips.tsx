import { X } from 'lucide-react';
import { useQuery } from 'urql';
import { Button } from '../../ui/button.tsx';
import { EntryFilterFileQuery, EntryFilterRequestQuery, EntryOrganizationNameQuery } from './graphql.ts';

/** One filter the address holds, by the name of what it names, with a button that drops it. */
const FilterChip = ({ kind, name, onClear }: { kind: string; name: string; onClear: () => void }) => (
  <li className="flex min-w-0 max-w-full items-center gap-2 text-sm">
    <span className="text-muted-foreground">{kind}:</span>
    <span className="inline-flex min-w-0 max-w-full items-center gap-1 rounded-full border border-border bg-card py-1 pl-3 pr-1">
      <span className="min-w-0 truncate font-medium" title={name}>
        {name}
      </span>
      <Button
        variant="ghost"
        size="icon"
        className="size-7 shrink-0 rounded-full"
        aria-label={`Clear the ${kind.toLowerCase()} filter (${name})`}
        onClick={onClear}
      >
        <X aria-hidden="true" />
      </Button>
    </span>
  </li>
);

type Chip = { id: string; onClear: () => void };

export const FileChip = ({ id, onClear }: Chip) => {
  const [{ data, error }] = useQuery({ query: EntryFilterFileQuery, variables: { id } });
  const name = data?.file.originalName ?? (error ? 'A file you cannot see' : 'Loading the file name…');
  return <FilterChip kind="File" name={name} onClear={onClear} />;
};

/** A data request: its title and the supplier asked. */
export const RequestChip = ({ id, onClear }: Chip) => {
  const [{ data, error }] = useQuery({ query: EntryFilterRequestQuery, variables: { id } });
  const task = data?.calendarTask;
  const name = task ? `${task.title} (${task.supplierOrganization.name})` : error ? 'A request you cannot see' : 'Loading the request…';
  return <FilterChip kind="Request" name={name} onClear={onClear} />;
};

export const SupplierChip = ({ id, onClear }: Chip) => {
  const [{ data, error }] = useQuery({ query: EntryOrganizationNameQuery, variables: { id } });
  const name = data?.organization.name ?? (error ? 'A supplier you cannot see' : 'Loading the supplier name…');
  return <FilterChip kind="Supplier" name={name} onClear={onClear} />;
};

/** A supplier's name in the entries table; every row of the same supplier shares one cached request. */
export const SupplierName = ({ id }: { id: string }) => {
  const [{ data, error }] = useQuery({ query: EntryOrganizationNameQuery, variables: { id }, requestPolicy: 'cache-first' });
  if (data) return <span className="[overflow-wrap:anywhere]">{data.organization.name}</span>;
  return <span className="text-muted-foreground">{error ? 'Unknown supplier' : 'Loading…'}</span>;
};
