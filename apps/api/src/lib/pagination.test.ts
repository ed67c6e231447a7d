import { describe, expect, it } from 'vitest';
import { buildPageInfo, MAX_PAGE_SIZE, pageOffset, paginationSchema } from './pagination.ts';

describe('pagination', () => {
  it('describes a middle page', () => {
    expect(buildPageInfo({ page: 2, pageSize: 10 }, 25)).toEqual({
      totalPages: 3,
      currentPage: 2,
      totalCount: 25,
      hasNextPage: true,
      hasPreviousPage: true,
    });
    expect(pageOffset({ page: 2, pageSize: 10 })).toBe(10);
  });

  it('reports one empty page for an empty list', () => {
    expect(buildPageInfo({ page: 1, pageSize: 20 }, 0)).toEqual({
      totalPages: 1,
      currentPage: 1,
      totalCount: 0,
      hasNextPage: false,
      hasPreviousPage: false,
    });
  });

  it('refuses page sizes above the maximum and pages below 1', () => {
    expect(paginationSchema.safeParse({ page: 1, pageSize: MAX_PAGE_SIZE + 1 }).error?.issues[0]?.message).toBe(
      `pageSize must be at most ${MAX_PAGE_SIZE}`,
    );
    expect(paginationSchema.safeParse({ page: 0 }).error?.issues[0]?.message).toBe('page must be 1 or more');
    expect(paginationSchema.parse({})).toEqual({ page: 1, pageSize: 20 });
  });
});
