import { expect } from 'vitest';
import { dataOf, type Gql, waitFor } from './graphql-test-kit.ts';
import type { TestServer } from './harness.ts';

/**
 * Shared by the integration tests that need stored entries: a CSV uploaded as the web app uploads it, read, put in its
 * category, mapped and validated through the public operations, each step on its own or the whole way.
 */

export type Mapping = { sourceColumn: string; targetField: string; transformations?: Record<string, unknown>[] };

/**
 * A batch with one CSV uploaded through the signed PUT and completed (createFileUpload, generateUploadUrl, PUT,
 * completeUpload). With a request's id, the batch is the supplier's answer to it.
 */
export const uploadCsv = async (server: TestServer, gql: Gql, name: string, csv: string, calendarTaskId: string | null = null) => {
  const batch = dataOf(
    await gql<{ createFileUpload: { id: string; calendarTaskId: string | null } }>(
      'mutation($input: CreateFileUploadInput!) { createFileUpload(input: $input) { id calendarTaskId } }',
      { input: { name: `Batch of ${name}`, ...(calendarTaskId ? { calendarTaskId } : {}) } },
    ),
  ).createFileUpload;
  const bytes = Buffer.from(csv);
  const url = dataOf(
    await gql<{ generateUploadUrl: { fileId: string; uploadUrl: string; headers: { name: string; value: string }[] } }>(
      'mutation($input: GenerateUploadUrlInput!) { generateUploadUrl(input: $input) { fileId uploadUrl headers { name value } } }',
      { input: { fileUploadId: batch.id, fileName: name, mimeType: 'text/csv', size: bytes.length } },
    ),
  ).generateUploadUrl;
  const target = new URL(url.uploadUrl);
  const put = await fetch(`${server.url}${target.pathname}${target.search}`, {
    method: 'PUT',
    headers: Object.fromEntries(url.headers.map((h) => [h.name, h.value])),
    body: new Uint8Array(bytes),
  });
  expect(put.status).toBe(200);
  dataOf(await gql('mutation($fileId: ID!) { completeUpload(fileId: $fileId) { id } }', { fileId: url.fileId }));
  return { fileId: url.fileId, fileUploadId: batch.id, batchTaskId: batch.calendarTaskId };
};

/** Waits until the file has been read (or failed to be) and answers its status. */
export const waitForRead = (gql: Gql, fileId: string) =>
  waitFor(
    async () => dataOf(await gql<{ file: { status: string } }>('query($id: ID!) { file(id: $id) { status } }', { id: fileId })).file.status,
    (status) => status === 'processed' || status === 'failed',
    `file ${fileId}`,
  );

export type ValidationCounts = { status: string; validRows?: number; invalidRows?: number };

/**
 * Maps the file's columns, applies the mappings and waits for the validation to settle; answers the validation's
 * `fields` (so a test compares exactly the fields it asked for).
 */
export const mapAndValidate = async (gql: Gql, fileId: string, mappings: readonly Mapping[], fields = 'status validRows') => {
  for (const mapping of mappings)
    dataOf(
      await gql('mutation($input: CreateFileMappingInput!) { createFileMapping(input: $input) { id } }', { input: { fileId, ...mapping } }),
    );
  dataOf(await gql('mutation($fileId: ID!) { applyFileMappings(fileId: $fileId) { status } }', { fileId }));
  return waitFor(
    async () =>
      dataOf(
        await gql<{ fileValidation: ValidationCounts }>(`query($fileId: ID!) { fileValidation(fileId: $fileId) { ${fields} } }`, {
          fileId,
        }),
      ).fileValidation,
    (v) => v.status === 'validated' || v.status === 'failed',
    `validation of ${fileId}`,
    120_000,
  );
};

/** A CSV the whole way to stored entries: uploaded, read, put in its category, mapped and validated. */
export const validatedCsv = async (
  server: TestServer,
  gql: Gql,
  file: { name: string; csv: string; category: string; mappings: readonly Mapping[]; calendarTaskId?: string },
) => {
  const { fileId, fileUploadId } = await uploadCsv(server, gql, file.name, file.csv, file.calendarTaskId ?? null);
  expect(await waitForRead(gql, fileId)).toBe('processed');
  dataOf(
    await gql('mutation($input: UpdateFileCategoryInput!) { updateFileCategory(input: $input) { id } }', {
      input: { fileId, category: file.category },
    }),
  );
  return { fileId, fileUploadId, validation: await mapAndValidate(gql, fileId, file.mappings) };
};
