import { files, uploads } from '@tidewise/db/schema/uploads';
import { and, eq, ne } from 'drizzle-orm';
import type { AppServices } from '../../context.ts';
import { onLocalUploadProgress, type UploadProgress } from '../../lib/storage/local-routes.ts';
import { publishFileEvent } from './live-events.ts';

type Services = Pick<AppServices, 'db' | 'logger' | 'pubsub'>;

/**
 * Stores the byte count of an upload on its file (only while the file is `pending`: once the upload was
 * completed the verified size stands) and tells the file's subscribers. Nothing happens for a key no file
 * has, or a count already stored.
 */
export const recordUploadProgress = async (services: Services, { key, bytesReceived }: UploadProgress): Promise<void> => {
  const [file] = await services.db
    .update(files)
    .set({ bytesReceived })
    .where(and(eq(files.storageKey, key), eq(files.status, 'pending'), ne(files.bytesReceived, bytesReceived)))
    .returning({ id: files.id, organizationId: files.organizationId, fileUploadId: files.fileUploadId });
  if (!file) return;
  const [upload] = file.fileUploadId
    ? []
    : await services.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.fileId, file.id)).limit(1);
  publishFileEvent(services, file.organizationId, {
    fileId: file.id,
    fileUploadId: file.fileUploadId,
    uploadId: upload?.id ?? null,
    status: 'pending',
  });
};

/**
 * Makes FileProgress move while a file's bytes reach the local storage route: the route reports a key's
 * count at most every ~300 ms; each report becomes one UPDATE of files.bytes_received and one file event.
 * Writes of one key never overlap and never run out of order: while one is in flight only the newest
 * count waits, and it is written next. Failures are logged; the upload itself never waits for them.
 * Registered once by createApp. Answers a function that unregisters it.
 */
export const registerUploadProgress = (services: AppServices): (() => void) => {
  /** Keys being written, each with the count that arrived meanwhile (null: none). */
  const writing = new Map<string, { next: number | null }>();
  const write = async (key: string, first: number, slot: { next: number | null }) => {
    let bytesReceived = first;
    try {
      for (;;) {
        await recordUploadProgress(services, { key, bytesReceived });
        if (slot.next === null) return;
        bytesReceived = slot.next;
        slot.next = null;
      }
    } catch (error) {
      services.logger.warn({ err: error, key }, 'could not record upload progress');
    } finally {
      writing.delete(key);
    }
  };
  return onLocalUploadProgress(services, ({ key, bytesReceived }) => {
    const busy = writing.get(key);
    if (busy) {
      busy.next = bytesReceived;
      return;
    }
    const slot = { next: null };
    writing.set(key, slot);
    void write(key, bytesReceived, slot);
  });
};
