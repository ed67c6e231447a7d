import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import { dataOf } from '../../test/graphql-test-kit.ts';
import type { GraphQLResult, TestServer } from '../../test/harness.ts';

/**
 * For integration tests of mappings: a signed-in person of one organization, the client's side of an upload (batch
 * or single file) through the public API, and the documents of the mapping operations.
 */

export type Person = { gql: <T>(query: string, variables?: Record<string, unknown>) => Promise<GraphQLResult<T>> };

export const personFor = (server: TestServer, token: string, ip: string): Person => ({
  gql: (query, variables) => server.gql(query, variables, { token, headers: { 'x-forwarded-for': ip } }),
});

type SignedUrl = { uploadUrl: string; method: string; headers: { name: string; value: string }[] };

const put = async (server: TestServer, answer: SignedUrl, bytes: Buffer) => {
  const parsed = new URL(answer.uploadUrl);
  const response = await fetch(`${server.url}${parsed.pathname}${parsed.search}`, {
    method: answer.method,
    headers: Object.fromEntries(answer.headers.map((h) => [h.name, h.value])),
    body: new Uint8Array(bytes),
  });
  expect(response.status).toBe(200);
};

const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const mimeOf = (name: string) =>
  name.endsWith('.xlsx') ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv';

export type ReadFile = {
  id: string;
  status: string;
  fileMetadata: {
    category: string | null;
    categoryAnalysis: { suggestedCategory: string } | null;
    detectedColumns: { index: number; name: string }[];
  };
};

const FILE = `query($id: ID!) { file(id: $id) { id status fileMetadata { category categoryAnalysis { suggestedCategory } detectedColumns { index name } } } }`;

