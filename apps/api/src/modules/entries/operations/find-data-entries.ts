import type { Executor } from '@tidewise/db/client';
import type { Context } from '../../../context.ts';
import { requireActor } from '../../../lib/authz.ts';
import { type Page, type Pagination, pageOffset, toPage } from '../../../lib/pagination.ts';
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
import { type DataEntryView, dataEntryView, visibleRuns } from '../entry-view.ts';
import { findBatchOfActor, findFileOfActor, findUploadFileOfActor } from '../records.ts';
import { readSnapshot } from '../snapshot.ts';

/** The ids a filter names must be the caller's organization's: NOT_FOUND otherwise, as for any other id. */
export const checkFilterIds = async (ctx: Pick<Context, 'actor' | 'db'>, filter: EntryFilter): Promise<void> => {
  if (filter.fileId) await findFileOfActor(ctx, filter.fileId);
  if (filter.uploadId) await findUploadFileOfActor(ctx, filter.uploadId);
  if (filter.fileUploadId) await findBatchOfActor(ctx, filter.fileUploadId);
};

/** The runs a filter selects and how many of their entries match, read in the caller's snapshot. */
export const selectEntries = async (tx: Executor, organizationId: string, filter: EntryFilter, order: EntryOrder): Promise<MatchingRun[]> =>
  matchingRuns(tx, await visibleRuns(tx, organizationId, filter, runOrderOf(order)), filter);

/**
 * The caller's organization's entries of current validations, filtered and ordered, one page. Default order:
 * newest validation first, then by row. Counts come from the runs' totals unless a filter reads the values
 * (search, fieldValue), which scans the runs it names.
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
