import { z } from 'zod';

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

export const paginationSchema = z.object({
  page: z.number().int().min(1, { error: 'page must be 1 or more' }).default(1),
  pageSize: z
    .number()
    .int()
    .min(1, { error: 'pageSize must be 1 or more' })
    .max(MAX_PAGE_SIZE, { error: `pageSize must be at most ${MAX_PAGE_SIZE}` })
    .default(DEFAULT_PAGE_SIZE),
});

export type Pagination = z.infer<typeof paginationSchema>;

export type PageInfo = {
  totalPages: number;
  currentPage: number;
  totalCount: number;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
};

export type Page<T> = { data: T[]; pageInfo: PageInfo };

/** Offset for a SQL query of the given page. */
export const pageOffset = ({ page, pageSize }: Pagination) => (page - 1) * pageSize;

export const buildPageInfo = ({ page, pageSize }: Pagination, totalCount: number): PageInfo => {
  const totalPages = Math.max(1, Math.ceil(totalCount / pageSize));
  return {
    totalPages,
    currentPage: page,
    totalCount,
    hasNextPage: page < totalPages,
    hasPreviousPage: page > 1,
  };
};

export const toPage = <T>(pagination: Pagination, rows: T[], totalCount: number): Page<T> => ({
  data: rows,
  pageInfo: buildPageInfo(pagination, totalCount),
});
