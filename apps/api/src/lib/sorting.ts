import { type AnyColumn, asc, desc, type SQL } from 'drizzle-orm';
import { AppError } from './errors.ts';

export const SORT_DIRECTIONS = ['ASC', 'DESC'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** A list's `sort` argument: one whitelisted field and a direction. */
export type Sort<Field extends string> = { field: Field; direction?: SortDirection | null };

type Sortable = AnyColumn | SQL;

/**
 * ORDER BY for a client-chosen sort. Only fields of the map can be named, so a client never picks a
 * column; the tie-breaker (the row id) follows in the same direction so page 2 continues page 1
 * without repeats or gaps. Without a sort the list keeps its own default order.
 */
export const sortOrder = <Field extends string>(
  sort: Sort<Field> | null | undefined,
  columns: Record<Field, Sortable | readonly Sortable[]>,
  tieBreaker: AnyColumn,
  defaultOrder: SQL[],
): SQL[] => {
  if (!sort) return defaultOrder;
  const picked = Object.hasOwn(columns, sort.field) ? columns[sort.field] : undefined;
  if (!picked) throw new AppError('VALIDATION_FAILED', `sort.field cannot be ${String(sort.field)}`, { field: 'sort.field' });
  const by = sort.direction === 'DESC' ? desc : asc;
  return [...[picked].flat().map((column) => by(column)), by(tieBreaker)];
};
