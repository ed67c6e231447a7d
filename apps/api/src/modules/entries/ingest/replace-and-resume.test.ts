import { fileValidations } from '@tidewise/db/schema/entries';
import { fileMappings } from '@tidewise/db/schema/mappings';
import { files } from '@tidewise/db/schema/uploads';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Mailbox, outboxMailbox } from '../../../test/auth-test-kit.ts';
import { dataOf, gqlOf, type Gql, waitFor } from '../../../test/graphql-test-kit.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { type Admin, newOrganization } from '../../../test/organization-test-kit.ts';
import {
  APPLY,
  dataEntries,
  FUEL_MAPPINGS,
  fileValidation,
  fuelCsv,
  fuelMassOf,
  mapColumn,
  validatedFile,
  waitForValidation,
} from '../entries-test-kit.ts';
import { storedRowCount } from '../../../lib/validation-runs.ts';
import { applyMappings } from './apply-mappings-job.ts';

let server: TestServer;
let mailbox: Mailbox;
let admin: Admin;
let gql: Gql;

beforeAll(async () => {
  server = await startTestServer();
  mailbox = outboxMailbox(server);
  admin = await newOrganization(server, mailbox);
  gql = gqlOf(admin);
});

afterAll(async () => {
  await server?.close();
});

const ROWS = 10_000;

/** Entries stored (visible or not) per generation of a file's runs, from the table itself. */
const storedEntries = async (generations: number[]) => {
  const { rows } = (await server.app.services.db.execute(
    sql`SELECT generation, count(*)::int AS n, count(DISTINCT row_index)::int AS distinct_rows FROM data_entries
        WHERE generation = ANY(${`{${generations.join(',')}}`}::int[]) GROUP BY generation ORDER BY generation`,
  )) as unknown as { rows: { generation: number; n: number; distinct_rows: number }[] };
  return rows;
};

const generationOf = (entryId: string) => Number(entryId.split('-')[0]);

/**
 * A run queued the way applyFileMappings queues one (a new generation, the active mappings as they are), without
 * sending its job: the test runs the job itself, as a retry or a second worker would.
 */
const queueRunWithoutJob = async (fileId: string) => {
  const { db } = server.app.services;
  const [file] = await db.select().from(files).where(eq(files.id, fileId));
  const mappings = await db
    .select()
    .from(fileMappings)
    .where(and(eq(fileMappings.fileId, fileId), eq(fileMappings.isActive, true)));
  const [next] = ((await db.execute(sql`SELECT nextval('validation_generation_seq')::int AS g`)) as unknown as { rows: { g: number }[] })
    .rows;
  const generation = next?.g ?? 0;
  await db
    .update(fileValidations)
    .set({
      status: 'queued',
      runGeneration: generation,
      run: {
        category: 'vessel_fuel_consumption',
        rules: mappings.map((m) => ({ ...m, validation: m.validation })),
        entryFields: [],
        fields: { mapped: [], required: [], recommended: [], optional: [], missingRequired: [] },
        processedRows: 0,
        fileRows: await storedRowCount(db, fileId),
        parseGeneration: file?.parseGeneration ?? 0,
        counts: {
          totalRows: 0,
          emptyRows: 0,
          validRows: 0,
          invalidRows: 0,
          errorCount: 0,
          warningCount: 0,
          dataPointErrors: 0,
          dataPointWarnings: 0,
          dataPointSuccesses: 0,
          storedIssues: 0,
        },
      },
    })
    .where(eq(fileValidations.fileId, fileId));
  return { fileId, organizationId: admin.organizationId, generation };
};

const TOTALS =
  'status totalRows emptyRows validRows invalidRows errorCount warningCount dataPointErrors dataPointWarnings dataPointSuccesses';
const totalsOf = (v: Record<string, unknown>) => Object.fromEntries(TOTALS.split(' ').map((key) => [key, v[key]]));

