import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useMemo, useRef, useState } from 'react';
import { cn } from '../lib/cn.ts';
import { Button } from './button.tsx';
import { Skeleton } from './skeleton.tsx';

export type SortDirection = 'asc' | 'desc';
export type SortState = { columnId: string; direction: SortDirection } | null;
export type SortValue = string | number | boolean | Date | null | undefined;

export type Column<T> = {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Makes the column sortable; the value rows are compared by. */
  sortValue?: (row: T) => SortValue;
  /** Makes the column sortable by the caller (`sort` + `onSortChange`), e.g. when the server orders the rows. */
  sortable?: boolean;
  /** Classes for both header and cells, e.g. `hidden md:table-cell` to drop a column on phones. */
  className?: string;
  /** Renders the header visually hidden (an actions column still needs a name). */
  hideHeader?: boolean;
};

export type TablePagination = {
  page: number;
  totalPages: number;
  totalCount: number;
  pageSize: number;
  onPageChange: (page: number) => void;
};

const comparable = (value: SortValue): string | number => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
};

/** Rows ordered by a column's sort value; empty values last in both directions; stable. */
export const sortRows = <T,>(rows: readonly T[], columns: readonly Column<T>[], sort: SortState): T[] => {
  const column = sort ? columns.find((c) => c.id === sort.columnId) : undefined;
  if (!sort || !column?.sortValue) return [...rows];
  const read = column.sortValue;
  const factor = sort.direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: comparable(read(row)) }))
    .sort((a, b) => {
      if (a.value === '' && b.value !== '') return 1;
      if (b.value === '' && a.value !== '') return -1;
      const order =
        typeof a.value === 'number' && typeof b.value === 'number'
          ? a.value - b.value
          : String(a.value).localeCompare(String(b.value), undefined, { sensitivity: 'base', numeric: true });
      return order === 0 ? a.index - b.index : order * factor;
    })
    .map((entry) => entry.row);
};

/** Next sort state when a header is pressed: ascending, then descending, then unsorted. */
export const nextSort = (current: SortState, columnId: string): SortState => {
  if (current?.columnId !== columnId) return { columnId, direction: 'asc' };
  return current.direction === 'asc' ? { columnId, direction: 'desc' } : null;
};

const SortIcon = ({ direction }: { direction: SortDirection | null }) => {
  if (direction === 'asc') return <ArrowUp aria-hidden="true" />;
  if (direction === 'desc') return <ArrowDown aria-hidden="true" />;
  return <ArrowUpDown aria-hidden="true" className="opacity-50" />;
};

/**
 * A table with sortable headers (buttons carrying aria-sort on the header cell), designed loading,
 * error and empty rows, and pages. When `onRowActivate` is given, rows are one tab stop: arrow keys
 * and Home/End move between rows and Enter or Space opens the focused row.
 *
 * Sorting is local to the rows given (the current page) unless the caller controls `sort` and
 * passes rows already ordered by the server.
 */
