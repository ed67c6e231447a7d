import { FILE_STATUSES } from '@tidewise/shared/uploads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGOUT, type Mailbox, outboxMailbox } from '../../test/auth-test-kit.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { type Admin, newOrganization } from '../../test/organization-test-kit.ts';
import { type HeldSubscription, holdSubscription } from './live-test-kit.ts';
import {
  COMPLETE_UPLOAD,
  createBatch,
  dataOf,
  putBytes,
  requestUploadUrl,
  type Uploader,
  uploaderFor,
  uploadFile,
} from './upload-flow-test-kit.ts';

const FILE_FIELDS = 'id fileUploadId status progress { phase bytesReceived totalBytes rowsRead percent }';
const FILE_UPDATED = `subscription($fileId: ID!) { fileUpdated(fileId: $fileId) { ${FILE_FIELDS} } }`;
const FILES_UPDATED = `subscription($fileUploadId: ID!) { filesUpdated(fileUploadId: $fileUploadId) { ${FILE_FIELDS} } }`;
const FILE_UPLOADS_UPDATED = 'subscription { fileUploadsUpdated { id status totalSize progress { filesTotal filesProcessed percent } } }';
const UPLOAD_UPDATED = 'subscription($uploadId: ID!) { uploadUpdated(uploadId: $uploadId) { id status file { id status } } }';
const CREATE_UPLOAD_URL = `mutation($input: CreateUploadUrlInput!) {
  createUploadUrl(input: $input) { uploadId fileId uploadUrl method headers { name value } }
}`;
const FINISH_UPLOAD = 'mutation($uploadId: ID!) { finishUpload(uploadId: $uploadId) { id status } }';
const PROCESS_UPLOAD = 'mutation($input: ProcessUploadInput!) { processUpload(input: $input) { id status } }';
const DELETE_FILE = 'mutation($fileId: ID!) { deleteFile(fileId: $fileId) { success } }';
const DELETE_FILE_UPLOAD = 'mutation($id: ID!) { deleteFileUpload(id: $id) { success } }';

type FileView = {
  id: string;
  fileUploadId: string | null;
  status: string;
  progress: { phase: string; bytesReceived: number; totalBytes: number; rowsRead: number; percent: number };
};
type BatchView = {
  id: string;
  status: string;
  totalSize: number;
  progress: { filesTotal: number; filesProcessed: number; percent: number };
};

const CSV = Buffer.from(
  ['vessel,imo,fuel,tonnes', 'Aurora Borealis,9321483,VLSFO,412.5', 'Baltic Star,9412876,MGO,88.25', 'Nordic Tern,9534127,LNG,1204'].join(
    '\n',
  ),
);

/** Statuses in the order a file moves through them on the way to processed. */
const isInOrder = (statuses: string[]) =>
  statuses.every((status, i) => i === 0 || FILE_STATUSES.indexOf(status as never) >= FILE_STATUSES.indexOf(statuses[i - 1] as never));

