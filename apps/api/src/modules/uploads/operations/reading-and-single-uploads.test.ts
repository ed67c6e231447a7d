import { readFile } from 'node:fs/promises';
import { MAX_FILES_PER_UPLOAD } from '@tidewise/shared/uploads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, type Mailbox, outboxMailbox } from '../../../test/auth-test-kit.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { auditRows, newOrganization } from '../../../test/organization-test-kit.ts';
import { buildSupplierWorkbook, createTempDir, type TempDir } from '../../../lib/parsing/test-fixtures.ts';
import {
  COMPLETE_FILE_UPLOAD,
  COMPLETE_UPLOAD,
  CREATE_UPLOAD_URL,
  createBatch,
  dataOf,
  FILE,
  FILE_UPLOAD,
  type FileView,
  FINISH_UPLOAD,
  isSettled,
  PROCESS_UPLOAD,
  requestUploadUrl,
  sendSingleUpload,
  UPLOAD,
  type UploadView,
  type Uploader,
  uploaderFor,
  uploadFile,
  waitForFile,
} from '../upload-flow-test-kit.ts';

const SHEET = `mutation($input: UpdateFileSheetInput!) { updateFileSheet(input: $input) { id status selectedSheet fileMetadata { totalRows } } }`;
const RETRY = `mutation($fileId: ID!) { retryFileProcessing(fileId: $fileId) { id status error { code } } }`;
const CANCEL = `mutation($id: ID!, $fileIds: [ID!]) { cancelPendingFiles(fileUploadId: $id, fileIds: $fileIds) { id status } }`;
const CONFIG = `query { uploadProcessingConfig { maxFileBytes maxFilesPerUpload acceptedExtensions acceptedMimeTypes urlTtlSeconds maxRows maxColumns maxCellLength } }`;

/** Eleven columns: one more than this server reads. */
const WIDE_CSV = Buffer.from(
  `${Array.from({ length: 11 }, (_, i) => `Column ${i + 1}`).join(',')}\n${Array.from({ length: 11 }, (_, i) => i).join(',')}\n`,
);
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

