import { randomUUID } from 'node:crypto';
import type { Database } from '@tidewise/db/client';
import { dataEntries, fileValidations } from '@tidewise/db/schema/entries';
import { organizations } from '@tidewise/db/schema/organizations';
import { calendars, calendarTasks } from '@tidewise/db/schema/requests';
import { fileUploads, files } from '@tidewise/db/schema/uploads';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { dataOf, type Gql } from './graphql-test-kit.ts';

/**
 * For the emissions report tests: an organisation's validated files and its requests written straight into the tables
 * the recompute job reads (the upload, mapping and validation flow has its own tests, and the whole flow is tested
 * end to end in schema/emissions-flow.test.ts), then a real run through `recomputeEmissions`.
 */

/** The vessel fuel fields the seeded files hold, in this order. */
export const VESSEL_FIELDS = [
  'imo_number',
  'vessel_name',
  'ship_type',
  'deadweight',
  'charter_type',
  'fuel_type',
  'fuel_mass',
  'distance',
  'cargo_mass',
  'period_start',
  'period_end',
  'reporting_year',
] as const;

export type VesselRow = {
  imo: string | null;
  name: string | null;
  shipType: string | null;
  deadweight: number | null;
  charter: 'time' | 'voyage' | 'bareboat' | null;
  fuel: string | null;
  fuelT: number | null;
  distanceNm: number | null;
  cargoT: number | null;
  start: string | null;
  end: string | null;
  reportingYear?: number | null;
};

const valuesOf = (row: VesselRow) => [
  row.imo,
  row.name,
  row.shipType,
  row.deadweight,
  row.charter,
  row.fuel,
  row.fuelT,
  row.distanceNm,
  row.cargoT,
  row.start,
  row.end,
  row.reportingYear ?? null,
];

export const seedOrganization = async (db: Database, name: string): Promise<string> => {
  const [row] = await db.insert(organizations).values({ name, organizationType: 'supplier' }).returning({ id: organizations.id });
  if (!row) throw new Error('organization not inserted');
  return row.id;
};

/** A validated vessel fuel file of the organisation (in a supplier's file upload when given), its rows as entries. */
export const seedVesselFile = async (
  db: Database,
  input: { organizationId: string; name: string; rows: readonly VesselRow[]; fileUploadId?: string | null },
): Promise<{ fileId: string; generation: number; entryIds: string[] }> => {
  const [file] = await db
    .insert(files)
    .values({
      organizationId: input.organizationId,
      fileUploadId: input.fileUploadId ?? null,
      originalName: input.name,
      sanitizedName: input.name,
      mimeType: 'text/csv',
      size: 1000,
      status: 'processed',
      storageKey: `seeded/${randomUUID()}`,
    })
    .returning({ id: files.id });
  if (!file) throw new Error('file not inserted');
  const { rows } = (await db.execute(sql`SELECT nextval('validation_generation_seq')::int AS generation`)) as unknown as {
    rows: { generation: number }[];
  };
  const generation = Number(rows[0]?.generation);
  await db.insert(fileValidations).values({
    fileId: file.id,
    organizationId: input.organizationId,
    status: 'validated',
    runGeneration: generation,
    entriesGeneration: generation,
    entryFields: [...VESSEL_FIELDS],
    category: 'vessel_fuel_consumption',
    isValid: true,
    totalRows: input.rows.length,
    validRows: input.rows.length,
    validatedAt: new Date(),
  });
  await db.insert(dataEntries).values(
    input.rows.map((row, rowIndex) => ({
      generation,
      rowIndex,
      rowNumber: rowIndex + 2,
      entryDate: row.start,
      isValid: true,
      values: valuesOf(row),
    })),
  );
  return { fileId: file.id, generation, entryIds: input.rows.map((_, rowIndex) => `${generation}-${rowIndex}`) };
};

/**
 * A data request of the customer to a supplier with a deadline (and a reporting period when given), answered by a file
 * upload of the supplier when given.
 */
export const seedRequest = async (
  db: Database,
  input: { customerId: string; supplierId: string; deadline: Date; status: string; withAnswer?: boolean; period?: string },
): Promise<{ taskId: string; fileUploadId: string | null }> => {
  const [calendar] = await db
    .insert(calendars)
    .values({ organizationId: input.customerId, deadline: input.deadline })
    .returning({ id: calendars.id });
  if (!calendar) throw new Error('calendar not inserted');
  let fileUploadId: string | null = null;
  if (input.withAnswer) {
    const [upload] = await db
      .insert(fileUploads)
      .values({ organizationId: input.supplierId, name: 'Answer', status: 'completed' })
      .returning({ id: fileUploads.id });
    fileUploadId = upload?.id ?? null;
  }
  const [task] = await db
    .insert(calendarTasks)
    .values({
      calendarId: calendar.id,
      organizationId: input.customerId,
      supplierOrganizationId: input.supplierId,
      taskType: 'data_request',
      title: 'Fuel consumption 2025',
      status: input.status,
      endDate: input.deadline,
      responseUploadId: fileUploadId,
      requiredUploadPurpose: 'vessel_fuel_consumption',
      requiredUploadSecondaryPurpose: input.period ?? null,
    })
    .returning({ id: calendarTasks.id });
  if (!task) throw new Error('task not inserted');
  return { taskId: task.id, fileUploadId };
};

const RUN_OF = '{ emissionSettings { currentRun { id status } latestRun { id status error } } }';
type RunState = {
  emissionSettings: { currentRun: { id: string } | null; latestRun: { id: string; status: string; error: string | null } | null };
};

/** Asks for a run and waits until it completed and is the one the report reads. */
export const recompute = async (gql: Gql): Promise<string> => {
  const started = dataOf(await gql<{ recomputeEmissions: { id: string } }>('mutation { recomputeEmissions { id } }')).recomputeEmissions;
  const deadline = Date.now() + 90_000;
  for (;;) {
    const state = dataOf(await gql<RunState>(RUN_OF)).emissionSettings;
    if (state.latestRun?.status === 'failed') throw new Error(`run failed: ${state.latestRun.error}`);
    if (state.currentRun?.id === started.id) return started.id;
    if (Date.now() > deadline) throw new Error(`run ${started.id} not current: ${JSON.stringify(state)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** Figures compared to 6 significant decimals: sums of doubles differ from the hand sums in the last bits. */
export const expectFigures = (actual: Record<string, unknown> | undefined, expected: Record<string, number>, what: string) => {
  expect(actual, what).toBeDefined();
  for (const [key, value] of Object.entries(expected)) {
    expect(actual?.[key], `${what}: ${key}`).toBeCloseTo(value, 6);
  }
};
