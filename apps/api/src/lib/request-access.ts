import type { Executor } from '@tidewise/db/client';
import { calendarTasks } from '@tidewise/db/schema/requests';
import { fileUploads, files } from '@tidewise/db/schema/uploads';
import type { CalendarTaskStatus } from '@tidewise/shared/requests/statuses';
import { and, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Context } from '../context.ts';
import { requireActor } from './authz.ts';
import { isUuid } from './db.ts';
import { notFound } from './errors.ts';
import type { FileRecord, FileUploadRecord } from './upload-records.ts';

/**
 * A customer reads a supplier's answer through its own request (decision 3 of data requests): the supplier's
 * response upload (`calendar_tasks.response_upload_id`, a file upload of the supplier organization) while the
 * request is `submitted` (the customer reviewing) or `accepted`. Only accepted answers join the customer's
 * general data entries list. No other organization ever reads them, other customers of the same supplier
 * included: every check names the caller's organization as the task's `organization_id`.
 */

/** While the request is in one of these, its customer may read the answer by id and through the request. */
export const RESPONSE_READABLE_STATUSES: readonly CalendarTaskStatus[] = ['submitted', 'accepted'];
/** Only these answers appear in the customer's general lists (and under a supplierOrganizationId filter). */
export const RESPONSE_LISTED_STATUSES: readonly CalendarTaskStatus[] = ['accepted'];

/** The request through which an organization reads another organization's upload. */
export type ResponseGrant = {
  taskId: string;
  status: CalendarTaskStatus;
  /** The answering supplier: the owner of the upload. */
  supplierOrganizationId: string;
  fileUploadId: string;
};

type Reader = Pick<Context, 'actor' | 'db'>;

/**
 * Requests of `customerOrganizationId` in `statuses` whose response upload is the supplier's own: the condition
 * every grant is read through. The upload's owner must be the task's supplier, so nothing else can be attached.
 */
const grantsOf = (executor: Executor, customerOrganizationId: string, statuses: readonly CalendarTaskStatus[], extra: SQL[] = []) =>
  executor
    .select({
      taskId: calendarTasks.id,
      status: calendarTasks.status,
      supplierOrganizationId: calendarTasks.supplierOrganizationId,
      fileUploadId: fileUploads.id,
    })
    .from(calendarTasks)
    .innerJoin(
      fileUploads,
      and(eq(fileUploads.id, calendarTasks.responseUploadId), eq(fileUploads.organizationId, calendarTasks.supplierOrganizationId)),
    )
    .where(
      and(
        eq(calendarTasks.organizationId, customerOrganizationId),
        inArray(calendarTasks.status, [...statuses]),
        isNotNull(calendarTasks.responseUploadId),
        ...extra,
      ),
    );

const asGrant = (row: { taskId: string; status: string; supplierOrganizationId: string; fileUploadId: string }): ResponseGrant => ({
  ...row,
  status: row.status as CalendarTaskStatus,
});

/** The request through which `organizationId` may read the file upload `fileUploadId` of another organization, or null. */
export const responseGrantForUpload = async (
  executor: Executor,
  organizationId: string,
  fileUploadId: string,
  statuses: readonly CalendarTaskStatus[] = RESPONSE_READABLE_STATUSES,
): Promise<ResponseGrant | null> => {
  if (!isUuid(fileUploadId)) return null;
  const [row] = await grantsOf(executor, organizationId, statuses, [eq(calendarTasks.responseUploadId, fileUploadId)]).limit(1);
  return row ? asGrant(row) : null;
};

/**
 * The other organizations' uploads `organizationId` reads through its requests in `statuses`, optionally only
 * those of one request or one supplier. A handful of ids (one per answered request), read through the
 * (organization, status) index of calendar_tasks: lists narrow files by them, never entries.
 */
export const readableResponseUploads = async (
  executor: Executor,
  organizationId: string,
  options: { statuses?: readonly CalendarTaskStatus[]; calendarTaskId?: string | null; supplierOrganizationId?: string | null } = {},
): Promise<ResponseGrant[]> => {
  if (options.calendarTaskId && !isUuid(options.calendarTaskId)) return [];
  if (options.supplierOrganizationId && !isUuid(options.supplierOrganizationId)) return [];
  const rows = await grantsOf(executor, organizationId, options.statuses ?? RESPONSE_LISTED_STATUSES, [
    ...(options.calendarTaskId ? [eq(calendarTasks.id, options.calendarTaskId)] : []),
    ...(options.supplierOrganizationId ? [eq(calendarTasks.supplierOrganizationId, options.supplierOrganizationId)] : []),
  ]);
  return rows.map(asGrant);
};

/**
 * SQL over `files`: the files `organizationId` may list: its own, and those of the response uploads of its
 * requests in `statuses` (by default only accepted ones, as the general lists show them).
 */
export const filesReadableBy = (organizationId: string, statuses: readonly CalendarTaskStatus[] = RESPONSE_LISTED_STATUSES): SQL => {
  if (statuses.length === 0) return sql`${files.organizationId} = ${organizationId}`;
  const listed = sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  );
  return sql`(${files.organizationId} = ${organizationId} OR ${files.fileUploadId} IN (
    SELECT ct.response_upload_id FROM calendar_tasks ct
    JOIN file_uploads fu ON fu.id = ct.response_upload_id AND fu.organization_id = ct.supplier_organization_id
    WHERE ct.organization_id = ${organizationId} AND ct.status IN (${listed})))`;
};

/** A file upload the caller may read: its own, or the answer to one of its requests (submitted or accepted); NOT_FOUND otherwise. */
export const findReadableFileUpload = async (
  ctx: Reader,
  fileUploadId: string,
  executor: Executor = ctx.db,
): Promise<{ upload: FileUploadRecord; grant: ResponseGrant | null }> => {
  const actor = requireActor(ctx);
  if (!isUuid(fileUploadId)) throw notFound('FileUpload', fileUploadId);
  const [upload] = await executor.select().from(fileUploads).where(eq(fileUploads.id, fileUploadId)).limit(1);
  if (!upload) throw notFound('FileUpload', fileUploadId);
  if (upload.organizationId === actor.organizationId) return { upload, grant: null };
  const grant = await responseGrantForUpload(executor, actor.organizationId, upload.id);
  if (!grant) throw notFound('FileUpload', fileUploadId);
  return { upload, grant };
};

/** A file the caller may read: its own, or one of the answer to one of its requests (submitted or accepted); NOT_FOUND otherwise. */
export const findReadableFile = async (
  ctx: Reader,
  fileId: string,
  executor: Executor = ctx.db,
): Promise<{ file: FileRecord; grant: ResponseGrant | null }> => {
  const actor = requireActor(ctx);
  if (!isUuid(fileId)) throw notFound('File', fileId);
  const [file] = await executor.select().from(files).where(eq(files.id, fileId)).limit(1);
  if (!file) throw notFound('File', fileId);
  if (file.organizationId === actor.organizationId) return { file, grant: null };
  const grant = file.fileUploadId ? await responseGrantForUpload(executor, actor.organizationId, file.fileUploadId) : null;
  if (!grant || file.organizationId !== grant.supplierOrganizationId) throw notFound('File', fileId);
  return { file, grant };
};
