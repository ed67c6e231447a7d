import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  type Header,
  type PaginationState,
  type SortingFn,
  type SortingState,
  type Updater,
  useReactTable,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { type CSSProperties, type KeyboardEvent, type MouseEvent, type ReactNode, useMemo, useRef, useState } from 'react';
import { cn } from '../lib/cn.ts';
import { useMediaQuery } from '../lib/media-query.ts';
import { DataCards, isInteractive } from './data-cards.tsx';
import type { CardPlace, Column, SortDirection, SortState, SortValue } from './table-columns.ts';
import { Pagination, type TablePagination } from './pagination.tsx';
import { Skeleton } from './skeleton.tsx';

export type { TablePagination } from './pagination.tsx';

export type { CardPlace, Column, SortDirection, SortState, SortValue } from './table-columns.ts';

/** Narrower than this, rows show as stacked cards: every column readable, nothing to scroll sideways. */
export const CARDS_BELOW = '48rem';
/** From this many rows, only the rows in view are rendered. */
export const VIRTUALIZE_FROM = 200;

/**
 * A shadow on the side a table continues past, so a table wider than its frame says it scrolls
 * sideways; each shadow is covered once that end is reached.
 */
const SCROLL_HINT: CSSProperties = {
  backgroundImage: [
    'linear-gradient(to right, var(--card) 30%, transparent)',
    'linear-gradient(to left, var(--card) 30%, transparent)',
    'radial-gradient(farthest-side at 0 50%, color-mix(in srgb, var(--foreground) 30%, transparent), transparent)',
    'radial-gradient(farthest-side at 100% 50%, color-mix(in srgb, var(--foreground) 30%, transparent), transparent)',
  ].join(', '),
  backgroundPosition: 'left center, right center, left center, right center',
  backgroundRepeat: 'no-repeat',
  backgroundSize: '2.5rem 100%, 2.5rem 100%, 0.75rem 100%, 0.75rem 100%',
  backgroundAttachment: 'local, local, scroll, scroll',
};

const comparable = (value: SortValue): string | number | undefined => {
  if (value === null || value === undefined || value === '') return undefined;
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
};

/** Numbers numerically, text case-insensitively with numbers inside in order; ties keep the given order. */
const compareValues: SortingFn<unknown> = (a, b, columnId) => {
  const x = a.getValue<string | number>(columnId);
  const y = b.getValue<string | number>(columnId);
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  return String(x).localeCompare(String(y), undefined, { sensitivity: 'base', numeric: true });
};

const toSorting = (sort: SortState): SortingState => (sort ? [{ id: sort.columnId, desc: sort.direction === 'desc' }] : []);
const fromSorting = (sorting: SortingState): SortState => {
  const first = sorting[0];
  return first ? { columnId: first.id, direction: first.desc ? 'desc' : 'asc' } : null;
};
const resolve = <V,>(updater: Updater<V>, old: V): V => (typeof updater === 'function' ? (updater as (old: V) => V)(old) : updater);

const ariaSort = (direction: false | SortDirection) =>
  direction === 'asc' ? ('ascending' as const) : direction === 'desc' ? ('descending' as const) : undefined;

const SortIcon = ({ direction }: { direction: false | SortDirection }) => {
  if (direction === 'asc') return <ArrowUp aria-hidden="true" />;
  if (direction === 'desc') return <ArrowDown aria-hidden="true" />;
  return <ArrowUpDown aria-hidden="true" className="opacity-50" />;
};

const cardPlace = <T,>(column: Column<T>, index: number, columns: readonly Column<T>[]): CardPlace =>
  column.card ?? (column.hideHeader ? 'actions' : index === 0 && !columns.some((c) => c.card === 'title') ? 'title' : 'detail');

/**
 * A table on TanStack Table: sortable headers (buttons, with aria-sort on the header cell), designed
 * loading, error and empty states, and pages. The order comes from the caller when `onSortChange`
 * is given (the server sorts the whole list); otherwise from `sortValue` on the rows given.
 *
 * Below 768 px the rows become stacked cards (each column a labelled line, a "Sort by" choice in
 * place of the headers). From 200 rows only the rows in view are rendered. When `onRowActivate` is
 * given, rows are one tab stop: arrow keys and Home/End move between rows and Enter or Space opens
 * the focused row.
 */
