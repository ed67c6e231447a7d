import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, type Mailbox, outboxMailbox } from '../../../test/auth-test-kit.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { auditRows, newOrganization } from '../../../test/organization-test-kit.ts';
import {
  type BatchView,
  COMPLETE_FILE_UPLOAD,
  COMPLETE_UPLOAD,
  createBatch,
  dataOf,
  FILE,
  FILE_UPLOAD,
  type FileView,
  FILES_FOR_UPLOAD,
  isSettled,
  putBytes,
  requestUploadUrl,
  sha256Of,
  type Uploader,
  uploaderFor,
  uploadFile,
  waitForFile,
} from '../upload-flow-test-kit.ts';

const CSV = Buffer.from('Vessel,IMO,Fuel [t]\nNordwind Star,9074729,1250.5\nBaltic Trader,9321483,980\n');
const OTHER_CSV = Buffer.from('Port,Calls\nGdansk,12\nAarhus,7\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

const STATUS = `query($id: ID!) {
  fileUploadStatus(id: $id) { fileUploadId status progress { filesTotal filesPending percent } files { fileId originalName status progress { phase } error { code message } } }
}`;
const CANCEL = `mutation($id: ID!, $fileIds: [ID!]) { cancelPendingFiles(fileUploadId: $id, fileIds: $fileIds) { id status totalSize files { id status } } }`;
const DELETE_FILE = `mutation($fileId: ID!) { deleteFile(fileId: $fileId) { success message } }`;
const DELETE_BATCH = `mutation($id: ID!) { deleteFileUpload(id: $id) { success message } }`;
const DELETE_BATCHES = `mutation($ids: [ID!]!) { deleteManyFileUploads(ids: $ids) { success message } }`;
const CATEGORY = `mutation($input: UpdateFileCategoryInput!) { updateFileCategory(input: $input) { id fileMetadata { category } } }`;
const DOWNLOAD = `query($fileId: ID!) { downloadUrl(fileId: $fileId) { url expiresAt } }`;

describe('uploads in batches', () => {
  let server: TestServer;
  let mailbox: Mailbox;
  let alice: Uploader;
  let aliceOrganizationId: string;
  let bob: Uploader;

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true' });
    mailbox = outboxMailbox(server);
    const a = await newOrganization(server, mailbox, 'Skagerrak Bulk Carriers');
    alice = uploaderFor(server, a.token, a.client.ip);
    aliceOrganizationId = a.organizationId;
    const b = await newOrganization(server, mailbox, 'Kattegat Tankers');
    bob = uploaderFor(server, b.token, b.client.ip);
  });
  afterAll(async () => {
    await server?.close();
  });

  const storedSize = (key: string) => server.app.services.storage.stat(key);
  const storageKeyOf = async (fileId: string) => {
    const { files } = await import('@tidewise/db/schema/uploads');
    const { eq } = await import('drizzle-orm');
    const [row] = await server.database.db.select({ key: files.storageKey }).from(files).where(eq(files.id, fileId));
    return row?.key ?? '';
  };

  it('creates a batch, hands out a URL, takes the bytes and queues the reading; every step audited', async () => {
    const batch = await createBatch(alice, 'Fuel reports Q1');
    expect(batch).toMatchObject({ status: 'draft', totalSize: 0, description: 'Bunker delivery notes', supplierEmails: [], files: [] });
    expect(batch.uploadedByEmail).toMatch(/@tidewise-test\.example$/);

    const answer = dataOf(await requestUploadUrl(alice, batch.id, 'C:\\reports\\fuel ‮vsc.exe.csv', CSV)).generateUploadUrl;
    expect(answer.method).toBe('PUT');
    expect(answer.headers).toEqual([{ name: 'content-type', value: 'text/csv' }]);
    expect(answer.file).toMatchObject({ id: answer.fileId, status: 'pending', size: CSV.length, sanitizedName: 'fuel vsc.exe.csv' });
    expect(answer.file.progress).toMatchObject({ phase: 'uploading', bytesReceived: 0, totalBytes: CSV.length });
    let current = dataOf(await alice.gql<{ fileUpload: BatchView }>(FILE_UPLOAD, { id: batch.id })).fileUpload;
    expect(current).toMatchObject({ status: 'uploading', totalSize: CSV.length, progress: { filesTotal: 1, filesPending: 1 } });

    expect(await putBytes(server, answer, CSV)).toBe(200);
    const completed = dataOf(await alice.gql<{ completeUpload: FileView }>(COMPLETE_UPLOAD, { fileId: answer.fileId })).completeUpload;
    expect(completed).toMatchObject({ status: 'queued', fileType: 'csv', sha256: sha256Of(CSV), duplicateOf: null, error: null });
    expect(completed.uploadedAt).not.toBeNull();
    expect(completed.progress).toMatchObject({ phase: 'waiting', bytesReceived: CSV.length });

    // Asked again (a retried request): the file as it is, nothing changed.
    const again = dataOf(await alice.gql<{ completeUpload: FileView }>(COMPLETE_UPLOAD, { fileId: answer.fileId })).completeUpload;
    expect(again.uploadedAt).toBe(completed.uploadedAt);

    const processed = await waitForFile(alice, answer.fileId, isSettled);
    expect(processed).toMatchObject({ status: 'processed', fileMetadata: { totalRows: 2 } });
    current = dataOf(await alice.gql<{ fileUpload: BatchView }>(FILE_UPLOAD, { id: batch.id })).fileUpload;
    expect(current).toMatchObject({ status: 'ready', progress: { filesTotal: 1, filesProcessed: 1, percent: 100 } });

    for (const action of ['createFileUpload', 'generateUploadUrl', 'completeUpload']) {
      const rows = await auditRows(server, aliceOrganizationId, action);
      expect(rows.filter((r) => r.status === 'success').length, action).toBeGreaterThan(0);
    }
    const [completion] = (await auditRows(server, aliceOrganizationId, 'completeUpload')).filter((r) => r.resourceId === answer.fileId);
    expect(completion?.changes).toMatchObject({ status: { before: 'pending', after: 'queued' } });
  });

  it('refuses a size over the limit before storing anything', async () => {
    const batch = await createBatch(alice, 'Too large');
    const limit = server.env.UPLOAD_MAX_FILE_BYTES;
    const result = await requestUploadUrl(alice, batch.id, 'huge.csv', CSV, { size: limit + 1, sha256: null });
    expect(errorOf(result)).toEqual({
      code: 'VALIDATION_FAILED',
      message: `The file is 200.0 MB; the limit is 200.0 MB (${limit} bytes).`,
    });
    expect(result.errors?.[0]?.extensions?.field).toBe('size');
    const files = dataOf(await alice.gql<{ filesForUpload: FileView[] }>(FILES_FOR_UPLOAD, { id: batch.id })).filesForUpload;
    expect(files).toEqual([]);
    const current = dataOf(await alice.gql<{ fileUpload: BatchView }>(FILE_UPLOAD, { id: batch.id })).fileUpload;
    expect(current.status).toBe('draft');
  });

  it('refuses bytes that do not match the declared checksum or size; the file stays pending and can be sent again', async () => {
    const batch = await createBatch(alice, 'Tampered');
    const tampered = Buffer.from(CSV);
    tampered[tampered.length - 2] = '1'.charCodeAt(0);
    const answer = dataOf(await requestUploadUrl(alice, batch.id, 'fuel.csv', CSV)).generateUploadUrl;

    const notSent = await alice.gql(COMPLETE_UPLOAD, { fileId: answer.fileId });
    expect(errorOf(notSent)).toEqual({ code: 'NOT_FOUND', message: 'The file has not been uploaded.' });

    expect(await putBytes(server, answer, tampered)).toBe(200);
    const refused = await alice.gql(COMPLETE_UPLOAD, { fileId: answer.fileId });
    expect(errorOf(refused)).toEqual({ code: 'VALIDATION_FAILED', message: 'The uploaded file does not match its checksum.' });
    let file = dataOf(await alice.gql<{ file: FileView }>(FILE, { id: answer.fileId })).file;
    expect(file.status).toBe('pending');
    expect(await storedSize(await storageKeyOf(answer.fileId))).toBeNull();

    // Fewer bytes than declared.
    const short = dataOf(await requestUploadUrl(alice, batch.id, 'short.csv', OTHER_CSV, { sha256: null })).generateUploadUrl;
    expect(await putBytes(server, short, OTHER_CSV.subarray(0, 10))).toBe(200);
    expect(errorOf(await alice.gql(COMPLETE_UPLOAD, { fileId: short.fileId }))).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The uploaded file does not have the declared size.',
    });

    // The right bytes, while the URL lives.
    expect(await putBytes(server, answer, CSV)).toBe(200);
    file = dataOf(await alice.gql<{ completeUpload: FileView }>(COMPLETE_UPLOAD, { fileId: answer.fileId })).completeUpload;
    expect(file).toMatchObject({ status: 'queued', sha256: sha256Of(CSV) });
  });

  it('fails a PNG named .csv with BINARY_FILE, deletes its bytes and leaves the other file of the batch alone', async () => {
    const batch = await createBatch(alice, 'Mixed');
    const other = dataOf(await requestUploadUrl(alice, batch.id, 'ports.csv', OTHER_CSV)).generateUploadUrl;
    const png = await uploadFile(server, alice, batch.id, 'vessels.csv', PNG);
    expect(png).toMatchObject({
      status: 'failed',
      fileType: null,
      sha256: null,
      error: {
        code: 'BINARY_FILE',
        message: 'The file is not a spreadsheet: it looks like a PNG image. Upload a CSV or an .xlsx file.',
        details: { detected: 'PNG image' },
      },
      progress: { phase: 'failed' },
    });
    expect(await storedSize(await storageKeyOf(png.id))).toBeNull();
    const untouched = dataOf(await alice.gql<{ file: FileView }>(FILE, { id: other.fileId })).file;
    expect(untouched).toMatchObject({ status: 'pending', error: null });

    const status = dataOf(
      await alice.gql<{
        fileUploadStatus: { status: string; files: { fileId: string; status: string; error: { code: string } | null }[] };
      }>(STATUS, { id: batch.id }),
    ).fileUploadStatus;
    expect(status.status).toBe('uploading');
    expect(status.files.map((f) => [f.fileId, f.status, f.error?.code ?? null])).toEqual([
      [other.fileId, 'pending', null],
      [png.id, 'failed', 'BINARY_FILE'],
    ]);

    // Nothing to download, nothing to read again, and asking to complete it again is a conflict.
    expect(errorOf(await alice.gql(DOWNLOAD, { fileId: png.id }))).toEqual({
      code: 'CONFLICT',
      message: 'The file was refused when it was uploaded; nothing is stored.',
    });
    expect(errorOf(await alice.gql(`mutation($id: ID!) { retryFileProcessing(fileId: $id) { id } }`, { id: png.id }))).toEqual({
      code: 'CONFLICT',
      message: 'The file was refused when it was uploaded, so there is nothing to read again. Upload it again.',
    });
    expect(errorOf(await alice.gql(COMPLETE_UPLOAD, { fileId: png.id }))).toMatchObject({ code: 'CONFLICT' });
  });

  it('fails an empty upload, a PDF and a legacy workbook with the reader’s words', async () => {
    const batch = await createBatch(alice, 'Not spreadsheets');
    const blank = await uploadFile(server, alice, batch.id, 'blank.csv', Buffer.from('  \n\n  \n'));
    expect(blank.error).toMatchObject({ code: 'EMPTY_FILE', message: 'The file holds only blank space.' });
    const pdf = await uploadFile(server, alice, batch.id, 'report.csv', Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'));
    expect(pdf.error).toMatchObject({
      code: 'UNSUPPORTED_FORMAT',
      message: 'The file is a PDF document. Upload the data as a CSV or an .xlsx file.',
    });
    const { buildCfb } = await import('../../../lib/parsing/test-fixtures.ts');
    const xls = await uploadFile(server, alice, batch.id, 'fuel.xlsx', buildCfb(['Workbook', 'SummaryInformation']));
    expect(xls.error).toMatchObject({ code: 'LEGACY_XLS' });
    const encrypted = await uploadFile(server, alice, batch.id, 'locked.xlsx', buildCfb(['EncryptionInfo', 'EncryptedPackage']));
    expect(encrypted.error).toMatchObject({ code: 'ENCRYPTED_WORKBOOK' });
    const current = dataOf(await alice.gql<{ fileUpload: BatchView }>(FILE_UPLOAD, { id: batch.id })).fileUpload;
    expect(current).toMatchObject({ status: 'failed', progress: { filesTotal: 4, filesFailed: 4 } });
  });

  it('flags a file with the same content as an earlier one of the organization, and reads it all the same', async () => {
    const first = await uploadFile(server, alice, (await createBatch(alice, 'January')).id, 'ports-january.csv', OTHER_CSV);
    const second = await uploadFile(server, alice, (await createBatch(alice, 'January again')).id, 'ports-copy.csv', OTHER_CSV);
    expect(second.duplicateOf).toEqual({ fileId: first.id, originalName: 'ports-january.csv', fileUploadId: first.fileUploadId });
    expect(second.status).toBe('queued');
    // Another organization's identical file is not a duplicate of this one.
    const elsewhere = await uploadFile(server, bob, (await createBatch(bob, 'Ports')).id, 'ports.csv', OTHER_CSV);
    expect(elsewhere.duplicateOf).toBeNull();
  });

  it('cancels pending files, listed or all, and refuses to cancel a file whose bytes arrived', async () => {
    const batch = await createBatch(alice, 'Cancelled halfway');
    const one = dataOf(await requestUploadUrl(alice, batch.id, 'one.csv', CSV)).generateUploadUrl;
    const two = dataOf(await requestUploadUrl(alice, batch.id, 'two.csv', OTHER_CSV)).generateUploadUrl;
    const three = dataOf(await requestUploadUrl(alice, batch.id, 'three.csv', CSV)).generateUploadUrl;
    expect(await putBytes(server, one, CSV)).toBe(200);

    type Cancelled = { cancelPendingFiles: { status: string; totalSize: number; files: { id: string; status: string }[] } };
    const listed = dataOf(await alice.gql<Cancelled>(CANCEL, { id: batch.id, fileIds: [one.fileId] })).cancelPendingFiles;
    expect(listed.files).toEqual([
      { id: one.fileId, status: 'cancelled' },
      { id: two.fileId, status: 'pending' },
      { id: three.fileId, status: 'pending' },
    ]);
    expect(listed.totalSize).toBe(OTHER_CSV.length + CSV.length);
    expect(await storedSize(await storageKeyOf(one.fileId))).toBeNull();

    expect(await putBytes(server, three, CSV)).toBe(200);
    await alice.gql(COMPLETE_UPLOAD, { fileId: three.fileId });
    const refused = await alice.gql(CANCEL, { id: batch.id, fileIds: [two.fileId, three.fileId] });
    expect(errorOf(refused).code).toBe('CONFLICT');
    expect(errorOf(refused).message).toMatch(
      /^A file cannot change from (queued|processing|processed) to cancelled\. Its bytes arrived; delete the file instead\.$/,
    );
    expect(dataOf(await alice.gql<{ file: FileView }>(FILE, { id: two.fileId })).file.status).toBe('pending');

    const all = dataOf(await alice.gql<Cancelled>(CANCEL, { id: batch.id })).cancelPendingFiles;
    expect(all.files.find((f) => f.id === two.fileId)?.status).toBe('cancelled');
    expect(all.totalSize).toBe(CSV.length);
    expect(errorOf(await alice.gql(COMPLETE_UPLOAD, { fileId: two.fileId }))).toEqual({
      code: 'CONFLICT',
      message: 'A file cannot change from cancelled to uploaded. Its upload was cancelled.',
    });
  });

  it('completes a ready batch with its supplier addresses; then nothing of it changes', async () => {
    const batch = await createBatch(alice, 'Handed in');
    const pending = dataOf(await requestUploadUrl(alice, batch.id, 'later.csv', OTHER_CSV)).generateUploadUrl;
    const file = await uploadFile(server, alice, batch.id, 'fuel.csv', Buffer.from('Ship;Fuel\nNordwind;12,5\n'));
    const early = await alice.gql(COMPLETE_FILE_UPLOAD, { input: { fileUploadId: batch.id } });
    expect(errorOf(early)).toEqual({
      code: 'CONFLICT',
      message: 'A file upload cannot change from uploading to completed. Wait until every file is uploaded and read.',
    });
    await alice.gql(CANCEL, { id: batch.id, fileIds: [pending.fileId] });
    await waitForFile(alice, file.id, isSettled);

    const badEmail = await alice.gql(COMPLETE_FILE_UPLOAD, { input: { fileUploadId: batch.id, supplierEmails: ['not an address'] } });
    expect(errorOf(badEmail).code).toBe('VALIDATION_FAILED');
    const done = dataOf(
      await alice.gql<{ completeFileUpload: BatchView }>(COMPLETE_FILE_UPLOAD, {
        input: {
          fileUploadId: batch.id,
          supplierEmails: ['Ops@Baltic-Marine.example', 'ops@baltic-marine.example', 'fuel@nordwind.example'],
        },
      }),
    ).completeFileUpload;
    expect(done).toMatchObject({ status: 'completed', supplierEmails: ['ops@baltic-marine.example', 'fuel@nordwind.example'] });
    expect(done.completedAt).not.toBeNull();

    const closed = 'A file upload cannot change from completed to uploading. It was completed and can no longer be changed.';
    expect(errorOf(await alice.gql(DELETE_FILE, { fileId: file.id }))).toEqual({ code: 'CONFLICT', message: closed });
    expect(errorOf(await alice.gql(CATEGORY, { input: { fileId: file.id, category: 'vessel_fuel_consumption' } }))).toEqual({
      code: 'CONFLICT',
      message: closed,
    });
    expect(errorOf(await requestUploadUrl(alice, batch.id, 'more.csv', CSV))).toEqual({ code: 'CONFLICT', message: closed });
    expect(errorOf(await alice.gql(DELETE_BATCH, { id: batch.id }))).toEqual({ code: 'CONFLICT', message: `"Handed in": ${closed}` });
    expect(errorOf(await alice.gql(COMPLETE_FILE_UPLOAD, { input: { fileUploadId: batch.id } }))).toEqual({
      code: 'CONFLICT',
      message: 'The file upload is already completed.',
    });
    expect(dataOf(await alice.gql<{ file: FileView }>(FILE, { id: file.id })).file.status).toBe('processed');
  });

  it('sets the category a person confirms, and hands out a download of the stored bytes as an attachment', async () => {
    const batch = await createBatch(alice, 'Categorised');
    const file = await uploadFile(server, alice, batch.id, 'Fuel report 2021.csv', CSV);
    const updated = dataOf(
      await alice.gql<{ updateFileCategory: { fileMetadata: { category: string } } }>(CATEGORY, {
        input: { fileId: file.id, category: 'vessel_fuel_consumption' },
      }),
    ).updateFileCategory;
    expect(updated.fileMetadata.category).toBe('vessel_fuel_consumption');

    const { downloadUrl } = dataOf(await alice.gql<{ downloadUrl: { url: string; expiresAt: string } }>(DOWNLOAD, { fileId: file.id }));
    const response = await fetch(`${server.url}${new URL(downloadUrl.url).pathname}${new URL(downloadUrl.url).search}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Fuel report 2021.csv"; filename*=UTF-8''Fuel%20report%202021.csv`,
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await response.arrayBuffer()).equals(CSV)).toBe(true);

    const pending = dataOf(await requestUploadUrl(alice, batch.id, 'later.csv', CSV)).generateUploadUrl;
    expect(errorOf(await alice.gql(DOWNLOAD, { fileId: pending.fileId }))).toEqual({
      code: 'CONFLICT',
      message: 'The file has not been uploaded yet.',
    });
  });

  it('deletes a file with its bytes, and batches all or none', async () => {
    const batch = await createBatch(alice, 'To delete');
    const file = await uploadFile(server, alice, batch.id, 'fuel.csv', CSV);
    const key = await storageKeyOf(file.id);
    await waitForFile(alice, file.id, isSettled);
    expect(dataOf(await alice.gql<{ deleteFile: unknown }>(DELETE_FILE, { fileId: file.id })).deleteFile).toEqual({
      success: true,
      message: 'Deleted "fuel.csv".',
    });
    expect(await storedSize(key)).toBeNull();
    expect(errorOf(await alice.gql(FILE, { id: file.id })).code).toBe('NOT_FOUND');
    expect(dataOf(await alice.gql<{ fileUpload: BatchView }>(FILE_UPLOAD, { id: batch.id })).fileUpload).toMatchObject({
      status: 'draft',
      totalSize: 0,
      files: [],
    });

    const second = await createBatch(alice, 'Second to delete');
    const kept = await uploadFile(server, alice, second.id, 'kept.csv', OTHER_CSV);
    const keptKey = await storageKeyOf(kept.id);
    const bobs = await createBatch(bob, "Bob's");
    const mixed = await alice.gql(DELETE_BATCHES, { ids: [batch.id, second.id, bobs.id] });
    expect(errorOf(mixed).code).toBe('NOT_FOUND');
    expect(dataOf(await alice.gql<{ file: FileView }>(FILE, { id: kept.id })).file.id).toBe(kept.id);

    expect(
      dataOf(await alice.gql<{ deleteManyFileUploads: unknown }>(DELETE_BATCHES, { ids: [batch.id, second.id] })).deleteManyFileUploads,
    ).toEqual({
      success: true,
      message: 'Deleted 2 uploads.',
    });
    expect(errorOf(await alice.gql(FILE, { id: kept.id })).code).toBe('NOT_FOUND');
    expect(await storedSize(keptKey)).toBeNull();
  });
});
