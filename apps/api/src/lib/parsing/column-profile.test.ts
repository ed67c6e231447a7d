import { expect, it } from 'vitest';
import { ColumnProfiler } from './column-profile.ts';

it('types each column from every row and keeps up to five distinct samples', () => {
  const profiler = new ColumnProfiler();
  const rows = [
    [1, 1.5, '2022-04-29', true, 'a', null, 1],
    [2, 2, '2022-04-30T10:00:00', false, 'b', null, 'x'],
    [3, 3, null, true, 'a', null, 2],
    [4, 4, '2022-05-01', null, 'c', null, 3],
    [5, 5, '2022-05-02', true, 'd', null, 4],
    [6, 6, '2022-05-03', false, 'e', null, 5],
  ];
  for (const values of rows) profiler.add(values);
  const columns = profiler.columnsFor(['int', 'num', 'date', 'bool', 'text', 'nothing', 'mixed', 'beyond']);
  expect(columns.map((column) => column.dataType)).toEqual(['integer', 'number', 'date', 'boolean', 'string', 'empty', 'string', 'empty']);
  expect(columns[0]?.sampleValues).toEqual([1, 2, 3, 4, 5]);
  expect(columns[4]?.sampleValues).toEqual(['a', 'b', 'c', 'd', 'e']);
  expect(columns[3]?.sampleValues).toEqual([true, false]);
  expect(columns[7]).toEqual({ index: 7, name: 'beyond', dataType: 'empty', sampleValues: [] });
});
