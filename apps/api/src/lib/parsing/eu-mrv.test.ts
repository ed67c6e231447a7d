import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, expect, it } from 'vitest';
import { runParseInWorker } from './run-parse-in-worker.ts';
import type { CellValue, ReadResult, ReadStart } from './types.ts';

// The EU MRV "Publication of information" workbook for 2021, a real file no one here wrote: header on row 3 under
// merged group rows, a repeated column name, N/A and "Division by zero!" cells, CO₂ with a Unicode subscript.
// Expected figures were counted independently from the sheet XML (zip + regular expressions, outside this code).

const findRepoRoot = (from: string): string => {
  let dir = from;
  while (dir !== path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && 'workspaces' in JSON.parse(readFileSync(manifest, 'utf8'))) return dir;
    dir = path.dirname(dir);
  }
  throw new Error('Repository root (package.json with workspaces) not found above the test file.');
};

const DATA_DIR = path.resolve(findRepoRoot(path.dirname(fileURLToPath(import.meta.url))), '../shared/data/eu-mrv');

const locate2021 = (): string => {
  const file = existsSync(DATA_DIR) ? readdirSync(DATA_DIR).find((name) => name.startsWith('2021-') && name.endsWith('.xlsx')) : undefined;
  if (!file) {
    throw new Error(
      `EU MRV data missing: expected the 2021 "EU MRV Publication of information" .xlsx in ${DATA_DIR} ` +
        '(../shared/data/eu-mrv/ next to the repository root; CI provides it).',
    );
  }
  return path.join(DATA_DIR, file);
};

const EXPECTED = {
  headerRowNumber: 3,
  columns: 62,
  dataRows: 12_484,
  lastRowNumber: 12_487,
  /** Sum of "Total CO₂ emissions [m tonnes]" over all ships, in hundredths of a tonne (126,786,980.75 t). */
  co2HundredthsOfTonnes: 12_678_698_075,
  /** "Fuel consumptions assigned to On laden [m tonnes]": 1,923 numbers, 392 N/A, the rest empty. */
  onLadenNumbers: 1_923,
  /** "Annual average CO₂ emissions per distance [kg CO₂ / n mile]": 11,989 numbers, 495 "Division by zero!". */
  perDistanceNumbers: 11_989,
};

let start: ReadStart | undefined;
let result: ReadResult;
const columns = new Map<string, CellValue[]>();
let tokenLeaks = 0;
let rowCount = 0;

beforeAll(async () => {
  const filePath = locate2021();
  const wanted = [
    'Total CO₂ emissions [m tonnes]',
    'Fuel consumptions assigned to On laden [m tonnes]',
    'Annual average CO₂ emissions per distance [kg CO₂ / n mile]',
  ];
  let indexes: number[] = [];
  result = await runParseInWorker(filePath, {
    onStart: (value) => {
      start = value;
      indexes = wanted.map((name) => value.columns.findIndex((column) => column.name === name));
      for (const name of wanted) columns.set(name, []);
    },
    onBatch: ({ rows }) => {
      for (const row of rows) {
        rowCount++;
        wanted.forEach((name, i) => {
          columns.get(name)?.push(row.values[indexes[i] as number] ?? null);
        });
        for (const value of row.values) if (value === 'N/A' || value === 'Division by zero!') tokenLeaks++;
      }
    },
  });
}, 120_000);

it('finds the header on row 3 and keeps the repeated column apart', () => {
  expect(start?.headerRowNumber).toBe(EXPECTED.headerRowNumber);
  expect(result.headerRowNumber).toBe(EXPECTED.headerRowNumber);
  const names = result.fileMetadata.detectedColumns.map((column) => column.name);
  expect(names).toHaveLength(EXPECTED.columns);
  expect(names.slice(0, 3)).toEqual(['IMO Number', 'Name', 'Ship type']);
  expect(names.slice(17, 22)).toEqual(['A', 'B', 'C', 'D', 'D (2)']);
  expect(result.sheets).toEqual([
    { index: 0, name: '2021', rowCount: EXPECTED.lastRowNumber, cellCount: expect.any(Number), hidden: false },
  ]);
});

it('streams every ship', () => {
  expect(rowCount).toBe(EXPECTED.dataRows);
  expect(result).toMatchObject({
    rowsDelivered: EXPECTED.dataRows,
    lastRowNumber: EXPECTED.lastRowNumber,
    fileMetadata: { totalRows: EXPECTED.dataRows },
  });
});

it('reads N/A and Division by zero! as empty', () => {
  expect(tokenLeaks).toBe(0);
  const onLaden = columns.get('Fuel consumptions assigned to On laden [m tonnes]') ?? [];
  expect(onLaden.filter((value) => typeof value === 'number')).toHaveLength(EXPECTED.onLadenNumbers);
  expect(onLaden.filter((value) => value !== null && typeof value !== 'number')).toEqual([]);
  const perDistance = columns.get('Annual average CO₂ emissions per distance [kg CO₂ / n mile]') ?? [];
  expect(perDistance.filter((value) => typeof value === 'number')).toHaveLength(EXPECTED.perDistanceNumbers);
  expect(perDistance.filter((value) => value !== null && typeof value !== 'number')).toEqual([]);
  const column = result.fileMetadata.detectedColumns.find(
    (detected) => detected.name === 'Fuel consumptions assigned to On laden [m tonnes]',
  );
  expect(column?.dataType).toBe('number');
});

it('sums Total CO₂ emissions to the independently computed figure', () => {
  const values = columns.get('Total CO₂ emissions [m tonnes]') ?? [];
  expect(values.every((value) => typeof value === 'number')).toBe(true);
  const hundredths = values.reduce<number>((sum, value) => sum + Math.round((value as number) * 100), 0);
  expect(hundredths).toBe(EXPECTED.co2HundredthsOfTonnes);
});

it('suggests vessel fuel consumption', () => {
  expect(result.fileMetadata.categoryAnalysis.suggestedCategory).toBe('vessel_fuel_consumption');
});