/** Reads the file until it is processed (the reading runs in a job); fails on a failed reading or after the deadline. */
export const waitForProcessed = async (person: Person, fileId: string, timeoutMs = 30_000): Promise<ReadFile> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const file = dataOf(await person.gql<{ file: ReadFile }>(FILE, { id: fileId })).file;
    if (file.status === 'processed') return file;
    if (file.status === 'failed' || Date.now() > deadline) throw new Error(`file ${fileId} is ${file.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** A file in a new batch: URL, PUT, completeUpload, then read. Answers the processed file. */
export const uploadToBatch = async (server: TestServer, person: Person, fileName: string, bytes: Buffer): Promise<ReadFile> => {
  const batch = dataOf(
    await person.gql<{ createFileUpload: { id: string } }>(
      `mutation($input: CreateFileUploadInput!) { createFileUpload(input: $input) { id } }`,
      {
        input: { name: `Upload of ${fileName}` },
      },
    ),
  ).createFileUpload;
  const answer = dataOf(
    await person.gql<{ generateUploadUrl: SignedUrl & { fileId: string } }>(
      `mutation($input: GenerateUploadUrlInput!) { generateUploadUrl(input: $input) { fileId uploadUrl method headers { name value } } }`,
      { input: { fileUploadId: batch.id, fileName, mimeType: mimeOf(fileName), size: bytes.length, sha256: sha256Of(bytes) } },
    ),
  ).generateUploadUrl;
  await put(server, answer, bytes);
  dataOf(await person.gql(`mutation($fileId: ID!) { completeUpload(fileId: $fileId) { id } }`, { fileId: answer.fileId }));
  return waitForProcessed(person, answer.fileId);
};

/** A single-file upload: URL, PUT, finishUpload, processUpload, then read. Answers the upload id and its processed file. */
export const uploadSingle = async (server: TestServer, person: Person, fileName: string, bytes: Buffer) => {
  const answer = dataOf(
    await person.gql<{ createUploadUrl: SignedUrl & { uploadId: string; fileId: string } }>(
      `mutation($input: CreateUploadUrlInput!) { createUploadUrl(input: $input) { uploadId fileId uploadUrl method headers { name value } } }`,
      { input: { fileName, mimeType: mimeOf(fileName), size: bytes.length, sha256: sha256Of(bytes) } },
    ),
  ).createUploadUrl;
  await put(server, answer, bytes);
  dataOf(await person.gql(`mutation($id: ID!) { finishUpload(uploadId: $id) { id } }`, { id: answer.uploadId }));
  dataOf(
    await person.gql(`mutation($input: ProcessUploadInput!) { processUpload(input: $input) { id } }`, {
      input: { uploadId: answer.uploadId },
    }),
  );
  return { uploadId: answer.uploadId, file: await waitForProcessed(person, answer.fileId) };
};

export const SET_CATEGORY = `mutation($input: UpdateFileCategoryInput!) { updateFileCategory(input: $input) { id fileMetadata { category } } }`;

export const ANALYSIS_FIELDS = `id fileId sourceColumn sourceIndex category suggestedTargetField suggestedTargetLabel confidence reasoning
  isAccepted isRejected alternativeSuggestions { targetField label confidence reasoning } detectedUnit dataType sampleValues analyzedAt`;

export type AnalysisView = {
  id: string;
  fileId: string;
  sourceColumn: string;
  sourceIndex: number;
  category: string;
  suggestedTargetField: string | null;
  suggestedTargetLabel: string | null;
  confidence: number;
  reasoning: string;
  isAccepted: boolean;
  isRejected: boolean;
  alternativeSuggestions: { targetField: string; label: string; confidence: number; reasoning: string }[];
  detectedUnit: string | null;
  dataType: string;
  sampleValues: unknown[];
  analyzedAt: string;
};

export const COLUMN_ANALYSES = `query($fileId: ID, $uploadId: ID) { columnAnalyses(fileId: $fileId, uploadId: $uploadId) { ${ANALYSIS_FIELDS} } }`;
export const ACCEPT = `mutation($id: ID!) { acceptColumnSuggestion(id: $id) { ${ANALYSIS_FIELDS} } }`;
export const REJECT = `mutation($id: ID!) { rejectColumnSuggestion(id: $id) { ${ANALYSIS_FIELDS} } }`;
export const BULK_ACCEPT = `mutation($input: BulkAcceptColumnSuggestionsInput!) { bulkAcceptColumnSuggestions(input: $input) { ${ANALYSIS_FIELDS} } }`;

export const MAPPING_FIELDS = `id fileId sourceColumn sourceIndex targetField targetLabel category isActive origin createdAt
  transformations { type factor unit density mapping dateFormat } validation { required dataType min max pattern }`;

export type MappingView = {
  id: string;
  fileId: string;
  sourceColumn: string;
  sourceIndex: number;
  targetField: string;
  targetLabel: string;
  category: string;
  isActive: boolean;
  origin: string;
  transformations: {
    type: string;
    factor: number | null;
    unit: string | null;
    density: number | null;
    mapping: unknown;
    dateFormat: string | null;
  }[];
  validation: { required: boolean; dataType: string; min: number | null; max: number | null; pattern: string | null };
};

export const FILE_MAPPINGS = `query($fileId: ID!) { fileMappings(fileId: $fileId) { ${MAPPING_FIELDS} } }`;
export const CREATE_MAPPING = `mutation($input: CreateFileMappingInput!) { createFileMapping(input: $input) { ${MAPPING_FIELDS} } }`;
export const DELETE_MAPPING = `mutation($id: ID!) { deleteFileMapping(id: $id) { success message } }`;
export const CREATE_UPLOAD_MAPPING = `mutation($input: CreateUploadMappingInput!) { createUploadMapping(input: $input) { ${MAPPING_FIELDS} } }`;
export const DELETE_UPLOAD_MAPPING = `mutation($id: ID!) { deleteUploadMapping(id: $id) { success message } }`;
export const UPLOAD_MAPPINGS = `query($id: ID!) { upload(id: $id) { id mappings { ${MAPPING_FIELDS} } } }`;
export const PREVIEW = `query($fileId: ID!, $rows: Int) { mappingPreview(fileId: $fileId, rows: $rows) {
  fileId category issues { code message type field rowNumber value }
  rows { rowNumber isValid issues { code message type field rowNumber value }
    values { fieldName label stringValue numberValue booleanValue dateValue unit dataType isValid validationError } }
} }`;

/** The file's analyses once its analysis job has stored them for `category` (it runs after the reading). */
export const waitForAnalyses = async (
  person: Person,
  args: { fileId?: string; uploadId?: string },
  ready: (analyses: AnalysisView[]) => boolean = (a) => a.length > 0,
  timeoutMs = 30_000,
): Promise<AnalysisView[]> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const analyses = dataOf(await person.gql<{ columnAnalyses: AnalysisView[] }>(COLUMN_ANALYSES, args)).columnAnalyses;
    if (ready(analyses)) return analyses;
    if (Date.now() > deadline) throw new Error(`no column analyses after ${timeoutMs} ms: ${JSON.stringify(analyses)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** The analysis of a column by its header. */
export const columnOf = (analyses: readonly AnalysisView[], name: string): AnalysisView => {
  const found = analyses.find((a) => a.sourceColumn === name);
  if (!found) throw new Error(`no analysis of column ${name}: ${analyses.map((a) => a.sourceColumn).join(', ')}`);
  return found;
};