export const DataTable = <T,>({
  caption,
  columns,
  rows,
  getRowId,
  loading = false,
  refreshing = false,
  error,
  empty,
  sort: controlledSort,
  onSortChange,
  defaultSort = null,
  onRowActivate,
  rowLabel,
  pagination,
  layout = 'auto',
  virtualize = 'auto',
  className,
}: {
  caption: string;
  columns: Column<T>[];
  rows: readonly T[];
  getRowId: (row: T) => string;
  /** Nothing to show yet: placeholder rows. */
  loading?: boolean;
  /** Rows shown are being replaced (another page, sort or filter). */
  refreshing?: boolean;
  error?: ReactNode;
  empty?: ReactNode;
  sort?: SortState;
  onSortChange?: (sort: SortState) => void;
  defaultSort?: SortState;
  onRowActivate?: (row: T) => void;
  rowLabel?: (row: T) => string;
  pagination?: TablePagination;
  /** `auto`: cards below 768 px, a table from there. */
  layout?: 'auto' | 'table' | 'cards';
  /** `auto`: from 200 rows. */
  virtualize?: 'auto' | boolean;
  className?: string;
}) => {
  const wide = useMediaQuery(`(min-width: ${CARDS_BELOW})`, true);
  const cards = layout === 'cards' || (layout === 'auto' && !wide);
  const [localSort, setLocalSort] = useState<SortState>(defaultSort);
  const sort = controlledSort !== undefined ? controlledSort : localSort;
  const setSort = (next: SortState) => (onSortChange ? onSortChange(next) : setLocalSort(next));

  const definitions = useMemo(
    () =>
      columns.map(
        (column): ColumnDef<T> => ({
          id: column.id,
          header: column.header,
          accessorFn: (row) => (column.sortValue ? comparable(column.sortValue(row)) : undefined),
          cell: (context) => column.cell(context.row.original),
          enableSorting: Boolean(column.sortable || column.sortValue),
          sortingFn: compareValues as SortingFn<T>,
          sortUndefined: 'last',
        }),
      ),
    [columns],
  );
  const byId = new Map(columns.map((column, index) => [column.id, { column, place: cardPlace(column, index, columns) }]));
  const sorting = toSorting(sort);
  const paging: PaginationState = { pageIndex: (pagination?.page ?? 1) - 1, pageSize: pagination?.pageSize ?? Math.max(rows.length, 1) };

  const table = useReactTable<T>({
    data: rows as T[],
    columns: definitions,
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    manualSorting: Boolean(onSortChange),
    enableMultiSort: false,
    enableSortingRemoval: true,
    sortDescFirst: false,
    manualPagination: true,
    pageCount: pagination?.totalPages ?? -1,
    state: { sorting, pagination: paging },
    onSortingChange: (updater) => setSort(fromSorting(resolve(updater, sorting))),
    onPaginationChange: (updater) => {
      const next = resolve(updater, paging);
      if (next.pageSize !== paging.pageSize) pagination?.onPageSizeChange?.(next.pageSize);
      else if (next.pageIndex !== paging.pageIndex) pagination?.onPageChange(next.pageIndex + 1);
    },
  });
  const modelRows = table.getRowModel().rows;

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtual = virtualize === 'auto' ? modelRows.length >= VIRTUALIZE_FROM : virtualize;
  const virtualizer = useVirtualizer({
    count: modelRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => (cards ? 168 : 49),
    overscan: 10,
    enabled: virtual,
    useFlushSync: false,
  });
  const items = virtual ? virtualizer.getVirtualItems() : null;
  const shown = items
    ? items.flatMap((item) => {
        const row = modelRows[item.index];
        return row ? [{ row, index: item.index }] : [];
      })
    : modelRows.map((row, index) => ({ row, index }));
  const padTop = items?.[0]?.start ?? 0;
  const padBottom = items?.length ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;

  const [activeIndex, setActiveIndex] = useState(0);
  const rowRefs = useRef(new Map<number, HTMLElement>());
  const focusIndex = Math.min(activeIndex, Math.max(0, modelRows.length - 1));
  const rowRef = (index: number) => (element: HTMLElement | null) => {
    if (element) rowRefs.current.set(index, element);
    else rowRefs.current.delete(index);
    if (virtual && element) virtualizer.measureElement(element);
  };

  const onRowKeyDown = (event: KeyboardEvent<HTMLElement>, index: number, row: T) => {
    if (event.target !== event.currentTarget) return;
    const last = modelRows.length - 1;
    const keys: Record<string, number> = { ArrowDown: Math.min(index + 1, last), ArrowUp: Math.max(index - 1, 0), Home: 0, End: last };
    const target = keys[event.key];
    if (target !== undefined) {
      event.preventDefault();
      setActiveIndex(target);
      const element = rowRefs.current.get(target);
      if (element) element.focus();
      else if (virtual) {
        virtualizer.scrollToIndex(target);
        requestAnimationFrame(() => requestAnimationFrame(() => rowRefs.current.get(target)?.focus()));
      }
      return;
    }
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onRowActivate?.(row);
    }
  };
  const onRowClick = (event: MouseEvent, row: T) => {
    if (!isInteractive(event.target)) onRowActivate?.(row);
  };

  const showRows = !loading && !error && modelRows.length > 0;
  const status = loading ? (
    <span role="status" className="sr-only">
      Loading {caption.toLowerCase()}
    </span>
  ) : null;
  const pager =
    pagination && !error ? (
      <Pagination
        {...pagination}
        label={caption}
        onPageChange={(page) => table.setPageIndex(page - 1)}
        onPageSizeChange={pagination.onPageSizeChange ? table.setPageSize : undefined}
      />
    ) : null;

  if (cards) {
    return (
      <DataCards
        caption={caption}
        columns={columns}
        places={new Map([...byId].map(([id, entry]) => [id, entry.place]))}
        rows={shown.map(({ row, index }) => ({ id: row.id, index, original: row.original }))}
        loading={loading}
        refreshing={refreshing}
        error={error}
        empty={modelRows.length === 0 ? empty : null}
        sort={sort}
        onSortChange={setSort}
        onRowActivate={onRowActivate}
        rowLabel={rowLabel}
        rowRef={rowRef}
        scrollRef={scrollRef}
        virtualPadding={virtual ? { top: padTop, bottom: padBottom } : null}
        className={className}
        footer={
          <>
            {status}
            {pager}
          </>
        }
      />
    );
  }

  const span = columns.length;
  return (
    <div className={cn('flex flex-col gap-3', className)}>
      <section
        ref={scrollRef}
        aria-label={caption}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        className={cn('relative overflow-x-auto rounded-lg border border-border bg-card', virtual && 'max-h-[75vh] overflow-y-auto')}
        style={SCROLL_HINT}
      >
        <table
          className={cn('w-full border-collapse text-left text-sm transition-opacity', refreshing && 'opacity-60')}
          aria-busy={loading || refreshing || undefined}
          aria-rowcount={virtual ? modelRows.length + 1 : undefined}
        >
          <caption className="sr-only">
            {caption}
            {onRowActivate ? '. Use the arrow keys to move between rows and Enter to open one.' : ''}
          </caption>
          <thead className={cn('border-b border-border bg-muted/40', virtual && 'sticky top-0 z-10 bg-card')}>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} aria-rowindex={virtual ? 1 : undefined}>
                {group.headers.map((header) => (
                  <HeaderCell key={header.id} header={header} column={byId.get(header.column.id)?.column} />
                ))}
              </tr>
            ))}
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
            {!loading && !error && modelRows.length === 0 ? (
              <tr>
                <td colSpan={span}>{empty}</td>
              </tr>
            ) : null}
            {showRows && padTop > 0 ? <Spacer height={padTop} span={span} /> : null}
            {showRows
              ? shown.map(({ row, index }) => (
                  <tr
                    key={row.id}
                    ref={rowRef(index)}
                    data-index={index}
                    aria-rowindex={virtual ? index + 2 : undefined}
                    tabIndex={onRowActivate ? (index === focusIndex ? 0 : -1) : undefined}
                    aria-label={onRowActivate && rowLabel ? rowLabel(row.original) : undefined}
                    onKeyDown={onRowActivate ? (event) => onRowKeyDown(event, index, row.original) : undefined}
                    onFocus={onRowActivate ? () => setActiveIndex(index) : undefined}
                    onClick={onRowActivate ? (event) => onRowClick(event, row.original) : undefined}
                    className={cn(
                      'border-b border-border last:border-0',
                      onRowActivate &&
                        'cursor-pointer hover:bg-muted/50 focus-visible:bg-muted/50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                    )}
                  >
                    {row.getVisibleCells().map((cell) => (
                      <td key={cell.id} className={cn('px-4 py-3 align-middle', byId.get(cell.column.id)?.column.className)}>
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    ))}
                  </tr>
                ))
              : null}
            {showRows && padBottom > 0 ? <Spacer height={padBottom} span={span} /> : null}
          </tbody>
        </table>
      </section>
      {status}
      {pager}
    </div>
  );
};

