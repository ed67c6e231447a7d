import type { Context } from '../../../context.ts';
import { requireActor } from '../../../lib/authz.ts';
import { notFound } from '../../../lib/errors.ts';
import { type DataEntryView, dataEntryView, parseEntryId, readEntryRow, visibleRuns } from '../entry-view.ts';
import { readSnapshot } from '../snapshot.ts';

/** One entry of a current validation of the caller's organization; NOT_FOUND otherwise (another organization's, replaced, malformed). */
export const getDataEntry = async (ctx: Context, id: string): Promise<DataEntryView> => {
  const actor = requireActor(ctx);
  const parsed = parseEntryId(id);
  if (!parsed) throw notFound('DataEntry', id);
  return readSnapshot(ctx.db, async (tx) => {
    const [run] = await visibleRuns(tx, actor.organizationId, { generation: parsed.generation }, 'desc');
    const row = run ? await readEntryRow(tx, parsed.generation, parsed.rowIndex) : null;
    if (!run || !row) throw notFound('DataEntry', id);
    return dataEntryView(run, row);
  });
};
