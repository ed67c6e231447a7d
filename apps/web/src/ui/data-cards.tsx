import { type MouseEvent, type ReactNode, type Ref, useId } from 'react';
import { cn } from '../lib/cn.ts';
import type { CardPlace, Column, SortState } from './table-columns.ts';
import { Label } from './label.tsx';
import { Select } from './select.tsx';
import { Skeleton } from './skeleton.tsx';

/** Whether a click landed on a control inside a row, which handles it itself. */
export const isInteractive = (target: EventTarget) =>
  Boolean((target as HTMLElement).closest('button, a, input, select, [role="menuitem"]'));

type CardRow<T> = { id: string; index: number; original: T };

/**
 * The narrow-screen form of a `DataTable`: one card per row with its title and actions on top and
 * every other column as a labelled line, so nothing is cut off or needs sideways scrolling. A
 * "Sort by" choice stands in for the sortable headers.
 */
export const DataCards = <T,>({
  caption,
  columns,
  places,
  rows,
  loading,
  refreshing,
  error,
  empty,
  sort,
  onSortChange,
  onRowActivate,
  rowLabel,
  rowRef,
  scrollRef,
  virtualPadding,
  className,
  footer,
}: {
  caption: string;
  columns: Column<T>[];
  places: ReadonlyMap<string, CardPlace>;
  rows: CardRow<T>[];
  loading: boolean;
  refreshing: boolean;
  error: ReactNode;
  /** Shown when there are no rows (and no error). */
  empty: ReactNode;
  sort: SortState;
  onSortChange: (sort: SortState) => void;
  onRowActivate: ((row: T) => void) | undefined;
  rowLabel: ((row: T) => string) | undefined;
  rowRef: (index: number) => (element: HTMLElement | null) => void;
  scrollRef: Ref<HTMLDivElement>;
  virtualPadding: { top: number; bottom: number } | null;
  className: string | undefined;
  footer: ReactNode;
}) => {
  const sortable = columns.filter((c) => c.sortable || c.sortValue);
  const placed = (place: CardPlace) => columns.filter((c) => places.get(c.id) === place);
  const title = placed('title')[0];
  const actions = placed('actions');
  const details = placed('detail');
  const showRows = !loading && !error && rows.length > 0;
  const open = (event: MouseEvent, row: T) => {
    if (!isInteractive(event.target)) onRowActivate?.(row);
  };

  return (
    <div className={cn('flex flex-col gap-3', className)}>
      {sortable.length > 0 ? <CardSort columns={sortable} sort={sort} onSortChange={onSortChange} /> : null}
      <div ref={scrollRef} className={cn(virtualPadding && 'max-h-[75vh] overflow-y-auto')}>
        <ul
          aria-label={caption}
          aria-busy={loading || refreshing || undefined}
          className={cn('flex flex-col gap-3 transition-opacity', refreshing && 'opacity-60')}
          style={virtualPadding ? { paddingTop: virtualPadding.top, paddingBottom: virtualPadding.bottom } : undefined}
        >
          {loading
            ? Array.from({ length: 3 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <li key={i} className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4">
                  <Skeleton className="h-5 w-40" />
                  <Skeleton className="h-4 w-full" />
                  <Skeleton className="h-4 w-2/3" />
                </li>
              ))
            : null}
          {showRows
            ? rows.map((row) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the card's title button is the keyboard way in; the click is a larger target for the same action
                <li
                  key={row.id}
                  ref={rowRef(row.index)}
                  data-index={row.index}
                  onClick={onRowActivate ? (event) => open(event, row.original) : undefined}
                  className={cn(
                    'flex flex-col gap-3 rounded-lg border border-border bg-card p-4',
                    onRowActivate && 'cursor-pointer hover:bg-muted/50',
                  )}
                >
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0 flex-1 font-medium [overflow-wrap:anywhere]">
                      {title && onRowActivate ? (
                        <button
                          type="button"
                          aria-label={rowLabel?.(row.original)}
                          onClick={() => onRowActivate(row.original)}
                          className="rounded text-left underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                        >
                          {title.cell(row.original)}
                        </button>
                      ) : (
                        title?.cell(row.original)
                      )}
                    </div>
                    {actions.map((column) => (
                      <div key={column.id} className="-my-2 -mr-2 shrink-0">
                        {column.cell(row.original)}
                      </div>
                    ))}
                  </div>
                  {details.length > 0 ? (
                    <dl className="grid grid-cols-[minmax(5.5rem,auto)_1fr] gap-x-4 gap-y-2 text-sm">
                      {details.map((column) => (
                        <div key={column.id} className="contents">
                          <dt className="text-muted-foreground">{column.header}</dt>
                          <dd className="min-w-0 [overflow-wrap:anywhere]">{column.cell(row.original)}</dd>
                        </div>
                      ))}
                    </dl>
                  ) : null}
                </li>
              ))
            : null}
        </ul>
      </div>
      {!loading && error ? <div className="rounded-lg border border-border bg-card p-4">{error}</div> : null}
      {!loading && !error && rows.length === 0 && empty ? <div className="rounded-lg border border-border bg-card">{empty}</div> : null}
      {footer}
    </div>
  );
};

/** The cards' stand-in for sortable headers: one choice of column and direction. */
const CardSort = <T,>({
  columns,
  sort,
  onSortChange,
}: {
  columns: Column<T>[];
  sort: SortState;
  onSortChange: (sort: SortState) => void;
}) => {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="whitespace-nowrap">
        Sort by
      </Label>
      <Select
        id={id}
        value={sort ? `${sort.columnId}:${sort.direction}` : ''}
        onChange={(event) => {
          const [columnId, direction] = event.target.value.split(':');
          onSortChange(columnId ? { columnId, direction: direction === 'desc' ? 'desc' : 'asc' } : null);
        }}
        className="flex-1 sm:max-w-xs"
      >
        <option value="">Default order</option>
        {columns.flatMap((column) => [
          <option key={`${column.id}:asc`} value={`${column.id}:asc`}>
            {column.header}, ascending
          </option>,
          <option key={`${column.id}:desc`} value={`${column.id}:desc`}>
            {column.header}, descending
          </option>,
        ])}
      </Select>
    </div>
  );
};