describe('reading files again, and single-file uploads', () => {
  let server: TestServer;
  let mailbox: Mailbox;
  let temp: TempDir;
  let alice: Uploader;
  let aliceOrganizationId: string;
  let bob: Uploader;
  let workbook: Buffer;

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true', UPLOAD_MAX_COLUMNS: '10' });
    mailbox = outboxMailbox(server);
    temp = await createTempDir();
    const path = await temp.file('fuel.xlsx', '');
    await buildSupplierWorkbook(path);
    workbook = await readFile(path);
    const a = await newOrganization(server, mailbox, 'Oresund Ro-Ro');
    alice = uploaderFor(server, a.token, a.client.ip);
    aliceOrganizationId = a.organizationId;
    const b = await newOrganization(server, mailbox, 'Bornholm Ferries');
    bob = uploaderFor(server, b.token, b.client.ip);
  });
  afterAll(async () => {
    await server?.close();
    await temp?.remove();
  });

  it('reads another sheet of a workbook on request, and lists the sheets when the name is wrong', async () => {
    const batch = await createBatch(alice, 'Workbooks');
    const uploaded = await uploadFile(server, alice, batch.id, 'fuel.xlsx', workbook);
    expect(uploaded.fileType).toBe('xlsx');
    const first = await waitForFile(alice, uploaded.id, isSettled);
    expect(first).toMatchObject({ status: 'processed', readDetails: { sheet: 'Fuel data' }, fileMetadata: { totalRows: 4 } });

    const wrong = await alice.gql(SHEET, { input: { fileId: first.id, sheet: 'Fuel' } });
    expect(errorOf(wrong)).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The workbook has no sheet named "Fuel". Its sheets are: "Instructions", "Empty", "Fuel data".',
    });
    expect(wrong.errors?.[0]?.extensions?.field).toBe('sheet');

    const changed = dataOf(
      await alice.gql<{ updateFileSheet: { status: string; selectedSheet: string; fileMetadata: unknown } }>(SHEET, {
        input: { fileId: first.id, sheet: 'Instructions' },
      }),
    ).updateFileSheet;
    expect(changed).toMatchObject({ status: 'queued', selectedSheet: 'Instructions', fileMetadata: null });
    const reread = await waitForFile(alice, first.id, isSettled);
    expect(reread).toMatchObject({ status: 'processed', selectedSheet: 'Instructions', readDetails: { sheet: 'Instructions' } });
    expect(reread.fileMetadata?.totalRows).not.toBe(4);
    expect(dataOf(await alice.gql<{ fileUpload: { status: string } }>(FILE_UPLOAD, { id: batch.id })).fileUpload.status).toBe('ready');

    const [audit] = (await auditRows(server, aliceOrganizationId, 'updateFileSheet')).filter((r) => r.status === 'success');
    expect(audit?.changes).toMatchObject({
      selectedSheet: { before: null, after: 'Instructions' },
      parseGeneration: { before: 0, after: 1 },
    });

    const csv = await uploadFile(server, alice, batch.id, 'ports.csv', Buffer.from('Port,Calls\nGdansk,12\n'));
    expect(errorOf(await alice.gql(SHEET, { input: { fileId: csv.id, sheet: 'Sheet1' } }))).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Only an Excel workbook (.xlsx) has sheets; this file is CSV.',
    });
  });

  it('retries a reading that failed on a file whose bytes are stored', async () => {
    const batch = await createBatch(alice, 'Too wide');
    const file = await uploadFile(server, alice, batch.id, 'wide.csv', WIDE_CSV);
    const failed = await waitForFile(alice, file.id, isSettled);
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'TOO_MANY_COLUMNS' } });
    expect(failed.uploadedAt).not.toBeNull();

    const retried = dataOf(
      await alice.gql<{ retryFileProcessing: { status: string; error: unknown } }>(RETRY, { fileId: file.id }),
    ).retryFileProcessing;
    expect(retried).toEqual({ id: file.id, status: 'queued', error: null });
    // Nothing changed in the file, so the reading fails the same way again.
    expect(await waitForFile(alice, file.id, isSettled)).toMatchObject({ status: 'failed', error: { code: 'TOO_MANY_COLUMNS' } });

    const read = await uploadFile(server, alice, batch.id, 'narrow.csv', Buffer.from('A,B\n1,2\n'));
    await waitForFile(alice, read.id, isSettled);
    expect(errorOf(await alice.gql(RETRY, { fileId: read.id }))).toEqual({
      code: 'CONFLICT',
      message: 'Only a file whose reading failed can be retried; this one is processed.',
    });
  });

  it(`takes at most ${MAX_FILES_PER_UPLOAD} files in one batch; a cancelled one frees its place`, async () => {
    const batch = await createBatch(alice, 'Many files');
    const ids: string[] = [];
    for (let i = 0; i < MAX_FILES_PER_UPLOAD; i += 1) {
      ids.push(
        dataOf(await requestUploadUrl(alice, batch.id, `leg-${i}.csv`, Buffer.from(`Leg,Miles\n${i},12\n`))).generateUploadUrl.fileId,
      );
    }
    const over = await requestUploadUrl(alice, batch.id, 'one-too-many.csv', Buffer.from('Leg,Miles\n99,1\n'));
    expect(errorOf(over)).toEqual({
      code: 'CONFLICT',
      message: `An upload holds at most ${MAX_FILES_PER_UPLOAD} files. Start another upload for the rest.`,
    });
    dataOf(await alice.gql(CANCEL, { id: batch.id, fileIds: [ids[0]] }));
    dataOf(await requestUploadUrl(alice, batch.id, 'in-its-place.csv', Buffer.from('Leg,Miles\n99,1\n')));
  });

  it('takes a single upload: verified and left uploaded, read on request, purpose kept', async () => {
    const bytes = Buffer.from('Port,Calls\nRønne,41\nYstad,39\n');
    const sent = await sendSingleUpload(server, alice, 'calls.csv', bytes, {
      purpose: 'calendar-task-response',
      secondaryPurpose: 'port_operations',
    });
    expect(sent.upload).toMatchObject({
      id: sent.uploadId,
      status: 'pending',
      purpose: 'calendar-task-response',
      secondaryPurpose: 'port_operations',
      containerName: 'local',
      size: bytes.length,
      file: { id: sent.fileId, fileUploadId: null },
    });
    expect(sent.upload.blobName).toMatch(new RegExp(`^org/${aliceOrganizationId}/[0-9a-f-]{36}$`));

    const finished = dataOf(await alice.gql<{ finishUpload: UploadView }>(FINISH_UPLOAD, { uploadId: sent.uploadId })).finishUpload;
    expect(finished).toMatchObject({ status: 'uploaded', file: { status: 'uploaded', fileType: 'csv' } });
    // finishUpload asked again answers it unchanged; nothing is read until processUpload.
    expect(dataOf(await alice.gql<{ finishUpload: UploadView }>(FINISH_UPLOAD, { uploadId: sent.uploadId })).finishUpload.status).toBe(
      'uploaded',
    );

    const sheetOfCsv = await alice.gql(PROCESS_UPLOAD, { input: { uploadId: sent.uploadId, sheet: 'Data' } });
    expect(errorOf(sheetOfCsv).code).toBe('VALIDATION_FAILED');
    const queued = dataOf(
      await alice.gql<{ processUpload: UploadView }>(PROCESS_UPLOAD, { input: { uploadId: sent.uploadId } }),
    ).processUpload;
    expect(queued.status).toBe('queued');
    const processed = await waitForFile(alice, sent.fileId, isSettled);
    expect(processed).toMatchObject({ status: 'processed', fileMetadata: { totalRows: 2 } });
    const upload = dataOf(await alice.gql<{ upload: UploadView }>(UPLOAD, { id: sent.uploadId })).upload;
    expect(upload).toMatchObject({ status: 'processed', uploadMetadata: { totalRows: 2 } });
    // Read again on request.
    expect(
      dataOf(await alice.gql<{ processUpload: UploadView }>(PROCESS_UPLOAD, { input: { uploadId: sent.uploadId } })).processUpload.status,
    ).toBe('queued');
    await waitForFile(alice, sent.fileId, isSettled);

    for (const action of ['createUploadUrl', 'finishUpload', 'processUpload']) {
      const rows = (await auditRows(server, aliceOrganizationId, action)).filter((r) => r.resourceId === sent.uploadId);
      expect(rows.length, action).toBeGreaterThan(0);
    }
  });

  it('fails a single upload that is not a spreadsheet, with nothing left to read', async () => {
    const sent = await sendSingleUpload(server, alice, 'scan.csv', PNG);
    const finished = dataOf(await alice.gql<{ finishUpload: UploadView }>(FINISH_UPLOAD, { uploadId: sent.uploadId })).finishUpload;
    expect(finished).toMatchObject({ status: 'failed', file: { status: 'failed', error: { code: 'BINARY_FILE' } } });
    expect(errorOf(await alice.gql(PROCESS_UPLOAD, { input: { uploadId: sent.uploadId } }))).toEqual({
      code: 'CONFLICT',
      message: 'The file was refused when it was uploaded, so there is nothing to read again. Upload it again.',
    });
    const tooLarge = await alice.gql(CREATE_UPLOAD_URL, {
      input: { fileName: 'big.csv', mimeType: 'text/csv', size: server.env.UPLOAD_MAX_FILE_BYTES + 1 },
    });
    expect(errorOf(tooLarge).code).toBe('VALIDATION_FAILED');
    expect(tooLarge.errors?.[0]?.extensions?.field).toBe('size');
  });

  it("answers NOT_FOUND for another organization's batches, files and uploads, and changes nothing", async () => {
    const batch = await createBatch(alice, 'Private');
    const file = await uploadFile(server, alice, batch.id, 'private.csv', Buffer.from('Vessel,Fuel\nA,1\n'));
    const settled = await waitForFile(alice, file.id, isSettled);
    const pending = dataOf(await requestUploadUrl(alice, batch.id, 'pending.csv', Buffer.from('Vessel,Fuel\nB,2\n'))).generateUploadUrl;
    const single = await sendSingleUpload(server, alice, 'single.csv', Buffer.from('Port,Calls\nX,1\n'));

    const attempts: [string, Record<string, unknown>][] = [
      [FILE, { id: file.id }],
      [FILE_UPLOAD, { id: batch.id }],
      [UPLOAD, { id: single.uploadId }],
      [`query($id: ID!) { filesForUpload(fileUploadId: $id) { id } }`, { id: batch.id }],
      [`query($id: ID!) { fileUploadStatus(id: $id) { status } }`, { id: batch.id }],
      [`query($id: ID!) { downloadUrl(fileId: $id) { url } }`, { id: file.id }],
      [COMPLETE_UPLOAD, { fileId: pending.fileId }],
      [FINISH_UPLOAD, { uploadId: single.uploadId }],
      [PROCESS_UPLOAD, { input: { uploadId: single.uploadId } }],
      [RETRY, { fileId: file.id }],
      [SHEET, { input: { fileId: file.id, sheet: 'Sheet1' } }],
      [`mutation($id: ID!) { deleteFile(fileId: $id) { success } }`, { id: file.id }],
      [`mutation($id: ID!) { deleteFileUpload(id: $id) { success } }`, { id: batch.id }],
      [`mutation($ids: [ID!]!) { deleteManyFileUploads(ids: $ids) { success } }`, { ids: [batch.id] }],
      [
        `mutation($input: UpdateFileCategoryInput!) { updateFileCategory(input: $input) { id } }`,
        { input: { fileId: file.id, category: 'transport_legs' } },
      ],
      [CANCEL, { id: batch.id }],
      [COMPLETE_FILE_UPLOAD, { input: { fileUploadId: batch.id } }],
      [
        `mutation($input: GenerateUploadUrlInput!) { generateUploadUrl(input: $input) { fileId } }`,
        { input: { fileUploadId: batch.id, fileName: 'x.csv', mimeType: 'text/csv', size: 10 } },
      ],
    ];
    for (const [query, variables] of attempts) expect(errorOf(await bob.gql(query, variables)).code, query).toBe('NOT_FOUND');

    expect(dataOf(await alice.gql<{ file: FileView }>(FILE, { id: file.id })).file).toMatchObject({
      status: settled.status,
      fileMetadata: { category: null },
    });
    expect(dataOf(await alice.gql<{ file: FileView }>(FILE, { id: pending.fileId })).file.status).toBe('pending');
    expect(dataOf(await alice.gql<{ upload: UploadView }>(UPLOAD, { id: single.uploadId })).upload.status).toBe('pending');
    const list = dataOf(
      await bob.gql<{ fileUploads: { data: { id: string }[] } }>(`query { fileUploads { data { id } } }`, {}),
    ).fileUploads;
    expect(list.data.map((b) => b.id)).not.toContain(batch.id);
  });

  it('tells the client the limits it applies', async () => {
    const { uploadProcessingConfig } = dataOf(await alice.gql<{ uploadProcessingConfig: Record<string, unknown> }>(CONFIG, {}));
    expect(uploadProcessingConfig).toEqual({
      maxFileBytes: 200 * 1024 * 1024,
      maxFilesPerUpload: MAX_FILES_PER_UPLOAD,
      acceptedExtensions: ['.csv', '.tsv', '.txt', '.xlsx'],
      acceptedMimeTypes: [
        'text/csv',
        'text/tab-separated-values',
        'text/plain',
        'application/vnd.ms-excel',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ],
      urlTtlSeconds: 900,
      maxRows: 2_000_000,
      maxColumns: 10,
      maxCellLength: 32_767,
    });
  });
});

