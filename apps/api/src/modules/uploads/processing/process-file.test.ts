import { symlink, unlink } from 'node:fs/promises';
import path from 'node:path';
import { fileUploads, files } from '@tidewise/db/schema/uploads';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStorageRoot } from '../../../lib/storage/create-storage.ts';
import { type Mailbox, outboxMailbox } from '../../../test/auth-test-kit.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { type Admin, newOrganization } from '../../../test/organization-test-kit.ts';
import { PROCESS_FILE_JOB } from '../jobs.ts';
import { packRowsJson } from '../../../lib/parsing/row-packing.ts';
import { createTempDir, type TempDir } from '../../../lib/parsing/test-fixtures.ts';
import { processFile } from './process-file.ts';
import { storeBatch } from './reading-state.ts';
import {
  chunkSummary,
  createStoredFile,
  csvLine,
  csvOf,
  FILE_ROW_SNIPPETS,
  fileRecord,
  queueReading,
  type SnippetResult,
  waitForJob,
  waitForStatus,
} from './test-processing-kit.ts';

let server: TestServer;
let mailbox: Mailbox;
let admin: Admin;
let temp: TempDir;

beforeAll(async () => {
  server = await startTestServer();
  mailbox = outboxMailbox(server);
  admin = await newOrganization(server, mailbox);
  temp = await createTempDir();
});

afterAll(async () => {
  await server?.close();
  await temp?.remove();
});

const snippets = async (fileId: string, fromRow: number, toRow: number, token = admin.token) => {
  const result = await admin.client.gql<SnippetResult>(FILE_ROW_SNIPPETS, { fileId, fromRow, toRow }, token);
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return result.data.fileRowSnippets;
};

/** A workbook as suppliers send them, written with exceljs's streaming writer: a title row, the header, then data. */
const writeWorkbook = async (filePath: string, rows: number) => {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: filePath, useSharedStrings: true, useStyles: false });
  const notes = workbook.addWorksheet('Notes');
  notes.addRow(['One row per voyage']).commit();
  await notes.commit();
  const sheet = workbook.addWorksheet('Voyages');
  sheet.addRow(['Voyage report 2024']).commit();
  sheet.addRow(['IMO number', 'Vessel', 'Fuel type', 'Fuel mass [t]', 'Date']).commit();
  for (let i = 1; i <= rows; i++) {
    sheet.addRow([9_000_000 + i, `Vessel ${i}`, i % 2 ? 'HFO' : 'MGO', i * 1.5, new Date(Date.UTC(2024, 0, 1 + (i % 28)))]).commit();
  }
  await sheet.commit();
  await workbook.commit();
};

/** The statuses of one file's (or batch's) live events, in order, until one is `last`. Starts listening at once. */
const statusesUntil = async (
  events: AsyncIterableIterator<{ fileId?: string; fileUploadId: string | null; status: string }>,
  id: string,
  last: string,
) => {
  const statuses: string[] = [];
  for await (const event of events) {
    if ((event.fileId ?? event.fileUploadId) !== id) continue;
    statuses.push(event.status);
    if (event.status === last) break;
  }
  return statuses;
};