export const DataTable = <T,>({
  caption,
  columns,
  rows,
  getRowId,
  loading = false,
  error,
  empty,
  sort: controlledSort,
  onSortChange,
  defaultSort = null,
  onRowActivate,
  rowLabel,
  pagination,
  className,
}: {
  caption: string;
  columns: Column<T>[];
  rows: readonly T[];
  getRowId: (row: T) => string;
  loading?: boolean;
  error?: ReactNode;
  empty?: ReactNode;
  sort?: SortState;
  onSortChange?: (sort: SortState) => void;
  defaultSort?: SortState;
  onRowActivate?: (row: T) => void;
  rowLabel?: (row: T) => string;
  pagination?: TablePagination;
  className?: string;
}) => {
  const [localSort, setLocalSort] = useState<SortState>(defaultSort);
  const sort = controlledSort !== undefined ? controlledSort : localSort;
  const setSort = (next: SortState) => (onSortChange ? onSortChange(next) : setLocalSort(next));
  const ordered = useMemo(() => (onSortChange ? [...rows] : sortRows(rows, columns, sort)), [rows, columns, sort, onSortChange]);
  const [activeIndex, setActiveIndex] = useState(0);
  const rowRefs = useRef<(HTMLTableRowElement | null)[]>([]);
  const focusIndex = Math.min(activeIndex, Math.max(0, ordered.length - 1));

  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, index: number, row: T) => {
    if (event.target !== event.currentTarget) return;
    const last = ordered.length - 1;
    const target =
      event.key === 'ArrowDown'
        ? Math.min(index + 1, last)
        : event.key === 'ArrowUp'
          ? Math.max(index - 1, 0)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target !== null) {
      event.preventDefault();
      setActiveIndex(target);
      rowRefs.current[target]?.focus();
      return;
    }
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onRowActivate?.(row);
    }
  };

  const showBody = !loading && !error && ordered.length > 0;
  const span = columns.length;

  return (
    <div className={cn('flex flex-col gap-3', className)}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard on narrow screens */}
      <section aria-label={caption} tabIndex={0} className="relative overflow-x-auto rounded-lg border border-border bg-card">
        <table className="w-full border-collapse text-left text-sm" aria-busy={loading || undefined}>
          <caption className="sr-only">
            {caption}
            {onRowActivate ? '. Use the arrow keys to move between rows and Enter to open one.' : ''}
          </caption>
          <thead className="border-b border-border bg-muted/40">
            <tr>
              {columns.map((column) => {
                const direction = sort?.columnId === column.id ? sort.direction : null;
                return (
                  <th
                    key={column.id}
                    scope="col"
                    aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}
                    className={cn('whitespace-nowrap px-4 py-2.5 font-semibold text-muted-foreground', column.className)}
                  >
                    {column.hideHeader ? (
                      <span className="sr-only">{column.header}</span>
                    ) : column.sortValue || column.sortable ? (
                      <button
                        type="button"
                        onClick={() => setSort(nextSort(sort, column.id))}
                        className="-mx-1 inline-flex items-center gap-1 rounded px-1 hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring [&_svg]:size-3.5"
                      >
                        {column.header}
                        <SortIcon direction={direction} />
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {loading
              ? Array.from({ length: 5 }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                  <tr key={i} className="border-b border-border last:border-0">
                    {columns.map((column) => (
                      <td key={column.id} className={cn('px-4 py-3', column.className)}>
                        <Skeleton className="h-4 w-full max-w-40" />
                      </td>
                    ))}
                  </tr>
                ))
              : null}
            {!loading && error ? (
              <tr>
                <td colSpan={span} className="p-4">
                  {error}
                </td>
              </tr>
            ) : null}
            {!loading && !error && ordered.length === 0 ? (
              <tr>
                <td colSpan={span}>{empty}</td>
              </tr>
            ) : null}
            {showBody
              ? ordered.map((row, index) => (
                  <tr
                    key={getRowId(row)}
                    ref={(element) => {
                      rowRefs.current[index] = element;
                    }}
                    tabIndex={onRowActivate ? (index === focusIndex ? 0 : -1) : undefined}
                    aria-label={onRowActivate && rowLabel ? rowLabel(row) : undefined}
                    onKeyDown={onRowActivate ? (event) => onRowKeyDown(event, index, row) : undefined}
                    onFocus={onRowActivate ? () => setActiveIndex(index) : undefined}
                    onClick={
                      onRowActivate
                        ? (event) => {
                            if ((event.target as HTMLElement).closest('button, a, input, select, [role="menuitem"]')) return;
                            onRowActivate(row);
                          }
                        : undefined
                    }
                    className={cn(
                      'border-b border-border last:border-0',
                      onRowActivate &&
                        'cursor-pointer hover:bg-muted/50 focus-visible:bg-muted/50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                    )}
                  >
                    {columns.map((column) => (
                      <td key={column.id} className={cn('px-4 py-3 align-middle', column.className)}>
                        {column.cell(row)}
                      </td>
                    ))}
                  </tr>
                ))
              : null}
          </tbody>
        </table>
      </section>
      {loading ? (
        <span role="status" className="sr-only">
          Loading {caption.toLowerCase()}
        </span>
      ) : null}
      {pagination && !error ? <Pagination {...pagination} label={caption} /> : null}
    </div>
  );
};

/** Previous/next page controls with where the reader is; hidden when everything fits on one page. */
export const Pagination = ({ page, totalPages, totalCount, pageSize, onPageChange, label }: TablePagination & { label: string }) => {
  const first = totalCount === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, totalCount);
  return (
    <nav aria-label={`${label} pages`} className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
      <p aria-live="polite">{totalCount === 0 ? 'No results' : `Showing ${first}–${last} of ${totalCount}`}</p>
      {totalPages > 1 ? (
        <div className="flex items-center gap-2">
          <Button variant="outline" size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1} aria-label="Previous page">
            <ChevronLeft aria-hidden="true" />
            <span className="hidden sm:inline">Previous</span>
          </Button>
          <span className="whitespace-nowrap">
            Page {page} of {totalPages}
          </span>
          <Button variant="outline" size="sm" onClick={() => onPageChange(page + 1)} disabled={page >= totalPages} aria-label="Next page">
            <span className="hidden sm:inline">Next</span>
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      ) : null}
    </nav>
  );
};
