import type { ReactNode } from 'react';

/** What a table or card list shows per column, and how it is sorted: shared by DataTable and DataCards. */
export type SortDirection = 'asc' | 'desc';
export type SortState = { columnId: string; direction: SortDirection } | null;
export type SortValue = string | number | boolean | Date | null | undefined;

export type Column<T> = {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The caller orders the rows by this column (`sort` + `onSortChange`), e.g. the server. */
  sortable?: boolean;
  /**
   * Orders the rows given by this value, on screen. Only for a list that is whole on screen: a page
   * of a longer list must be ordered by the server (`sortable`).
   */
  sortValue?: (row: T) => SortValue;
  /** Classes for both header and cells in the table layout, e.g. `hidden lg:table-cell` to drop a column on tablets. */
  className?: string;
  /** Renders the header visually hidden (an actions column still needs a name). */
  hideHeader?: boolean;
  /**
   * Its place on a narrow-screen card: `title` (the first column unless another says so), `detail`
   * (a labelled line; the default), `actions` (top right; the default for a column with a hidden
   * header) or `none` (when another cell already shows it).
   */
  card?: CardPlace;
};

/** Where a column goes when rows show as cards on narrow screens. */
export type CardPlace = 'title' | 'detail' | 'actions' | 'none';