describe('the file-processing job', () => {
  it('reads a CSV into contiguous chunks, every row once, with its columns, read details and the batch updated', async () => {
    const file = await createStoredFile(server, admin.organizationId, Buffer.from(csvOf(5000)), { name: 'voyages.csv', fileType: 'csv' });
    // Listening before the job is sent (a subscription hears events from its first read on).
    const fileStatuses = statusesUntil(
      server.app.services.pubsub.subscribe('uploads.file', admin.organizationId),
      file.fileId,
      'processed',
    );
    const batchStatuses = statusesUntil(
      server.app.services.pubsub.subscribe('uploads.fileUpload', admin.organizationId),
      file.fileUploadId,
      'ready',
    );
    await queueReading(server, file);
    const processed = await waitForStatus(server, file.fileId, ['processed', 'failed']);

    // Subscribers heard the reading start, its progress and its end, and the batch's new status.
    const statuses = await fileStatuses;
    expect(statuses[0]).toBe('processing');
    expect(statuses.at(-1)).toBe('processed');
    expect(statuses.filter((s) => s === 'processing').length).toBeGreaterThan(1);
    expect((await batchStatuses).at(-1)).toBe('ready');

    expect(processed).toMatchObject({ status: 'processed', rowsRead: 5000, readPercent: 100, error: null });
    expect(processed.processedAt).not.toBeNull();
    const metadata = processed.fileMetadata as { totalRows: number; detectedColumns: { name: string; dataType: string }[] };
    expect(metadata.totalRows).toBe(5000);
    expect(metadata.detectedColumns.map((c) => c.name)).toEqual([
      'Row',
      'IMO number',
      'Vessel',
      'Fuel type',
      'Fuel mass [t]',
      'Distance [nm]',
      'Date',
      'Port',
      'CO2 [t]',
      'Comment',
    ]);
    expect(metadata.detectedColumns.find((c) => c.name === 'Date')?.dataType).toBe('date');
    expect(processed.readDetails).toMatchObject({ format: 'csv', delimiter: ',', headerRowNumber: 1, numberStyle: 'point' });
    expect(await chunkSummary(server, file.fileId)).toEqual({ chunks: 3, rows: 5000, distinctRows: 5000, contiguous: true });

    const [batch] = await server.app.services.db.select().from(fileUploads).where(eq(fileUploads.id, file.fileUploadId));
    expect(batch?.status).toBe('ready');

    const first = await snippets(file.fileId, 1, 2);
    expect(first).toMatchObject({ fileId: file.fileId, totalRows: 5000, fromRow: 1 });
    expect(first.columns[0]).toBe('Row');
    // Row numbers as a spreadsheet shows them: the header is row 1.
    expect(first.rows.map((r) => r.rowNumber)).toEqual([2, 3]);
    expect(first.rows[0]?.values).toEqual([1, 9000001, 'Vessel 1', 'VLSFO', 7.31, 13, '2024-02-02', 'Hamburg', 22.7, 'Voyage 1']);
    // Across a chunk boundary (chunks of 2,000 rows) and up to the last row.
    const across = await snippets(file.fileId, 1999, 2002);
    expect(across.rows.map((r) => r.values[0])).toEqual([1999, 2000, 2001, 2002]);
    const last = await snippets(file.fileId, 4990, 5100);
    expect(last.rows).toHaveLength(11);
    expect(last.rows.at(-1)?.rowNumber).toBe(5001);
    expect(last.rows.at(-1)?.values[0]).toBe(5000);
    // N/A is a null token: the cell reads as empty.
    expect(last.rows.at(-1)?.values[9]).toBeNull();
  });

  it('reads the largest sheet of an XLSX below its title row, with row numbers as the sheet shows them', async () => {
    const workbookPath = path.join(temp.dir, 'voyages.xlsx');
    await writeWorkbook(workbookPath, 4500);
    const file = await createStoredFile(server, admin.organizationId, { path: workbookPath }, { name: 'voyages.xlsx', fileType: 'xlsx' });
    await queueReading(server, file);
    const processed = await waitForStatus(server, file.fileId, ['processed', 'failed']);

    expect(processed).toMatchObject({ status: 'processed', rowsRead: 4500 });
    const metadata = processed.fileMetadata as { totalRows: number; detectedColumns: { name: string; dataType: string }[] };
    expect(metadata.totalRows).toBe(4500);
    expect(metadata.detectedColumns.map((c) => [c.name, c.dataType])).toEqual([
      ['IMO number', 'integer'],
      ['Vessel', 'string'],
      ['Fuel type', 'string'],
      ['Fuel mass [t]', 'number'],
      ['Date', 'date'],
    ]);
    expect(processed.readDetails).toMatchObject({ format: 'xlsx', headerRowNumber: 2, sheet: { name: 'Voyages' } });
    expect((processed.readDetails as { sheets: { name: string }[] }).sheets.map((s) => s.name)).toEqual(['Notes', 'Voyages']);
    expect(await chunkSummary(server, file.fileId)).toEqual({ chunks: 3, rows: 4500, distinctRows: 4500, contiguous: true });

    const first = await snippets(file.fileId, 1, 1);
    expect(first.rows).toEqual([{ rowNumber: 3, values: [9000001, 'Vessel 1', 'HFO', 1.5, '2024-01-02'] }]);
    const last = await snippets(file.fileId, 4500, 4500);
    expect(last.rows).toEqual([{ rowNumber: 4502, values: [9004500, 'Vessel 4500', 'MGO', 6750, '2024-01-21'] }]);
  });

  it('reads the sheet the person chose', async () => {
    const workbookPath = path.join(temp.dir, 'notes.xlsx');
    await writeWorkbook(workbookPath, 10);
    const file = await createStoredFile(
      server,
      admin.organizationId,
      { path: workbookPath },
      {
        name: 'notes.xlsx',
        fileType: 'xlsx',
        selectedSheet: 'Notes',
      },
    );
    await queueReading(server, file);
    const processed = await waitForStatus(server, file.fileId, ['processed', 'failed']);
    expect(processed.readDetails).toMatchObject({ sheet: { name: 'Notes' } });
    expect((await snippets(file.fileId, 1, 10)).totalRows).toBe(processed.rowsRead);
  });

  it('resumes a reading cut off part-way after the rows it stored, storing each row once', async () => {
    const rows = 40_000;
    const file = await createStoredFile(server, admin.organizationId, Buffer.from(csvOf(rows)), { name: 'long.csv', fileType: 'csv' });
    await server.app.services.db.update(files).set({ status: 'queued' }).where(eq(files.id, file.fileId));
    const job = { fileId: file.fileId, organizationId: file.organizationId, generation: 1 };

    // The first run is stopped as the queue stops a job (its signal) once a batch was stored and announced.
    const events = server.app.services.pubsub.subscribe('uploads.file', admin.organizationId);
    const controller = new AbortController();
    const firstRun = processFile(server.app.services, { data: job, signal: controller.signal });
    let seen = 0;
    for await (const event of events) {
      if (event.fileId !== file.fileId) continue;
      seen += 1;
      // The first event announces the reading, the next one its first stored batch.
      if (seen === 2) break;
    }
    controller.abort();
    await expect(firstRun).rejects.toThrow(/stopped/);
    const partial = await fileRecord(server, file.fileId);
    const stored = await chunkSummary(server, file.fileId);
    expect(partial.status).toBe('processing');
    expect(stored.rows).toBeGreaterThan(0);
    expect(stored.rows).toBeLessThan(rows);
    expect(partial.rowsRead).toBe(stored.rows);

    // A run that had not seen those rows stored (another run's) is told so, and writes nothing.
    const late = { firstRowNumber: 2, lastRowNumber: 2, rowCount: 1, packed: await packRowsJson('[[2,[1]]]') };
    expect(await storeBatch(server.app.services.db, job, { firstIndex: 0, batch: late, readPercent: 1 })).toBe('taken');
    expect((await fileRecord(server, file.fileId)).rowsRead).toBe(stored.rows);
    expect(await chunkSummary(server, file.fileId)).toMatchObject({ rows: stored.rows, contiguous: true });

    const jobId = await server.app.services.jobs.send(PROCESS_FILE_JOB, job, { retryDelay: 1 });
    await waitForJob(server, jobId as string, 'completed');
    const processed = await fileRecord(server, file.fileId);
    expect(processed).toMatchObject({ status: 'processed', rowsRead: rows });
    expect(await chunkSummary(server, file.fileId)).toMatchObject({ rows, distinctRows: rows, contiguous: true });
    const edges = [await snippets(file.fileId, 1, 1), await snippets(file.fileId, rows, rows)];
    expect(edges.map((s) => s.rows[0]?.values[0])).toEqual([1, rows]);
  });

  it('does nothing for a job of an older generation', async () => {
    const file = await createStoredFile(server, admin.organizationId, Buffer.from(csvOf(100)), {
      name: 'resent.csv',
      fileType: 'csv',
      generation: 2,
    });
    const jobId = await queueReading(server, file, 1);
    await waitForJob(server, jobId, 'completed');
    const after = await fileRecord(server, file.fileId);
    expect(after).toMatchObject({ status: 'queued', rowsRead: 0, readDetails: null, fileMetadata: null, processingStartedAt: null });
    expect(await chunkSummary(server, file.fileId)).toMatchObject({ chunks: 0 });
  });

  it('stops writing when the file is queued again for another reading while it is read', async () => {
    const file = await createStoredFile(server, admin.organizationId, Buffer.from(csvOf(30_000)), { name: 'resheet.csv', fileType: 'csv' });
    await server.app.services.db.update(files).set({ status: 'queued' }).where(eq(files.id, file.fileId));
    const events = server.app.services.pubsub.subscribe('uploads.file', admin.organizationId);
    const run = processFile(server.app.services, {
      data: { fileId: file.fileId, organizationId: file.organizationId, generation: 1 },
      signal: new AbortController().signal,
    });
    let seen = 0;
    for await (const event of events) {
      if (event.fileId === file.fileId) seen += 1;
      if (seen === 2) break;
    }
    // What updateFileSheet does: a new generation, queued again.
    await server.app.services.db.update(files).set({ status: 'queued', parseGeneration: 2 }).where(eq(files.id, file.fileId));
    const storedAtChange = (await chunkSummary(server, file.fileId)).rows;
    await run;
    const after = await fileRecord(server, file.fileId);
    expect(after).toMatchObject({ status: 'queued', parseGeneration: 2, fileMetadata: null });
    // At most the batch that was being stored when the generation changed got in; nothing after it.
    expect((await chunkSummary(server, file.fileId)).rows).toBeLessThanOrEqual(storedAtChange + 2000);
    expect((await chunkSummary(server, file.fileId)).rows).toBeLessThan(30_000);
  });

  it('fails a file that turns out broken part-way with the reader code and row, dropping the rows it stored', async () => {
    const broken = `${csvOf(4500)}${csvLine(4501)}\n4502,"unclosed quote,x\n${csvLine(4503)}\n`;
    const file = await createStoredFile(server, admin.organizationId, Buffer.from(broken), { name: 'broken.csv', fileType: 'csv' });
    const jobId = await queueReading(server, file);
    const failed = await waitForStatus(server, file.fileId, ['processed', 'failed']);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatchObject({ code: 'MALFORMED_CSV', message: expect.stringMatching(/row/i) });
    expect(failed.rowsRead).toBe(0);
    expect(await chunkSummary(server, file.fileId)).toMatchObject({ chunks: 0 });
    // Bad input is final: the job itself completed and is not retried.
    expect(await waitForJob(server, jobId, 'completed')).toMatchObject({ retryCount: 0 });
    const [batch] = await server.app.services.db.select().from(fileUploads).where(eq(fileUploads.id, file.fileUploadId));
    expect(batch?.status).toBe('failed');
  });

  it('retries a reading whose stored file cannot be read, then fails the file with PROCESSING_FAILED and the reason', async () => {
    const file = await createStoredFile(server, admin.organizationId, Buffer.from(csvOf(10)), { name: 'unreadable.csv', fileType: 'csv' });
    // The object's path now leads nowhere: every open fails with ELOOP, an error the reader cannot fix by itself.
    const objectPath = path.join(localStorageRoot(server.env), ...file.storageKey.split('/'));
    await unlink(objectPath);
    await symlink(objectPath, objectPath);
    const jobId = await queueReading(server, file, 1, { retryLimit: 1, retryDelay: 1, retryBackoff: false });

    const failed = await waitForStatus(server, file.fileId, ['processed', 'failed']);
    expect(failed.error).toMatchObject({
      code: 'PROCESSING_FAILED',
      message: expect.stringContaining('the stored file could not be read (ELOOP)'),
    });
    expect(failed.error?.message).not.toContain(server.env.DATA_DIR);
    expect(await server.app.services.jobs.getJob(PROCESS_FILE_JOB, jobId)).toMatchObject({ state: 'failed', retryCount: 1 });
  });
});

