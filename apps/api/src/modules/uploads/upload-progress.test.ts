import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Mailbox, outboxMailbox } from '../../test/auth-test-kit.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { type Admin, newOrganization } from '../../test/organization-test-kit.ts';
import { type HeldSubscription, holdSubscription } from './live-test-kit.ts';
import {
  createBatch,
  dataOf,
  FILE,
  type FileView,
  reachableUrl,
  requestUploadUrl,
  type Uploader,
  uploaderFor,
} from './upload-flow-test-kit.ts';

const FILE_UPDATED = `subscription($fileId: ID!) {
  fileUpdated(fileId: $fileId) { id status progress { phase bytesReceived totalBytes percent } }
}`;

type Progress = { phase: string; bytesReceived: number; totalBytes: number; percent: number };
type Watched = HeldSubscription<{ fileUpdated: { id: string; status: string; progress: Progress } }>;

const CHUNK = 64 * 1024;
const CHUNKS = 5;
const SIZE = CHUNK * CHUNKS;

const received = (watched: Watched) => watched.results.map((r) => r.data?.fileUpdated.progress.bytesReceived ?? -1);

/**
 * A body sent as a slow client sends it: one chunk, then a pause until the subscriber has seen the
 * server count it, then the next. `stopAfter` cuts the upload off (the body errors) after that many chunks.
 */
const slowBody = (watched: Watched, stopAfter = CHUNKS) => {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent > 0) await watched.waitFor(() => received(watched).some((n) => n >= sent), `the server counted ${sent} bytes`);
      if (sent === stopAfter * CHUNK) {
        controller.error(new Error('connection lost'));
        return;
      }
      controller.enqueue(Buffer.alloc(CHUNK, 'a'));
      sent += CHUNK;
      if (sent === SIZE) controller.close();
    },
  });
};

describe('byte progress of an upload to the local storage route', () => {
  let server: TestServer;
  let mailbox: Mailbox;
  let org: Admin;
  let uploader: Uploader;
  const held: Watched[] = [];

  /** A file waiting for its bytes (generateUploadUrl), its upload URL, and a subscription to it. */
  const pendingFile = async () => {
    const batch = await createBatch(uploader, `Voyages ${randomUUID().slice(0, 6)}`);
    const answer = dataOf(await requestUploadUrl(uploader, batch.id, 'voyages.csv', Buffer.alloc(SIZE, 'a'))).generateUploadUrl;
    const watched: Watched = await holdSubscription(server.url, FILE_UPDATED, { fileId: answer.fileId }, org.token);
    held.push(watched);
    const upload = {
      url: reachableUrl(server, answer.uploadUrl),
      method: answer.method,
      headers: Object.fromEntries(answer.headers.map((h) => [h.name, h.value])),
    };
    return { fileId: answer.fileId, upload, watched };
  };

  const fileNow = async (fileId: string) => dataOf(await uploader.gql<{ file: FileView }>(FILE, { id: fileId })).file;

  beforeAll(async () => {
    server = await startTestServer();
    mailbox = outboxMailbox(server);
    org = await newOrganization(server, mailbox);
    uploader = uploaderFor(server, org.token, org.client.ip);
  });
  afterAll(async () => {
    for (const watched of held) await watched.close();
    await server?.close();
  });

  it('moves FileProgress for subscribers while the bytes arrive, and ends at the full size', async () => {
    const { fileId, upload, watched } = await pendingFile();
    const response = await fetch(upload.url, {
      method: upload.method,
      headers: upload.headers,
      body: slowBody(watched),
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(200);
    await watched.waitFor(() => received(watched).at(-1) === SIZE, 'the full size');

    const counts = received(watched);
    // Each pause let the server report the bytes so far: at least one count per chunk before the last.
    expect(counts.filter((n) => n > 0 && n < SIZE).length).toBeGreaterThanOrEqual(CHUNKS - 1);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(new Set(counts).size).toBe(counts.length);
    const progress = watched.results.map((r) => r.data?.fileUpdated.progress);
    expect(progress.every((p) => p?.phase === 'uploading' && p.totalBytes === SIZE)).toBe(true);
    const percents = progress.map((p) => p?.percent ?? -1);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents[0]).toBeGreaterThan(0);
    expect(percents.at(-1)).toBe(100);
    expect(await fileNow(fileId)).toMatchObject({ status: 'pending', progress: { bytesReceived: SIZE, percent: 100 } });
  });

  it('falls back to nothing received when the upload is cut off halfway, and the file stays pending', async () => {
    const { fileId, upload, watched } = await pendingFile();
    const cutOff = await fetch(upload.url, {
      method: upload.method,
      headers: upload.headers,
      body: slowBody(watched, 2),
      duplex: 'half',
    } as RequestInit).then(
      () => 'answered',
      () => 'failed',
    );
    expect(cutOff).toBe('failed');
    await watched.waitFor(() => received(watched).at(-1) === 0, 'back to 0 bytes');
    expect(Math.max(...received(watched))).toBeGreaterThanOrEqual(2 * CHUNK);
    expect(await fileNow(fileId)).toMatchObject({ status: 'pending', progress: { bytesReceived: 0, percent: 0 } });
  });
});
