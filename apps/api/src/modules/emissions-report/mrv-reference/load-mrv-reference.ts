import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Executor } from '@tidewise/db/client';
import { mrvReferenceShips } from '@tidewise/db/schema/emissions';
import { sql } from 'drizzle-orm';
import { readFile } from '../../../lib/parsing/read-file.ts';
import type { CellValue } from '../../../lib/parsing/types.ts';

/**
 * The EU MRV "Publication of information" files, loaded as the benchmark's reference set (docs/benchmarks.md): one
 * row per ship and reporting year, upserted by (year, IMO), so loading a file again (a corrected version of the
 * publication) replaces its rows and leaves the other years alone.
 */

/** The header row of every publication year read (2018 to 2021): two group rows above it. */
export const MRV_HEADER_ROW = 3;

/** The columns read, as the publication names them (the same in the 2018, 2019, 2020 and 2021 files). */
export const MRV_COLUMNS = {
  imo: 'IMO Number',
  name: 'Name',
  shipType: 'Ship type',
  year: 'Reporting Period',
  co2PerDistance: 'Annual average CO₂ emissions per distance [kg CO₂ / n mile]',
  co2PerTransportWork: 'Annual average CO₂ emissions per transport work (mass) [g CO₂ / m tonnes · n miles]',
  totalCo2Tonnes: 'Total CO₂ emissions [m tonnes]',
  totalFuelTonnes: 'Total fuel consumption [m tonnes]',
} as const;

type ColumnKey = keyof typeof MRV_COLUMNS;

type ShipRow = typeof mrvReferenceShips.$inferInsert;

const BATCH = 1000;

/**
 * A figure of the publication: a number, or null where it prints none ("Division by zero!" for a ship without distance
 * or cargo, "N/A" where the measure does not apply, an empty cell).
 */
export const figureOf = (cell: CellValue | undefined): number | null => {
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
  if (typeof cell !== 'string') return null;
  const text = cell.trim();
  if (!/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(text)) return null;
  return Number(text);
};

const textOf = (cell: CellValue | undefined): string | null => {
  if (cell === null || cell === undefined) return null;
  const text = String(cell).trim();
  return text === '' ? null : text;
};

/** An IMO number as text: "9321483" whether the cell holds text or a number. */
const imoOf = (cell: CellValue | undefined): string | null => {
  const text = typeof cell === 'number' ? String(Math.trunc(cell)) : textOf(cell);
  return text && /^\d{7}$/.test(text) ? text : null;
};

const upsert = async (executor: Executor, rows: ShipRow[]) => {
  if (rows.length === 0) return;
  await executor
    .insert(mrvReferenceShips)
    .values(rows)
    .onConflictDoUpdate({
      target: [mrvReferenceShips.reportingYear, mrvReferenceShips.imo],
      set: {
        name: sql`excluded.name`,
        shipType: sql`excluded.ship_type`,
        co2PerDistance: sql`excluded.co2_per_distance`,
        co2PerTransportWork: sql`excluded.co2_per_transport_work`,
        totalCo2Tonnes: sql`excluded.total_co2_tonnes`,
        totalFuelTonnes: sql`excluded.total_fuel_tonnes`,
        sourceFile: sql`excluded.source_file`,
        loadedAt: sql`now()`,
      },
    });
};

export type LoadedFile = { file: string; ships: number; skipped: number };

/**
 * Loads one publication file: finds the columns on the header row by name, then upserts the ships a thousand at a
 * time as the rows stream in. A row without a 7-digit IMO number, a ship type or a reporting year is skipped and
 * counted. A file missing one of the columns is refused with their names.
 */
export const loadMrvFile = async (executor: Executor, filePath: string): Promise<LoadedFile> => {
  const file = path.basename(filePath);
  let columns: Record<ColumnKey, number> | null = null;
  let batch = new Map<string, ShipRow>();
  let ships = 0;
  let skipped = 0;
  const flush = async () => {
    await upsert(executor, [...batch.values()]);
    ships += batch.size;
    batch = new Map();
  };
  // The platform's own streaming reader (lib/parsing), told where the header is: two group rows stand above it.
  await readFile(
    filePath,
    {
      onStart: (start) => {
        const names = start.columns.map((column) => column.name.trim());
        const found: Partial<Record<ColumnKey, number>> = {};
        const missing: string[] = [];
        for (const [key, name] of Object.entries(MRV_COLUMNS) as [ColumnKey, string][]) {
          const index = names.indexOf(name);
          if (index < 0) missing.push(name);
          else found[key] = start.columns[index]?.index ?? index;
        }
        if (missing.length > 0) throw new Error(`${file}: columns not found on row ${MRV_HEADER_ROW}: ${missing.join(', ')}`);
        columns = found as Record<ColumnKey, number>;
      },
      onBatch: async ({ rows }) => {
        const at = columns as Record<ColumnKey, number>;
        for (const { values } of rows) {
          const imo = imoOf(values[at.imo]);
          const shipType = textOf(values[at.shipType]);
          const year = figureOf(values[at.year]);
          if (!imo || !shipType || year === null || !Number.isInteger(year)) {
            if (values.some((cell) => cell !== null && cell !== undefined)) skipped++;
            continue;
          }
          // The same ship twice in one file: the later row stands, as the upsert would have it.
          batch.set(`${year}|${imo}`, {
            reportingYear: year,
            imo,
            name: textOf(values[at.name]),
            shipType,
            co2PerDistance: figureOf(values[at.co2PerDistance]),
            co2PerTransportWork: figureOf(values[at.co2PerTransportWork]),
            totalCo2Tonnes: figureOf(values[at.totalCo2Tonnes]),
            totalFuelTonnes: figureOf(values[at.totalFuelTonnes]),
            sourceFile: file,
          });
          if (batch.size >= BATCH) await flush();
        }
      },
    },
    { headerRow: MRV_HEADER_ROW },
  );
  if (!columns) throw new Error(`${file}: no header row ${MRV_HEADER_ROW}`);
  await flush();
  return { file, ships, skipped };
};

/** The publication files of a folder (`*.xlsx`), oldest year first by name. */
export const mrvFilesIn = async (dir: string): Promise<string[]> =>
  (await readdir(dir))
    .filter((name) => name.toLowerCase().endsWith('.xlsx') && !name.startsWith('~$'))
    .sort()
    .map((name) => path.join(dir, name));

/** Loads every publication file of the folder, one after the other. */
export const loadMrvReference = async (executor: Executor, dir: string): Promise<LoadedFile[]> => {
  const loaded: LoadedFile[] = [];
  for (const file of await mrvFilesIn(dir)) loaded.push(await loadMrvFile(executor, file));
  return loaded;
};
