import type { SortState } from '../ui/data-table.tsx';

/** A list query's `sort` argument. */
export type SortInput<Field extends string> = { field: Field; direction: 'ASC' | 'DESC' };

/**
 * The `sort` variable for a table's header state: column ids map to the list's server-side sort fields;
 * no sort (or a column the server cannot order by) leaves the list in its default order.
 */
export const toSortInput = <Field extends string>(
  sort: SortState,
  fields: Readonly<Partial<Record<string, Field>>>,
): SortInput<Field> | null => {
  const field = sort ? fields[sort.columnId] : undefined;
  if (!sort || !field) return null;
  return { field, direction: sort.direction === 'asc' ? 'ASC' : 'DESC' };
};
