import { fileUploads } from '@tidewise/db/schema/uploads';
import type { FileUploadStatus } from '@tidewise/shared/uploads';
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { requireActor } from '../../../lib/authz.ts';
import { likePattern } from '../../../lib/db.ts';
import { type Page, type Pagination, pageOffset, toPage } from '../../../lib/pagination.ts';
import { type Sort, sortOrder } from '../../../lib/sorting.ts';
import type { FileUploadRecord } from '../records.ts';

export type FileUploadFilter = { status?: FileUploadStatus | null; search?: string | null };

export const FILE_UPLOAD_SORT_FIELDS = ['createdAt', 'name', 'status', 'totalSize', 'completedAt'] as const;
export type FileUploadSortField = (typeof FILE_UPLOAD_SORT_FIELDS)[number];

const SORT_COLUMNS = {
  createdAt: fileUploads.createdAt,
  name: sql`lower(${fileUploads.name})`,
  status: fileUploads.status,
  totalSize: fileUploads.totalSize,
  completedAt: fileUploads.completedAt,
};

/** Conditions for the caller's batches: status, and `search` in the name, description or uploader's address. */
const conditions = (organizationId: string, filter: FileUploadFilter): SQL[] => {
  const where: SQL[] = [eq(fileUploads.organizationId, organizationId)];
  if (filter.status) where.push(eq(fileUploads.status, filter.status));
  const term = filter.search?.trim();
  if (term) {
    const pattern = likePattern(term);
    const match = or(
      ilike(fileUploads.name, pattern),
      ilike(fileUploads.description, pattern),
      ilike(fileUploads.uploadedByEmail, pattern),
    );
    if (match) where.push(match);
  }
  return where;
};

/** The caller's organization's batches, newest first unless `sort` says otherwise. */
export const findFileUploads = async (
  ctx: Context,
  pagination: Pagination,
  filter: FileUploadFilter,
  sort?: Sort<FileUploadSortField> | null,
): Promise<Page<FileUploadRecord>> => {
  const actor = requireActor(ctx);
  const where = and(...conditions(actor.organizationId, filter));
  const order = sortOrder(sort, SORT_COLUMNS, fileUploads.id, [desc(fileUploads.createdAt), desc(fileUploads.id)]);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(fileUploads)
      .where(where)
      .orderBy(...order)
      .limit(pagination.pageSize)
      .offset(pageOffset(pagination)),
    ctx.db.select({ value: count() }).from(fileUploads).where(where),
  ]);
  return toPage(pagination, rows, Number(total?.value ?? 0));
};
