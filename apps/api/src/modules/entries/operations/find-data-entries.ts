import type { Executor } from '@tidewise/db/client';
import { organizationRelationships } from '@tidewise/db/schema/organizations';
import { calendarTasks } from '@tidewise/db/schema/requests';
import { and, eq, or } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { requireActor } from '../../../lib/authz.ts';
import { isUuid } from '../../../lib/db.ts';
import { notFound } from '../../../lib/errors.ts';
import { type Page, type Pagination, pageOffset, toPage } from '../../../lib/pagination.ts';
import {
  findReadableFile,
  findReadableFileUpload,
  RESPONSE_LISTED_STATUSES,
  RESPONSE_READABLE_STATUSES,
  readableResponseUploads,
} from '../../../lib/request-access.ts';
import {
  checkEntryFilter,
  DEFAULT_ENTRY_ORDER,
  type EntryFilter,
  type EntryOrder,
  type MatchingRun,
  matchingRuns,
  pageOfEntries,
  runOrderOf,
} from '../entry-query.ts';
import { type DataEntryView, dataEntryView, type RunAccess, visibleRuns } from '../entry-view.ts';
import { findUploadFileOfActor } from '../records.ts';
import { readSnapshot } from '../snapshot.ts';

/** A request the organization sent or answers, or null. */
const taskOfEitherSide = async (executor: Executor, organizationId: string, calendarTaskId: string) => {
  if (!isUuid(calendarTaskId)) return null;
  const [task] = await executor
    .select({ id: calendarTasks.id, responseUploadId: calendarTasks.responseUploadId })
    .from(calendarTasks)
    .where(
      and(
        eq(calendarTasks.id, calendarTaskId),
        or(eq(calendarTasks.organizationId, organizationId), eq(calendarTasks.supplierOrganizationId, organizationId)),
      ),
    )
    .limit(1);
  return task ?? null;
};

/** True when the organization has asked this supplier for data or has it as a supplier. */
const isSupplierOf = async (executor: Executor, customerOrganizationId: string, supplierOrganizationId: string) => {
  if (!isUuid(supplierOrganizationId)) return false;
  const [task] = await executor
    .select({ id: calendarTasks.id })
    .from(calendarTasks)
    .where(and(eq(calendarTasks.organizationId, customerOrganizationId), eq(calendarTasks.supplierOrganizationId, supplierOrganizationId)))
    .limit(1);
  if (task) return true;
  const [link] = await executor
    .select({ id: organizationRelationships.id })
    .from(organizationRelationships)
    .where(
      and(
        eq(organizationRelationships.customerOrganizationId, customerOrganizationId),
        eq(organizationRelationships.supplierOrganizationId, supplierOrganizationId),
      ),
    )
    .limit(1);
  return Boolean(link);
};

/**
 * The ids a filter names must be readable by the caller: its own, a supplier's answer to one of its requests
 * (decision 3 of data requests), a request it sent or answers, a supplier of its. NOT_FOUND otherwise, as for any
 * other id.
 */
export const checkFilterIds = async (ctx: Pick<Context, 'actor' | 'db'>, filter: EntryFilter): Promise<void> => {
  const actor = requireActor(ctx);
  if (filter.fileId) await findReadableFile(ctx, filter.fileId);
  if (filter.uploadId) await findUploadFileOfActor(ctx, filter.uploadId);
  if (filter.fileUploadId) await findReadableFileUpload(ctx, filter.fileUploadId);
  if (filter.calendarTaskId && !(await taskOfEitherSide(ctx.db, actor.organizationId, filter.calendarTaskId))) {
    throw notFound('CalendarTask', filter.calendarTaskId);
  }
  if (filter.supplierOrganizationId && !(await isSupplierOf(ctx.db, actor.organizationId, filter.supplierOrganizationId))) {
    throw notFound('Organization', filter.supplierOrganizationId);
  }
};

/**
 * Whose files a filter reads. The caller's own, unless it asks for a supplier's; plus the response uploads of
 * its requests: accepted ones in the general list and under supplierOrganizationId, submitted ones too when the
 * filter names the request, the file or the upload (the customer reviewing an answer). A request narrows to its
 * response upload, whichever side asks.
 */
export const runAccessFor = async (executor: Executor, organizationId: string, filter: EntryFilter): Promise<RunAccess> => {
  const named = Boolean(filter.calendarTaskId || filter.fileId || filter.fileUploadId);
  const grants = await readableResponseUploads(executor, organizationId, {
    statuses: named ? RESPONSE_READABLE_STATUSES : RESPONSE_LISTED_STATUSES,
    supplierOrganizationId: filter.supplierOrganizationId ?? null,
    calendarTaskId: filter.calendarTaskId ?? null,
  });
  let onlyUploadIds: string[] | null = null;
  if (filter.calendarTaskId) {
    const task = await taskOfEitherSide(executor, organizationId, filter.calendarTaskId);
    onlyUploadIds = task?.responseUploadId ? [task.responseUploadId] : [];
  }
  return {
    organizationId,
    own: !filter.supplierOrganizationId,
    foreignUploadIds: [...new Set(grants.map((grant) => grant.fileUploadId))],
    onlyUploadIds,
  };
};

/** The runs a filter selects and how many of their entries match, read in the caller's snapshot. */
export const selectEntries = async (tx: Executor, organizationId: string, filter: EntryFilter, order: EntryOrder): Promise<MatchingRun[]> =>
  matchingRuns(tx, await visibleRuns(tx, await runAccessFor(tx, organizationId, filter), filter, runOrderOf(order)), filter);

/**
 * The entries of current validations the caller reads (its own, and its suppliers' accepted answers), filtered
 * and ordered, one page. Default order: newest validation first, then by row. Counts come from the runs' totals
 * unless a filter reads the values (search, fieldValue), which scans the runs it names.
 */
export const findDataEntries = async (
  ctx: Context,
  input: { filter: EntryFilter; order: EntryOrder | null; pagination: Pagination },
): Promise<Page<DataEntryView>> => {
  const actor = requireActor(ctx);
  const order = input.order ?? DEFAULT_ENTRY_ORDER;
  checkEntryFilter(input.filter);
  await checkFilterIds(ctx, input.filter);
  return readSnapshot(ctx.db, async (tx) => {
    const matching = await selectEntries(tx, actor.organizationId, input.filter, order);
    const total = matching.reduce((sum, m) => sum + m.count, 0);
    const rows = await pageOfEntries(tx, matching, order, pageOffset(input.pagination), input.pagination.pageSize);
    return toPage(
      input.pagination,
      rows.map(({ run, row }) => dataEntryView(run, row)),
      total,
    );
  });
};