describe('fileRowSnippets', () => {
  let fileId: string;

  beforeAll(async () => {
    const file = await createStoredFile(server, admin.organizationId, Buffer.from(csvOf(300)), { name: 'snippets.csv', fileType: 'csv' });
    await queueReading(server, file);
    await waitForStatus(server, file.fileId, ['processed']);
    fileId = file.fileId;
  });

  const ask = (variables: Record<string, unknown>, token = admin.token) =>
    admin.client.gql<SnippetResult>(FILE_ROW_SNIPPETS, variables, token);

  it('answers at most the rows stored', async () => {
    const result = await snippets(fileId, 250, 400);
    expect(result.totalRows).toBe(300);
    expect(result.rows.map((r) => r.values[0])).toEqual(Array.from({ length: 51 }, (_, i) => 250 + i));
    expect((await snippets(fileId, 301, 310)).rows).toEqual([]);
  });

  it.each([
    [{ fromRow: 0, toRow: 5 }, 'fromRow'],
    [{ fromRow: 10, toRow: 9 }, 'toRow'],
    [{ fromRow: 1, toRow: 201 }, 'toRow'],
  ])('refuses the range %o naming %s', async (range, field) => {
    const result = await ask({ fileId, ...range });
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION_FAILED', field });
  });

  it("answers NOT_FOUND for another organization's file", async () => {
    const other = await newOrganization(server, mailbox);
    const result = await ask({ fileId, fromRow: 1, toRow: 5 }, other.token);
    expect(result.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(result.data?.fileRowSnippets ?? null).toBeNull();
  });
});
