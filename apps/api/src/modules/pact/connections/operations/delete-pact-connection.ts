import { pactConnections } from '@tidewise/db/schema/pact';
import { eq } from 'drizzle-orm';
import type { Context } from '../../../../context.ts';
import { recordAudit } from '../../../../lib/audit.ts';
import { auditViewOf, findConnectionForActor } from '../connection-records.ts';
import { deleteConnectionFiles } from '../entries-file.ts';

/**
 * Removes a connection with the footprints received through it and its file of data entries (deleted as a person
 * deletes a file, so the report is recomputed without them). Credentials issued to the partner stay, unlinked.
 */
export const deletePactConnection = async (ctx: Context, id: string): Promise<boolean> => {
  const connection = await ctx.db.transaction(async (tx) => {
    const row = await findConnectionForActor(ctx, id, tx, true);
    await tx.delete(pactConnections).where(eq(pactConnections.id, row.id));
    await recordAudit(tx, ctx, {
      resource: 'pact_connection',
      resourceId: row.id,
      description: `Deleted the PACT connection "${row.name}" with the footprints received through it and their data entries`,
      before: auditViewOf(row),
      after: null,
    });
    return row;
  });
  await deleteConnectionFiles(ctx, connection, null, ctx);
  return true;
};
