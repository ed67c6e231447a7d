import { type SyntheticEvent, useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { SortState } from '../ui/data-table.tsx';
import { isCalendarDay } from './date-range.ts';
import { type SortInput, toSortInput } from './sort.ts';

/** Reads one filter from the URL: the value to use, or null when the URL's value is not allowed. */
export type ParamParser = (raw: string) => string | null;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The kinds of value a list filter takes from the URL; anything else is ignored, so a hand-edited URL cannot break a list. */
export const param = {
  /** Free text, trimmed, at most `max` characters (the API's limit). */
  text:
    (max = 200): ParamParser =>
    (raw) => {
      const value = raw.trim();
      return value && value.length <= max ? value : null;
    },
  /** One of a closed list of values, e.g. statuses. */
  oneOf:
    (values: readonly string[]): ParamParser =>
    (raw) =>
      values.includes(raw) ? raw : null,
  /** A `yyyy-mm-dd` calendar day. */
  day: ((raw) => (isCalendarDay(raw) ? raw : null)) satisfies ParamParser,
  /** A record id (UUID). */
  id: ((raw) => (UUID.test(raw) ? raw.toLowerCase() : null)) satisfies ParamParser,
};

export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** Search parameters the list itself uses; filters must be named otherwise. */
const RESERVED = ['page', 'size', 'sort', 'dir'];

export type ListConfig<FilterKey extends string, SortField extends string> = {
  /** Table column id → the server's sort field. Only these columns may sort, from a header or from the URL. */
  sortFields: Readonly<Record<string, SortField>>;
  /** Each filter's URL parameter and how to read it. */
  filters: Readonly<Record<FilterKey, ParamParser>>;
  /** Rows per page unless the URL says otherwise (one of `PAGE_SIZES`). */
  pageSize?: (typeof PAGE_SIZES)[number];
  /** A check across filters after each was read, e.g. dropping a reversed date range. */
  normalize?: (filters: NoInfer<Filters<FilterKey>>) => NoInfer<Filters<FilterKey>>;
};

export type Filters<FilterKey extends string> = Record<FilterKey, string>;

const positiveInt = (raw: string | null) => {
  if (!raw || !/^\d{1,6}$/.test(raw)) return null;
  const value = Number(raw);
  return value >= 1 ? value : null;
};

/** The list state a URL holds: validated, with defaults for whatever is missing or not allowed. */
export const readListParams = <FilterKey extends string, SortField extends string>(
  params: URLSearchParams,
  config: ListConfig<FilterKey, SortField>,
) => {
  const defaultSize = config.pageSize ?? 25;
  const size = positiveInt(params.get('size'));
  const pageSize = size && (PAGE_SIZES as readonly number[]).includes(size) ? size : defaultSize;
  const page = positiveInt(params.get('page')) ?? 1;
  const column = params.get('sort');
  const sort: SortState =
    column && Object.hasOwn(config.sortFields, column)
      ? { columnId: column, direction: params.get('dir') === 'desc' ? 'desc' : 'asc' }
      : null;
  const keys = Object.keys(config.filters) as FilterKey[];
  const read = Object.fromEntries(
    keys.map((key) => {
      const raw = params.get(key);
      return [key, raw === null ? '' : (config.filters[key](raw) ?? '')];
    }),
  ) as Filters<FilterKey>;
  const filters = config.normalize ? config.normalize(read) : read;
  return { page, pageSize, defaultSize, sort, filters };
};

type State<FilterKey extends string> = {
  page: number;
  pageSize: number;
  sort: SortState;
  filters: Filters<FilterKey>;
};

/** The URL for a list state: only what differs from the defaults, other parameters of the page kept. */
export const writeListParams = <FilterKey extends string>(
  current: URLSearchParams,
  state: State<FilterKey>,
  defaultSize: number,
): URLSearchParams => {
  const next = new URLSearchParams(current);
  for (const key of [...Object.keys(state.filters), ...RESERVED]) next.delete(key);
  for (const [key, value] of Object.entries<string>(state.filters)) if (value) next.set(key, value);
  if (state.sort) {
    next.set('sort', state.sort.columnId);
    if (state.sort.direction === 'desc') next.set('dir', 'desc');
  }
  if (state.page > 1) next.set('page', String(state.page));
  if (state.pageSize !== defaultSize) next.set('size', String(state.pageSize));
  return next;
};

/**
 * A list screen's page, page size, sort and filters, kept in the URL so a list can be shared,
 * reloaded and walked back through: each change a person makes is a new history entry. Values read
 * from the URL are checked against the list's sort columns and filters; what is not allowed is
 * ignored. Changing a filter, the sort or the page size goes back to page 1.
 */
export const useListParams = <FilterKey extends string, SortField extends string>(config: ListConfig<FilterKey, SortField>) => {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => readListParams(searchParams, config), [searchParams, config]);
  const { page, pageSize, sort, filters, defaultSize } = state;

  const go = useCallback(
    (next: State<FilterKey>, { replace = false }: { replace?: boolean } = {}) => {
      const target = writeListParams(searchParams, next, defaultSize);
      if (target.toString() === searchParams.toString()) return;
      setSearchParams(target, { replace, preventScrollReset: true });
    },
    [searchParams, setSearchParams, defaultSize],
  );

  const emptyFilters = useMemo(
    () => Object.fromEntries(Object.keys(config.filters).map((key) => [key, ''])) as Filters<FilterKey>,
    [config.filters],
  );
  const activeFilters = useMemo(
    () => Object.fromEntries(Object.entries<string>(filters).filter(([, value]) => value !== '')) as Partial<Filters<FilterKey>>,
    [filters],
  );

  return {
    page,
    pageSize,
    sort,
    filters,
    activeFilters,
    emptyFilters,
    hasFilters: Object.keys(activeFilters).length > 0,
    /** The query's `sort` variable. */
    sortInput: toSortInput(sort, config.sortFields) as SortInput<SortField> | null,
    /** The query's `pagination` variable. */
    pagination: { page, pageSize },
    setPage: (next: number, options?: { replace?: boolean }) => go({ page: Math.max(1, next), pageSize, sort, filters }, options),
    setPageSize: (next: number) => go({ page: 1, pageSize: next, sort, filters }),
    setSort: (next: SortState) => go({ page: 1, pageSize, sort: next, filters }),
    setFilters: (next: Partial<Filters<FilterKey>>) => {
      const merged = { ...filters, ...next };
      const changed = (Object.keys(merged) as FilterKey[]).some((key) => merged[key] !== filters[key]);
      if (changed) go({ page: 1, pageSize, sort, filters: merged });
    },
    resetFilters: () => go({ page: 1, pageSize, sort, filters: emptyFilters }),
  };
};

