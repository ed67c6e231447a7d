import type { Executor } from '@tidewise/db/client';
import { files, type StoredFileError } from '@tidewise/db/schema/uploads';
import { and, asc, eq, isNotNull, ne, notInArray } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import { recordAudit } from '../../lib/audit.ts';
import { refuse, requireActor } from '../../lib/authz.ts';
import type { FileStorage } from '../../lib/storage/storage.ts';
import { verifyUpload } from '../../lib/storage/verify-upload.ts';
import {
  deleteStoredObjects,
  fileEventOf,
  fileUploadEventOf,
  lockBatchOf,
  lockFile,
  publishChange,
  sendReadingJob,
  uploadIdOf,
} from './file-changes.ts';
import { contentRefusal } from '../../lib/parsing/content-refusal.ts';
import { cfbDirectorySector, classifyCfb, SNIFF_BYTES, type SniffResult, sniffBytes } from '../../lib/parsing/sniff.ts';
import { type FileRecord, type FileUploadRecord, fileStatusOf, refreshFileUploadStatus } from './records.ts';
import { completionStep } from './uploads.policy.ts';

/**
 * Completing a file's upload, shared by completeUpload (a batch's file, then queued for reading) and finishUpload
 * (a single upload, left `uploaded` until processUpload): the stored object must be there with the declared size
 * and checksum, its content must be something the reader can read, and an identical file of the organization is
 * flagged. The bytes are checked before the transaction (hashing 200 MB must not hold the database); the
 * transaction then locks the file and applies the outcome only if it is still pending.
 */

/** `length` bytes of a stored object from `start` (or fewer at its end), read as a stream that stops there. */
const readObjectBytes = async (storage: FileStorage, key: string, start: number, length: number): Promise<Buffer> => {
  const stream = await storage.openReadStream(key);
  const parts: Buffer[] = [];
  let position = 0;
  let kept = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const from = Math.max(0, start - position);
      const to = Math.min(chunk.length, start + length - position);
      if (to > from) {
        parts.push(chunk.subarray(from, to));
        kept += to - from;
      }
      position += chunk.length;
      if (kept >= length) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(parts);
};

/** Sniffs the first 64 KiB; a CFB file whose directory lies further on has that sector read too. */
const sniffStoredObject = async (storage: FileStorage, key: string, size: number): Promise<SniffResult> => {
  const head = size === 0 ? Buffer.alloc(0) : await readObjectBytes(storage, key, 0, Math.min(size, SNIFF_BYTES));
  const sniff = sniffBytes(head, head.length === size);
  if (sniff.kind === 'cfb' && sniff.cfbContent === 'unknown') {
    const sector = cfbDirectorySector(head);
    if (sector && sector.offset < size) sniff.cfbContent = classifyCfb(await readObjectBytes(storage, key, sector.offset, sector.size));
  }
  return sniff;
};

type Inspection =
  | { sha256: string; size: number; fileType: 'csv' | 'tsv' | 'xlsx'; error: null }
  | { sha256: string; size: number; error: StoredFileError };

/** Verifies size and checksum (a refused object is deleted and the file stays pending), then sniffs the content. */
const inspectStoredFile = async (ctx: Pick<Context, 'storage' | 'env'>, file: FileRecord): Promise<Inspection> => {
  const verified = await verifyUpload(ctx.storage, {
    key: file.storageKey,
    expectedSize: file.size,
    maxBytes: ctx.env.UPLOAD_MAX_FILE_BYTES,
    ...(file.sha256 ? { expectedSha256: file.sha256 } : {}),
  });
  const sniff = await sniffStoredObject(ctx.storage, file.storageKey, verified.size);
  const refusal = contentRefusal(sniff);
  if (refusal) {
    const details = Object.keys(refusal.details).length > 0 ? { details: refusal.details } : {};
    return { ...verified, error: { code: refusal.code, message: refusal.message, ...details } };
  }
  const fileType = sniff.kind === 'csv' || sniff.kind === 'tsv' ? sniff.kind : 'xlsx';
  return { ...verified, fileType, error: null };
};

