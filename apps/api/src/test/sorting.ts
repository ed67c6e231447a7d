import { expect } from 'vitest';

export type SortArg = { field: string; direction: 'ASC' | 'DESC' };
/** One page of a list query, called with a `sort` argument, page number and page size. */
export type FetchPage<T> = (sort: SortArg, page: number, pageSize: number) => Promise<T[]>;

const inOrder = <V extends string | number>(values: (V | null)[]) =>
  values.every((value, i) => {
    const next = values[i + 1];
    if (next === undefined || next === null) return true;
    if (value === null) return false;
    return value <= next;
  });

/**
 * What a client paging a sorted list sees: every page continues the previous one in the field's order
 * (empty values last), and DESC is exactly ASC reversed, tie-breaker included.
 */
export const expectSortedAcrossPages = async <T extends { id: string }>(
  fetch: FetchPage<T>,
  field: string,
  key: (row: T) => string | number | null,
  pageSize = 2,
) => {
  const all = await fetch({ field, direction: 'ASC' }, 1, 100);
  expect(all.length).toBeGreaterThan(pageSize);
  expect(inOrder(all.map(key)), `${field} ASC order: ${JSON.stringify(all.map(key))}`).toBe(true);
  for (const direction of ['ASC', 'DESC'] as const) {
    const full = direction === 'ASC' ? all : [...all].reverse();
    const paged: T[] = [];
    for (let page = 1; paged.length < full.length; page += 1) {
      const rows = await fetch({ field, direction }, page, pageSize);
      expect(rows.length).toBeGreaterThan(0);
      paged.push(...rows);
    }
    expect(paged.map((r) => r.id)).toEqual(full.map((r) => r.id));
  }
  const desc = await fetch({ field, direction: 'DESC' }, 1, 100);
  expect(desc.map((r) => r.id)).toEqual([...all].reverse().map((r) => r.id));
};