export type ListParams<FilterKey extends string = string, SortField extends string = string> = ReturnType<
  typeof useListParams<FilterKey, SortField>
>;

/**
 * A filter form over a list's URL filters: what is typed stays local until applied; the applied
 * filters come from the URL, so the form follows the back button. `validate` refuses a form before
 * it reaches the URL (e.g. a reversed date range).
 */
export const useFilterForm = <FilterKey extends string>(
  list: Pick<ListParams<FilterKey>, 'filters' | 'emptyFilters' | 'setFilters' | 'resetFilters'>,
  validate?: (form: Filters<FilterKey>) => string | null,
) => {
  const [form, setForm] = useState(list.filters);
  const [error, setError] = useState<string | null>(null);
  const [applied, setApplied] = useState(list.filters);
  if (applied !== list.filters && JSON.stringify(applied) !== JSON.stringify(list.filters)) {
    setApplied(list.filters);
    setForm(list.filters);
    setError(null);
  }
  return {
    form,
    error,
    /** An input's change handler for one filter. */
    bind: (key: FilterKey) => (event: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: event.target.value })),
    setValue: (key: FilterKey, value: string) => setForm((f) => ({ ...f, [key]: value })),
    apply: (event?: SyntheticEvent) => {
      event?.preventDefault();
      const refusal = validate?.(form) ?? null;
      setError(refusal);
      if (refusal) return;
      const trimmed = Object.fromEntries(Object.entries<string>(form).map(([k, v]) => [k, v.trim()])) as Filters<FilterKey>;
      list.setFilters(trimmed);
    },
    reset: () => {
      setError(null);
      setForm(list.emptyFilters);
      list.resetFilters();
    },
  };
};

/** A query's filter variable: only the values in use, or null when none is. */
export const compactFilter = <F extends Record<string, string | null | undefined>>(filter: F): Partial<F> | null => {
  const entries = Object.entries(filter).filter(([, value]) => value !== null && value !== undefined && value !== '');
  return entries.length > 0 ? (Object.fromEntries(entries) as Partial<F>) : null;
};
