import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import type { GraphQLResult, TestServer } from '../../test/harness.ts';

/**
 * For integration tests of uploads: the public GraphQL documents and the client's side of an upload (ask for a
 * URL, PUT the bytes to it, complete), as a browser would do it.
 */

export const FILE_FIELDS = `id fileUploadId originalName sanitizedName mimeType size status fileType sha256 uploadedByEmail selectedSheet
  duplicateOf { fileId originalName fileUploadId }
  error { code message details }
  progress { phase bytesReceived totalBytes rowsRead percent }
  fileMetadata { category totalRows detectedColumns { index name dataType } }
  readDetails { format sheet sheets { name } }
  uploadedAt processedAt`;

export const BATCH_FIELDS = `id name description status organizationId uploadedBy uploadedByEmail totalSize supplierEmails startedAt completedAt
  progress { filesTotal filesPending filesInProgress filesProcessed filesFailed percent }
  files { id status originalName }`;

export const CREATE_FILE_UPLOAD = `mutation($input: CreateFileUploadInput!) { createFileUpload(input: $input) { ${BATCH_FIELDS} } }`;
export const GENERATE_UPLOAD_URL = `mutation($input: GenerateUploadUrlInput!) {
  generateUploadUrl(input: $input) { fileId uploadUrl expiresAt method headers { name value } file { ${FILE_FIELDS} } }
}`;
export const COMPLETE_UPLOAD = `mutation($fileId: ID!) { completeUpload(fileId: $fileId) { ${FILE_FIELDS} } }`;
export const FILE = `query($id: ID!) { file(id: $id) { ${FILE_FIELDS} } }`;
export const FILE_UPLOAD = `query($id: ID!) { fileUpload(id: $id) { ${BATCH_FIELDS} } }`;
export const FILES_FOR_UPLOAD = `query($id: ID!) { filesForUpload(fileUploadId: $id) { ${FILE_FIELDS} } }`;
export const COMPLETE_FILE_UPLOAD = `mutation($input: CompleteFileUploadInput!) { completeFileUpload(input: $input) { ${BATCH_FIELDS} } }`;

export type FileView = {
  id: string;
  fileUploadId: string | null;
  originalName: string;
  sanitizedName: string;
  size: number;
  status: string;
  fileType: string | null;
  sha256: string | null;
  selectedSheet: string | null;
  duplicateOf: { fileId: string; originalName: string; fileUploadId: string | null } | null;
  error: { code: string; message: string; details: unknown } | null;
  progress: { phase: string; bytesReceived: number; totalBytes: number; rowsRead: number; percent: number };
  fileMetadata: { category: string | null; totalRows: number; detectedColumns: { name: string; dataType: string }[] } | null;
  readDetails: { format: string; sheet: string | null; sheets: { name: string }[] } | null;
  uploadedAt: string | null;
  processedAt: string | null;
};

export type BatchView = {
  id: string;
  name: string;
  description: string | null;
  status: string;
  uploadedByEmail: string | null;
  totalSize: number;
  supplierEmails: string[];
  completedAt: string | null;
  progress: {
    filesTotal: number;
    filesPending: number;
    filesInProgress: number;
    filesProcessed: number;
    filesFailed: number;
    percent: number;
  };
  files: { id: string; status: string; originalName: string }[];
};

export type Uploader = { token: string; gql: <T>(query: string, variables?: Record<string, unknown>) => Promise<GraphQLResult<T>> };

/** A signed-in person of one organization, as the upload tests use them. */
export const uploaderFor = (server: TestServer, token: string, ip: string): Uploader => ({
  token,
  gql: (query, variables) => server.gql(query, variables, { token, headers: { 'x-forwarded-for': ip } }),
});

export const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Data of a successful answer; fails the test with the errors otherwise. */
export const dataOf = <T>(result: GraphQLResult<T>): T => {
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  if (!result.data) throw new Error('no data');
  return result.data;
};

/** The signed URLs name APP_URL; the test server listens on a port of its own. */
export const reachableUrl = (server: TestServer, url: string) => {
  const parsed = new URL(url);
  return `${server.url}${parsed.pathname}${parsed.search}`;
};

export const createBatch = async (uploader: Uploader, name = 'Fuel reports Q1') =>
  dataOf(await uploader.gql<{ createFileUpload: BatchView }>(CREATE_FILE_UPLOAD, { input: { name, description: 'Bunker delivery notes' } }))
    .createFileUpload;

