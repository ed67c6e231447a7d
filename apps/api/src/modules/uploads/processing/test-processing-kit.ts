import { createReadStream } from 'node:fs';
import { unpackRows } from '../../../lib/parsing/row-packing.ts';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { fileUploads, files } from '@tidewise/db/schema/uploads';
import { eq, sql } from 'drizzle-orm';
import type { SendOptions } from '../../../lib/jobs/job-types.ts';
import { createObjectKey } from '../../../lib/storage/object-key.ts';
import type { TestServer } from '../../../test/harness.ts';
import { PROCESS_FILE_JOB } from '../jobs.ts';

/**
 * For the processing tests: a stored file made the way the upload operations make one (a signed URL, the bytes
 * PUT through the server's own route), its reading queued on the server's job queue, and what a reading left in
 * the database.
 */

export type StoredFile = { fileId: string; fileUploadId: string; storageKey: string; organizationId: string };

/** The signed URLs name APP_URL; the test server listens on a port of its own. */
const reachable = (server: TestServer, url: string) => {
  const parsed = new URL(url);
  return `${server.url}${parsed.pathname}${parsed.search}`;
};

/** Streams a file on disk, or sends bytes, through a signed upload URL. */
export const putObject = async (server: TestServer, key: string, content: Buffer | { path: string }, contentType: string) => {
  const size = Buffer.isBuffer(content) ? content.length : (await stat(content.path)).size;
  const upload = await server.app.services.storage.createUploadUrl({ key, maxBytes: size, contentLength: size, contentType });
  const body = Buffer.isBuffer(content) ? content : (Readable.toWeb(createReadStream(content.path)) as ReadableStream<Uint8Array>);
  const response = await fetch(reachable(server, upload.url), {
    method: 'PUT',
    headers: { ...upload.headers, 'content-length': String(size) },
    body,
    duplex: 'half',
  } as RequestInit & { duplex: 'half' });
  if (response.status !== 200) throw new Error(`PUT answered ${response.status}: ${await response.text()}`);
  return size;
};

/**
 * A batch with one file whose bytes are stored and verified (`uploaded`), as completeUpload leaves it before it
 * queues the reading. `generation` is the file's parse_generation.
 */
export const createStoredFile = async (
  server: TestServer,
  organizationId: string,
  content: Buffer | { path: string },
  options: { name: string; fileType: 'csv' | 'xlsx'; generation?: number; selectedSheet?: string },
): Promise<StoredFile> => {
  const { db } = server.app.services;
  const storageKey = createObjectKey(organizationId);
  const contentType = options.fileType === 'xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv';
  const size = await putObject(server, storageKey, content, contentType);
  const [batch] = await db
    .insert(fileUploads)
    .values({ organizationId, name: `Batch of ${options.name}`, status: 'processing' })
    .returning();
  if (!batch) throw new Error('no batch');
  const [file] = await db
    .insert(files)
    .values({
      organizationId,
      fileUploadId: batch.id,
      originalName: options.name,
      sanitizedName: options.name,
      mimeType: contentType,
      size,
      status: 'uploaded',
      fileType: options.fileType,
      storageKey,
      bytesReceived: size,
      parseGeneration: options.generation ?? 1,
      selectedSheet: options.selectedSheet ?? null,
      uploadedAt: new Date(),
    })
    .returning();
  if (!file) throw new Error('no file');
  return { fileId: file.id, fileUploadId: batch.id, storageKey, organizationId };
};

/** Sets the file `queued` (as the upload operations do) and sends its job; answers the job id. */
export const queueReading = async (server: TestServer, file: StoredFile, generation = 1, options: SendOptions = {}) => {
  await server.app.services.db.update(files).set({ status: 'queued' }).where(eq(files.id, file.fileId));
  const id = await server.app.services.jobs.send(
    PROCESS_FILE_JOB,
    { fileId: file.fileId, organizationId: file.organizationId, generation },
    { retryDelay: 1, retryBackoff: false, ...options },
  );
  if (!id) throw new Error('the job was not sent');
  return id;
};