/** The earliest other file of the organization with exactly these bytes, whose bytes were verified and kept. */
const findDuplicate = async (tx: Executor, file: FileRecord, sha256: string): Promise<string | null> => {
  const [row] = await tx
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        eq(files.organizationId, file.organizationId),
        eq(files.sha256, sha256),
        ne(files.id, file.id),
        notInArray(files.status, ['pending', 'cancelled']),
        isNotNull(files.uploadedAt),
      ),
    )
    .orderBy(asc(files.uploadedAt), asc(files.id))
    .limit(1);
  return row?.id ?? null;
};

export type CompletionMode = {
  /** true: `queued` and the reading job sent (completeUpload); false: stop at `uploaded` (finishUpload). */
  queue: boolean;
};

type Outcome = { file: FileRecord; batch: FileUploadRecord | null; uploadId: string | null; changed: boolean };

/**
 * Completes the upload of a file of the caller's organization (loaded by the operation through the org-scoped
 * loader). A file already past `pending` is answered unchanged (a retried request; for a queued file the job is
 * sent again in case the first send was lost); failed or cancelled is CONFLICT. Content the reader cannot read
 * ends the file `failed` with its reason and deletes the object: that is an answer, not an error.
 */
export const completeStoredFile = async (ctx: Context, file: FileRecord, mode: CompletionMode): Promise<FileRecord> => {
  const actor = requireActor(ctx);
  const step = completionStep(fileStatusOf(file.status));
  if (step !== 'verify') {
    if (step !== 'unchanged') return refuse(step);
    if (mode.queue && fileStatusOf(file.status) === 'queued') await sendReadingJob(ctx, file);
    return file;
  }
  const inspection = await inspectStoredFile(ctx, file);

  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    const current = await lockFile(tx, actor.organizationId, file.id);
    const currentStep = completionStep(fileStatusOf(current.status));
    if (currentStep !== 'verify') {
      if (currentStep !== 'unchanged') return refuse(currentStep);
      return { file: current, batch: null, uploadId: null, changed: false };
    }
    await lockBatchOf(tx, current);
    const now = new Date();
    const changes = inspection.error
      ? { status: 'failed', error: inspection.error, sha256: null, bytesReceived: inspection.size }
      : {
          status: mode.queue ? 'queued' : 'uploaded',
          error: null,
          sha256: inspection.sha256,
          fileType: inspection.fileType,
          duplicateOfFileId: await findDuplicate(tx, current, inspection.sha256),
          bytesReceived: inspection.size,
          uploadedAt: now,
        };
    const [updated] = await tx.update(files).set(changes).where(eq(files.id, current.id)).returning();
    if (!updated) throw new Error('completed file missing');
    const batch = updated.fileUploadId ? (await refreshFileUploadStatus(tx, updated.fileUploadId)).fileUpload : null;
    const uploadId = await uploadIdOf(tx, updated.id);
    await recordAudit(tx, ctx, {
      resource: uploadId ? 'upload' : 'file',
      resourceId: uploadId ?? updated.id,
      description: inspection.error
        ? `Refused the upload of "${updated.originalName}": ${inspection.error.message}`
        : `Completed the upload of "${updated.originalName}"${mode.queue ? ' and queued its reading' : ''}${updated.duplicateOfFileId ? ' (same content as an earlier file)' : ''}`,
      before: { status: current.status },
      after: {
        status: updated.status,
        sha256: updated.sha256,
        fileType: updated.fileType,
        duplicateOfFileId: updated.duplicateOfFileId,
        refusal: inspection.error?.message ?? null,
      },
    });
    return { file: updated, batch, uploadId, changed: true };
  });

  if (!outcome.changed) {
    if (mode.queue && fileStatusOf(outcome.file.status) === 'queued') await sendReadingJob(ctx, outcome.file);
    return outcome.file;
  }
  if (inspection.error) await deleteStoredObjects(ctx, [outcome.file.storageKey]);
  publishChange(ctx, {
    organizationId: actor.organizationId,
    files: [fileEventOf(outcome.file, outcome.uploadId)],
    batches: outcome.batch ? [fileUploadEventOf(outcome.batch)] : [],
  });
  if (fileStatusOf(outcome.file.status) === 'queued') await sendReadingJob(ctx, outcome.file);
  return outcome.file;
};
