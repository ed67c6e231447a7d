import type { Context } from '../../../context.ts';
import { requireActor } from '../../../lib/authz.ts';
import { notFound } from '../../../lib/errors.ts';
import { RESPONSE_READABLE_STATUSES, readableResponseUploads } from '../../../lib/request-access.ts';
import { type DataEntryView, dataEntryView, parseEntryId, readEntryRow, visibleRuns } from '../entry-view.ts';
import { readSnapshot } from '../snapshot.ts';

/**
 * One entry of a current validation the caller reads: its organization's, or of a supplier's answer to one of
 * its requests while submitted or accepted. NOT_FOUND otherwise (another organization's, replaced, malformed).
 */
export const getDataEntry = async (ctx: Context, id: string): Promise<DataEntryView> => {
  const actor = requireActor(ctx);
  const parsed = parseEntryId(id);
  if (!parsed) throw notFound('DataEntry', id);
  return readSnapshot(ctx.db, async (tx) => {
    const grants = await readableResponseUploads(tx, actor.organizationId, { statuses: RESPONSE_READABLE_STATUSES });
    const access = {
      organizationId: actor.organizationId,
      own: true,
      foreignUploadIds: grants.map((grant) => grant.fileUploadId),
      onlyUploadIds: null,
    };
    const [run] = await visibleRuns(tx, access, { generation: parsed.generation }, 'desc');
    const row = run ? await readEntryRow(tx, parsed.generation, parsed.rowIndex) : null;
    if (!run || !row) throw notFound('DataEntry', id);
    return dataEntryView(run, row);
  });
};