export const fileRecord = async (server: TestServer, fileId: string) => {
  const [row] = await server.app.services.db.select().from(files).where(eq(files.id, fileId)).limit(1);
  if (!row) throw new Error(`file ${fileId} is gone`);
  return row;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls the file until its status is one of `statuses` (a job runs on the server's own schedule). */
export const waitForStatus = async (server: TestServer, fileId: string, statuses: string[], timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const file = await fileRecord(server, fileId);
    if (statuses.includes(file.status)) return file;
    if (Date.now() > deadline) throw new Error(`file still ${file.status}, not ${statuses.join(' or ')}`);
    await sleep(100);
  }
};

export const waitForJob = async (server: TestServer, jobId: string, state: string, timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await server.app.services.jobs.getJob(PROCESS_FILE_JOB, jobId);
    if (job?.state === state) return job;
    if (Date.now() > deadline) throw new Error(`job ${JSON.stringify(job)} not ${state} in time`);
    await sleep(100);
  }
};

/** What the chunks of a file hold: rows, distinct row numbers, chunks, and whether first_index runs without gaps. */
export const chunkSummary = async (server: TestServer, fileId: string) => {
  const result = (await server.app.services.db.execute(sql`
    SELECT count(*)::int AS chunks,
           coalesce(sum(row_count), 0)::int AS rows,
           count(DISTINCT first_row_number)::int AS distinct_chunks,
           coalesce(bool_and(first_index = previous_end), true) AS contiguous
    FROM (
      SELECT first_row_number, first_index, row_count,
             coalesce(sum(row_count) OVER (ORDER BY first_row_number ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS previous_end
      FROM file_row_chunks WHERE file_id = ${fileId}::uuid
    ) AS c`)) as unknown as { rows: { chunks: number; rows: number; contiguous: boolean }[] };
  const packed = (await server.app.services.db.execute(
    sql`SELECT rows FROM file_row_chunks WHERE file_id = ${fileId}::uuid`,
  )) as unknown as { rows: { rows: string }[] };
  const rowNumbers = new Set(packed.rows.flatMap((chunk) => unpackRows(chunk.rows).map(([rowNumber]) => rowNumber)));
  const summary = result.rows[0] ?? { chunks: 0, rows: 0, contiguous: true };
  return { chunks: summary.chunks, rows: summary.rows, distinctRows: rowNumbers.size, contiguous: summary.contiguous };
};

export const FILE_ROW_SNIPPETS = `query($fileId: ID!, $fromRow: Int!, $toRow: Int!) {
  fileRowSnippets(fileId: $fileId, fromRow: $fromRow, toRow: $toRow) { fileId columns totalRows fromRow rows { rowNumber values } }
}`;

export type SnippetResult = {
  fileRowSnippets: {
    fileId: string;
    columns: string[];
    totalRows: number;
    fromRow: number;
    rows: { rowNumber: number; values: unknown[] }[];
  };
};

/** A CSV of `rows` data rows under a header, 10 columns, values that are easy to check: row i has `i` in its first column. */
export const csvOf = (rows: number, options: { from?: number } = {}) => {
  const lines = ['Row,IMO number,Vessel,Fuel type,Fuel mass [t],Distance [nm],Date,Port,CO2 [t],Comment'];
  for (let i = options.from ?? 1; i <= rows; i++) lines.push(csvLine(i));
  return `${lines.join('\n')}\n`;
};

const FUELS = ['HFO', 'VLSFO', 'MGO', 'LNG', 'Methanol'];
const PORTS = ['Rotterdam', 'Hamburg', 'Bergen', 'Gdansk'];

/** Data row i (1-based) of csvOf: numbers, text, a day-first date and a null token. */
export const csvLine = (i: number) =>
  [
    i,
    9_000_000 + (i % 900_000),
    `Vessel ${i % 5000}`,
    FUELS[i % FUELS.length],
    ((i * 7.31) % 5000).toFixed(2),
    (i * 13) % 20_000,
    `${String((i % 28) + 1).padStart(2, '0')}/${String((i % 12) + 1).padStart(2, '0')}/2024`,
    PORTS[i % PORTS.length],
    ((i * 22.7) % 15_000).toFixed(3),
    i % 10 === 0 ? 'N/A' : `Voyage ${i % 977}`,
  ].join(',');