/** Stands in for the rows scrolled out of view, so the scroll bar keeps the whole list's length. */
const Spacer = ({ height, span }: { height: number; span: number }) => (
  // biome-ignore lint/a11y/noAriaHiddenOnFocusable: the spacer holds no content and nothing focusable
  <tr aria-hidden="true">
    <td colSpan={span} style={{ height, padding: 0 }} />
  </tr>
);

const HeaderCell = <T,>({ header, column }: { header: Header<T, unknown>; column: Column<T> | undefined }) => {
  const direction = header.column.getIsSorted();
  return (
    <th
      scope="col"
      aria-sort={ariaSort(direction)}
      className={cn('whitespace-nowrap px-4 py-2.5 font-semibold text-muted-foreground', column?.className)}
    >
      {column?.hideHeader ? (
        <span className="sr-only">{column.header}</span>
      ) : header.column.getCanSort() ? (
        <button
          type="button"
          onClick={header.column.getToggleSortingHandler()}
          className="-mx-1 inline-flex items-center gap-1 rounded px-1 hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring [&_svg]:size-3.5"
        >
          {flexRender(header.column.columnDef.header, header.getContext())}
          <SortIcon direction={direction} />
        </button>
      ) : (
        flexRender(header.column.columnDef.header, header.getContext())
      )}
    </th>
  );
};