/**
 * Handing in a batch while a file waits to be read. This server works no jobs and has its own embedded database
 * (on PostgreSQL every test server shares one job queue, and another would read the file), so the file stays
 * queued and the batch processing for as long as the test looks.
 */
describe('handing in a batch whose files are still being read', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true', JOBS_ENABLED: 'false', DATABASE_URL: '' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses with the transition and what it waits for', async () => {
    const admin = await newOrganization(server, outboxMailbox(server), 'Fehmarn Shipping');
    const uploader = uploaderFor(server, admin.token, admin.client.ip);
    const batch = await createBatch(uploader, 'Waiting');
    const file = await uploadFile(server, uploader, batch.id, 'fuel.csv', Buffer.from('Vessel,Fuel\nA,1\n'));
    expect(file.status).toBe('queued');
    expect(dataOf(await uploader.gql<{ fileUpload: { status: string } }>(FILE_UPLOAD, { id: batch.id })).fileUpload.status).toBe(
      'processing',
    );
    expect(errorOf(await uploader.gql(COMPLETE_FILE_UPLOAD, { input: { fileUploadId: batch.id } }))).toEqual({
      code: 'CONFLICT',
      message: 'A file upload cannot change from processing to completed. Wait until every file is uploaded and read.',
    });
    expect(dataOf(await uploader.gql<{ fileUpload: { status: string } }>(FILE_UPLOAD, { id: batch.id })).fileUpload.status).toBe(
      'processing',
    );
  });
});