describe('a validation run', () => {
  it('replaces the entries at once when mappings change: a reader polling meanwhile sees the old ones or the new ones, never a mix', async () => {
    const { fileId, validation } = await validatedFile(server, gql, 'voyages.csv', fuelCsv(ROWS), FUEL_MAPPINGS('t'));
    expect(validation).toMatchObject({ status: 'validated', totalRows: ROWS, validRows: ROWS });
    const first = await dataEntries(gql, { filter: { fileId }, order: { field: 'rowIndex' }, pagination: { pageSize: 100 } });
    const oldGeneration = generationOf(first.data[0]?.id ?? '');

    // The mass column turns out to be in kilograms: map it again and apply.
    await mapColumn(gql, fileId, {
      sourceColumn: 'Fuel mass',
      targetField: 'fuel_mass',
      transformations: [{ type: 'unit_conversion', unit: 'kg' }],
    });
    dataOf(await gql(APPLY, { fileId }));
    const seen = new Set<string>();
    for (let read = 0; ; read++) {
      const validationNow = await fileValidation(gql, fileId);
      const page = await dataEntries(gql, {
        filter: { fileId },
        order: { field: 'rowIndex' },
        pagination: { page: 1 + (read % 100), pageSize: 100 },
      });
      expect(page.pageInfo.totalCount).toBe(ROWS);
      expect(page.data).toHaveLength(100);
      const generations = new Set(page.data.map((e) => generationOf(e.id)));
      expect(generations.size).toBe(1);
      const inKilograms = !generations.has(oldGeneration);
      for (const entry of page.data) {
        const mass = entry.values.find((v) => v.fieldName === 'fuel_mass')?.numberValue;
        const expected = fuelMassOf(entry.rowIndex + 1);
        expect(mass).toBeCloseTo(inKilograms ? expected / 1000 : expected, 9);
      }
      seen.add(inKilograms ? 'new' : 'old');
      if (validationNow.status === 'validated' && inKilograms) break;
      expect(validationNow.status).not.toBe('failed');
    }
    expect(seen.has('new')).toBe(true);
    // The replaced generation is gone from the table; the new one holds each row once.
    const after = await dataEntries(gql, { filter: { fileId }, pagination: { pageSize: 1 } });
    const newGeneration = generationOf(after.data[0]?.id ?? '');
    // (The job deletes it in batches after the switch, so this waits for the job's end.)
    const left = await waitFor(
      () => storedEntries([oldGeneration, newGeneration]),
      (rows) => rows.length === 1,
      'the replaced entries deleted',
    );
    expect(left).toEqual([{ generation: newGeneration, n: ROWS, distinct_rows: ROWS }]);
  });

  it('run twice at once, or cut off part-way and run again, stores each row once with the same totals', async () => {
    const { fileId, validation } = await validatedFile(server, gql, 'twice.csv', fuelCsv(ROWS), FUEL_MAPPINGS('t'));
    const expected = totalsOf(validation as unknown as Record<string, unknown>);
    const { services } = server.app;

    // Two attempts of the same run at once (a retry while the first still runs, or two workers).
    const twice = await queueRunWithoutJob(fileId);
    const runs = await Promise.allSettled([
      applyMappings(services, { data: twice, signal: new AbortController().signal }, { commitIntervalMs: 0 }),
      applyMappings(services, { data: twice, signal: new AbortController().signal }, { commitIntervalMs: 0 }),
    ]);
    // One may stop because the other stored its rows first (the queue would retry it, and the retry finds the run done).
    for (const run of runs) if (run.status === 'rejected') expect(String(run.reason)).toMatch(/another attempt stored the rows/);
    await applyMappings(services, { data: twice, signal: new AbortController().signal });
    expect(totalsOf((await fileValidation(gql, fileId)) as unknown as Record<string, unknown>)).toEqual(expected);
    expect(await storedEntries([twice.generation])).toEqual([{ generation: twice.generation, n: ROWS, distinct_rows: ROWS }]);

    // An attempt cut off after its first parts (the process stopping), then the retry.
    const cut = await queueRunWithoutJob(fileId);
    const controller = new AbortController();
    const events = services.pubsub.subscribe('entries.validation', admin.organizationId);
    void (async () => {
      let validating = 0;
      for await (const event of events) {
        if (event.fileId === fileId && event.status === 'validating' && ++validating === 2) controller.abort();
      }
    })();
    await expect(applyMappings(services, { data: cut, signal: controller.signal }, { commitIntervalMs: 0 })).rejects.toThrow(/stopped/);
    await events.return?.();
    const [halfway] = await services.db.select().from(fileValidations).where(eq(fileValidations.fileId, fileId));
    expect(halfway?.status).toBe('validating');
    expect(halfway?.rowsValidated).toBeGreaterThan(0);
    expect(halfway?.rowsValidated).toBeLessThan(ROWS);
    // Readers still see the previous run's entries, all of them.
    const meanwhile = await dataEntries(gql, { filter: { fileId }, pagination: { pageSize: 1 } });
    expect(meanwhile.pageInfo.totalCount).toBe(ROWS);
    expect(generationOf(meanwhile.data[0]?.id ?? '')).toBe(twice.generation);

    await applyMappings(services, { data: cut, signal: new AbortController().signal }, { commitIntervalMs: 0 });
    expect(totalsOf((await waitForValidation(gql, fileId)) as unknown as Record<string, unknown>)).toEqual(expected);
    expect(await storedEntries([twice.generation, cut.generation])).toEqual([{ generation: cut.generation, n: ROWS, distinct_rows: ROWS }]);
  });
});