type UrlAnswer = { fileId: string; uploadUrl: string; method: string; headers: { name: string; value: string }[]; file: FileView };

/** Asks for an upload URL for `bytes` (the declared size and checksum may be overridden to test refusals). */
export const requestUploadUrl = async (
  uploader: Uploader,
  fileUploadId: string,
  fileName: string,
  bytes: Buffer,
  declared: { size?: number; sha256?: string | null; mimeType?: string } = {},
) =>
  uploader.gql<{ generateUploadUrl: UrlAnswer }>(GENERATE_UPLOAD_URL, {
    input: {
      fileUploadId,
      fileName,
      mimeType: declared.mimeType ?? 'text/csv',
      size: declared.size ?? bytes.length,
      ...(declared.sha256 === null ? {} : { sha256: declared.sha256 ?? sha256Of(bytes) }),
    },
  });

/** PUTs bytes to a signed upload URL with the headers it came with, as the browser does. */
export const putBytes = async (
  server: TestServer,
  answer: { uploadUrl: string; method: string; headers: { name: string; value: string }[] },
  bytes: Buffer,
) => {
  const response = await fetch(reachableUrl(server, answer.uploadUrl), {
    method: answer.method,
    headers: Object.fromEntries(answer.headers.map((h) => [h.name, h.value])),
    body: new Uint8Array(bytes),
  });
  return response.status;
};

/** generateUploadUrl, PUT, completeUpload: a file of a batch as the web app sends it. Answers the completed file. */
export const uploadFile = async (server: TestServer, uploader: Uploader, fileUploadId: string, fileName: string, bytes: Buffer) => {
  const answer = dataOf(await requestUploadUrl(uploader, fileUploadId, fileName, bytes)).generateUploadUrl;
  expect(await putBytes(server, answer, bytes)).toBe(200);
  return dataOf(await uploader.gql<{ completeUpload: FileView }>(COMPLETE_UPLOAD, { fileId: answer.fileId })).completeUpload;
};

/** Reads the file until `done` says so, or fails after the deadline (the reading runs in a job). */
export const waitForFile = async (uploader: Uploader, fileId: string, done: (file: FileView) => boolean, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const file = dataOf(await uploader.gql<{ file: FileView }>(FILE, { id: fileId })).file;
    if (done(file)) return file;
    if (Date.now() > deadline) throw new Error(`file ${fileId} still ${file.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

export const isSettled = (file: FileView) => file.status === 'processed' || file.status === 'failed';

export const UPLOAD_FIELDS = `id blobName containerName mimeType originalName purpose secondaryPurpose size status createdAt
  uploadMetadata { totalRows } file { ${FILE_FIELDS} }`;
export const CREATE_UPLOAD_URL = `mutation($input: CreateUploadUrlInput!) {
  createUploadUrl(input: $input) { uploadId fileId uploadUrl expiresAt method headers { name value } upload { ${UPLOAD_FIELDS} } }
}`;
export const FINISH_UPLOAD = `mutation($uploadId: ID!) { finishUpload(uploadId: $uploadId) { ${UPLOAD_FIELDS} } }`;
export const PROCESS_UPLOAD = `mutation($input: ProcessUploadInput!) { processUpload(input: $input) { ${UPLOAD_FIELDS} } }`;
export const UPLOAD = `query($id: ID!) { upload(id: $id) { ${UPLOAD_FIELDS} } }`;

export type UploadView = {
  id: string;
  blobName: string;
  containerName: string;
  originalName: string;
  purpose: string | null;
  secondaryPurpose: string | null;
  size: number;
  status: string;
  uploadMetadata: { totalRows: number } | null;
  file: FileView;
};

type SingleUrlAnswer = {
  uploadId: string;
  fileId: string;
  uploadUrl: string;
  method: string;
  headers: { name: string; value: string }[];
  upload: UploadView;
};

/** createUploadUrl and PUT: a single upload whose bytes are sent, not finished yet. */
export const sendSingleUpload = async (
  server: TestServer,
  uploader: Uploader,
  fileName: string,
  bytes: Buffer,
  purpose: { purpose?: string; secondaryPurpose?: string } = {},
) => {
  const answer = dataOf(
    await uploader.gql<{ createUploadUrl: SingleUrlAnswer }>(CREATE_UPLOAD_URL, {
      input: { fileName, mimeType: 'text/csv', size: bytes.length, sha256: sha256Of(bytes), ...purpose },
    }),
  ).createUploadUrl;
  expect(await putBytes(server, answer, bytes)).toBe(200);
  return answer;
};