describe('live updates of uploads', () => {
  let server: TestServer;
  let mailbox: Mailbox;
  let alpha: Admin;
  let beta: Admin;
  let me: Uploader;
  let them: Uploader;
  const held: HeldSubscription<unknown>[] = [];

  const hold = async <T>(query: string, variables: Record<string, unknown>, token: string | undefined) => {
    const subscription = await holdSubscription<T>(server.url, query, variables, token);
    held.push(subscription as HeldSubscription<unknown>);
    return subscription;
  };

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true' });
    mailbox = outboxMailbox(server);
    [alpha, beta] = [await newOrganization(server, mailbox), await newOrganization(server, mailbox)];
    me = uploaderFor(server, alpha.token, alpha.client.ip);
    them = uploaderFor(server, beta.token, beta.client.ip);
  });
  afterAll(async () => {
    for (const subscription of held) await subscription.close();
    await server?.close();
  });

  it("streams a file's changes in order, from its bytes to its rows, to its organization and never to another", async () => {
    const [batchA, otherBatchA, batchB] = [
      await createBatch(me, 'Bunker notes'),
      await createBatch(me, 'Port calls'),
      await createBatch(them),
    ];
    const batches = await hold<{ fileUploadsUpdated: BatchView }>(FILE_UPLOADS_UPDATED, {}, alpha.token);
    const theirBatches = await hold<{ fileUploadsUpdated: BatchView }>(FILE_UPLOADS_UPDATED, {}, beta.token);
    const batchFiles = await hold<{ filesUpdated: FileView }>(FILES_UPDATED, { fileUploadId: batchA.id }, alpha.token);
    const answer = dataOf(await requestUploadUrl(me, batchA.id, 'bunker-notes.csv', CSV)).generateUploadUrl;
    const one = await hold<{ fileUpdated: FileView }>(FILE_UPDATED, { fileId: answer.fileId }, alpha.token);
    expect([batches.status, theirBatches.status, batchFiles.status, one.status]).toEqual([200, 200, 200, 200]);

    // The other organization, and another batch of alpha's, upload at the same time.
    const busy = Promise.all([
      uploadFile(server, them, batchB.id, 'theirs.csv', CSV),
      uploadFile(server, me, otherBatchA.id, 'other.csv', CSV),
    ]);
    expect(await putBytes(server, answer, CSV)).toBe(200);
    await one.waitFor((r) => r.some((e) => e.data?.fileUpdated.progress.bytesReceived === CSV.length), 'the bytes received');
    dataOf(await me.gql(COMPLETE_UPLOAD, { fileId: answer.fileId }));
    await busy;
    await one.waitFor((r) => r.at(-1)?.data?.fileUpdated.status === 'processed', 'processed');
    await batchFiles.waitFor((r) => r.at(-1)?.data?.filesUpdated.status === 'processed', 'processed in the batch');
    const isReady = (id: string) => (r: { data?: { fileUploadsUpdated: BatchView } | null }[]) =>
      r.some((e) => e.data?.fileUploadsUpdated.id === id && e.data.fileUploadsUpdated.status === 'ready');
    await batches.waitFor(isReady(batchA.id), 'alpha batch ready');
    await batches.waitFor(isReady(otherBatchA.id), 'other alpha batch ready');
    await theirBatches.waitFor(isReady(batchB.id), 'beta batch ready');

    const seen = one.results.map((r) => r.data?.fileUpdated);
    expect(one.results.every((r) => r.errors === undefined)).toBe(true);
    expect(new Set(seen.map((f) => f?.id))).toEqual(new Set([answer.fileId]));
    const statuses = seen.map((f) => f?.status ?? '');
    expect(statuses[0]).toBe('pending');
    expect(statuses.at(-1)).toBe('processed');
    expect(isInOrder(statuses), statuses.join(' → ')).toBe(true);
    expect(seen[0]?.progress).toMatchObject({ phase: 'uploading', bytesReceived: CSV.length, percent: 100 });
    expect(seen.at(-1)?.progress).toMatchObject({ phase: 'done', rowsRead: 3, percent: 100 });

    const inBatch = batchFiles.results.map((r) => r.data?.filesUpdated);
    expect(new Set(inBatch.map((f) => f?.id))).toEqual(new Set([answer.fileId]));
    expect(isInOrder(inBatch.map((f) => f?.status ?? ''))).toBe(true);

    // Each organization hears its own batches only.
    const alphaBatches = batches.results.map((r) => r.data?.fileUploadsUpdated);
    expect(new Set(alphaBatches.map((b) => b?.id))).toEqual(new Set([batchA.id, otherBatchA.id]));
    expect(alphaBatches.filter((b) => b?.id === batchA.id).at(-1)).toMatchObject({
      status: 'ready',
      totalSize: CSV.length,
      progress: { filesTotal: 1, filesProcessed: 1, percent: 100 },
    });
    expect(new Set(theirBatches.results.map((r) => r.data?.fileUploadsUpdated.id))).toEqual(new Set([batchB.id]));
  });

  it('refuses a subscription without a valid token before anything streams', async () => {
    const batch = await createBatch(me);
    const answer = dataOf(await requestUploadUrl(me, batch.id, 'fuel.csv', CSV)).generateUploadUrl;
    const attempts = [
      await hold(FILE_UPDATED, { fileId: answer.fileId }, undefined),
      await hold(FILE_UPDATED, { fileId: answer.fileId }, 'not-a-token'),
      await hold(FILE_UPLOADS_UPDATED, {}, `${alpha.token.slice(0, -4)}AAAA`),
    ];
    for (const attempt of attempts) await attempt.ended();
    expect(await putBytes(server, answer, CSV)).toBe(200);
    for (const attempt of attempts) {
      expect(attempt.results).toHaveLength(1);
      expect(attempt.results[0]?.data ?? null).toBeNull();
      expect(attempt.results[0]?.errors?.map((e) => e.extensions?.code)).toEqual(['UNAUTHENTICATED']);
    }
  });

  it("answers NOT_FOUND for another organization's ids, and for ids that name nothing", async () => {
    const batch = await createBatch(them);
    const file = dataOf(await requestUploadUrl(them, batch.id, 'theirs.csv', CSV)).generateUploadUrl;
    const single = dataOf(
      await them.gql<{ createUploadUrl: { uploadId: string } }>(CREATE_UPLOAD_URL, {
        input: { fileName: 'theirs.csv', mimeType: 'text/csv', size: CSV.length },
      }),
    ).createUploadUrl;
    const attempts = [
      await hold(FILE_UPDATED, { fileId: file.fileId }, alpha.token),
      await hold(FILES_UPDATED, { fileUploadId: batch.id }, alpha.token),
      await hold(UPLOAD_UPDATED, { uploadId: single.uploadId }, alpha.token),
      await hold(FILE_UPDATED, { fileId: '00000000-0000-4000-8000-000000000000' }, alpha.token),
      await hold(FILE_UPDATED, { fileId: 'not-an-id' }, alpha.token),
    ];
    for (const attempt of attempts) await attempt.ended();
    for (const attempt of attempts) {
      expect(attempt.results).toHaveLength(1);
      expect(attempt.results[0]?.errors?.map((e) => e.extensions?.code)).toEqual(['NOT_FOUND']);
    }
  });

  it('follows a single-file upload to processed, and ends when its file is deleted', async () => {
    const answer = dataOf(
      await me.gql<{
        createUploadUrl: {
          uploadId: string;
          fileId: string;
          uploadUrl: string;
          method: string;
          headers: { name: string; value: string }[];
        };
      }>(CREATE_UPLOAD_URL, {
        input: { fileName: 'voyages.csv', mimeType: 'text/csv', size: CSV.length, purpose: 'calendar-task-response' },
      }),
    ).createUploadUrl;
    const watched = await hold<{ uploadUpdated: { id: string; status: string; file: { id: string; status: string } } }>(
      UPLOAD_UPDATED,
      { uploadId: answer.uploadId },
      alpha.token,
    );
    expect(await putBytes(server, answer, CSV)).toBe(200);
    dataOf(await me.gql(FINISH_UPLOAD, { uploadId: answer.uploadId }));
    await watched.waitFor((r) => r.some((e) => e.data?.uploadUpdated.status === 'uploaded'), 'uploaded');
    dataOf(await me.gql(PROCESS_UPLOAD, { input: { uploadId: answer.uploadId } }));
    await watched.waitFor((r) => r.at(-1)?.data?.uploadUpdated.status === 'processed', 'processed');
    dataOf(await me.gql(DELETE_FILE, { fileId: answer.fileId }));
    await watched.ended();
    const statuses = watched.results.map((r) => r.data?.uploadUpdated.status ?? '');
    expect(isInOrder(statuses), statuses.join(' → ')).toBe(true);
    expect(statuses.at(-1)).toBe('processed');
    expect(new Set(watched.results.map((r) => r.data?.uploadUpdated.file.id))).toEqual(new Set([answer.fileId]));
  });

  it("leaves a batch's deleted file out, and ends the batch's streams when the batch is deleted", async () => {
    const batch = await createBatch(me);
    const kept = dataOf(await requestUploadUrl(me, batch.id, 'kept.csv', CSV)).generateUploadUrl;
    const removed = dataOf(await requestUploadUrl(me, batch.id, 'removed.csv', CSV)).generateUploadUrl;
    const one = await hold<{ fileUpdated: FileView }>(FILE_UPDATED, { fileId: removed.fileId }, alpha.token);
    const batchFiles = await hold<{ filesUpdated: FileView }>(FILES_UPDATED, { fileUploadId: batch.id }, alpha.token);
    dataOf(await me.gql(DELETE_FILE, { fileId: removed.fileId }));
    await one.ended();
    expect(await putBytes(server, kept, CSV)).toBe(200);
    await batchFiles.waitFor((r) => r.some((e) => e.data?.filesUpdated.progress.bytesReceived === CSV.length), 'the kept file');
    dataOf(await me.gql(DELETE_FILE_UPLOAD, { id: batch.id }));
    await batchFiles.ended();
    expect(one.results).toEqual([]);
    expect(new Set(batchFiles.results.map((r) => r.data?.filesUpdated.id))).toEqual(new Set([kept.fileId]));
  });

  it('ends with UNAUTHENTICATED once the session behind the token is over', async () => {
    const org = await newOrganization(server, mailbox);
    const uploader = uploaderFor(server, org.token, org.client.ip);
    const batch = await createBatch(uploader);
    const answer = dataOf(await requestUploadUrl(uploader, batch.id, 'fuel.csv', CSV)).generateUploadUrl;
    const watched = await hold<{ fileUpdated: FileView }>(FILE_UPDATED, { fileId: answer.fileId }, org.token);
    const signedOut = await org.client.gql(LOGOUT, {}, org.token);
    expect(signedOut.errors).toBeUndefined();
    // The upload URL needs no session: its bytes still arrive, and the event that follows finds the session over.
    expect(await putBytes(server, answer, CSV)).toBe(200);
    await watched.ended();
    expect(watched.results.map((r) => [r.data ?? null, r.errors?.map((e) => e.extensions?.code)])).toEqual([[null, ['UNAUTHENTICATED']]]);
  });
});
