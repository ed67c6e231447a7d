import { type ComponentProps, type ReactNode, useEffect } from 'react';
import type { CombinedError } from 'urql';
import { cn } from '../lib/cn.ts';
import { type ListParams, PAGE_SIZES } from '../lib/list-params.ts';
import type { PageInfo } from '../lib/page-info.ts';
import { QueryError } from '../lib/query-state.tsx';
import { Button } from './button.tsx';
import { DataTable } from './data-table.tsx';
import { PageHeader } from './page-header.tsx';

/** One page of a list as the API answers it (`data` + the spec's `PageInfo`). */
export type ListConnection<T> = { data: readonly T[]; pageInfo: PageInfo };

type TableProps<T> = Pick<
  ComponentProps<typeof DataTable<T>>,
  'caption' | 'columns' | 'getRowId' | 'onRowActivate' | 'rowLabel' | 'empty' | 'layout' | 'virtualize' | 'className'
>;

export type ListTableProps<T> = TableProps<T> & {
  /** The list's URL state (`useListParams`): sort, page and page size are read from and written to it. */
  list: Pick<ListParams, 'page' | 'pageSize' | 'sort' | 'setPage' | 'setPageSize' | 'setSort'>;
  /** The current answer; the previous one while another page, sort or filter loads. */
  connection: ListConnection<T> | undefined;
  fetching: boolean;
  error: CombinedError | undefined;
  onRetry: () => void;
};

/**
 * A server-paged, server-sorted table bound to the URL: loading, error (with retry) and empty
 * states, the previous rows dimmed while the next ones load, and a pager ("Page 2 of 4, 87
 * results", rows per page). A page number past the end (a hand-edited or outdated link) moves to
 * the last page.
 */
export const ListTable = <T,>({ list, connection, fetching, error, onRetry, ...table }: ListTableProps<T>) => {
  const pageInfo = connection?.pageInfo;
  const { page, setPage } = list;
  useEffect(() => {
    if (pageInfo && pageInfo.totalPages >= 1 && page > pageInfo.totalPages) setPage(pageInfo.totalPages, { replace: true });
  }, [pageInfo, page, setPage]);
  return (
    <DataTable
      {...table}
      rows={connection?.data ?? []}
      sort={list.sort}
      onSortChange={list.setSort}
      loading={fetching && !connection}
      refreshing={fetching && Boolean(connection)}
      error={error && !connection ? <QueryError error={error} onRetry={onRetry} /> : null}
      pagination={
        pageInfo
          ? {
              page: Math.min(list.page, pageInfo.totalPages),
              totalPages: pageInfo.totalPages,
              totalCount: pageInfo.totalCount,
              pageSize: list.pageSize,
              pageSizes: PAGE_SIZES,
              onPageChange: list.setPage,
              onPageSizeChange: list.setPageSize,
            }
          : undefined
      }
    />
  );
};

/**
 * The way out of an empty filtered list, for its empty state: a button that drops every filter, shown
 * only while one is in use.
 */
export const ClearFiltersButton = ({
  list,
  children = 'Clear filters',
}: {
  list: Pick<ListParams, 'hasFilters' | 'resetFilters'>;
  children?: ReactNode;
}) =>
  list.hasFilters ? (
    <Button variant="outline" onClick={list.resetFilters}>
      {children}
    </Button>
  ) : null;

/**
 * A list screen: heading, an optional block under it (`intro`), the filter bar, messages, the
 * table with its pager, and whatever the screen opens from it (`children`, e.g. dialogs).
 */
export const ListPage = <T,>({
  title,
  description,
  actions,
  intro,
  filters,
  notices,
  children,
  width = 'max-w-6xl',
  ...table
}: ListTableProps<T> & {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  intro?: ReactNode;
  /** The filter bar: a search box, selects, or a form with an Apply button. */
  filters?: ReactNode;
  notices?: ReactNode;
  children?: ReactNode;
  width?: 'max-w-6xl' | 'max-w-7xl';
}) => (
  <div className={cn('mx-auto flex flex-col gap-6', width)}>
    <PageHeader title={title} description={description} actions={actions} />
    {intro}
    {filters}
    {notices}
    <ListTable {...table} />
    {children}
  </div>
);
