import type { Context } from '../../../../context.ts';
import { recordAudit } from '../../../../lib/audit.ts';
import { findConnectionForActor, type PactConnectionRecord } from '../connection-records.ts';
import { queueConnectionSync } from '../sync.ts';

/** Queues a pull of every footprint the partner lists (job pact.sync); the connection's status follows it. */
export const syncPactConnection = async (ctx: Context, id: string): Promise<PactConnectionRecord> => {
  const connection = await findConnectionForActor(ctx, id);
  await recordAudit(ctx.db, ctx, {
    resource: 'pact_connection',
    resourceId: connection.id,
    description: `Asked for the footprints of the PACT connection "${connection.name}"`,
  });
  await queueConnectionSync(ctx, connection.id);
  return connection;
};
