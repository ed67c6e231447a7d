import { useQuery } from 'urql';
import { FilterChip } from '../../ui/filter-chip.tsx';
import { EntryFilterFileQuery, EntryFilterRequestQuery, EntryOrganizationNameQuery } from './graphql.ts';

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
