import { pactClients } from '@tidewise/db/schema/pact';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Context } from '../../../../context.ts';
import { requireActor } from '../../../../lib/authz.ts';
import type { PactClientRecord } from './pact-client-records.ts';

/** The organisation's credentials, newest first; revoked ones only when asked for (the screen's "show revoked"). */
export const findPactClients = async (ctx: Context, includeRevoked: boolean): Promise<PactClientRecord[]> => {
  const { organizationId } = requireActor(ctx);
  return ctx.db
    .select()
    .from(pactClients)
    .where(and(eq(pactClients.organizationId, organizationId), includeRevoked ? undefined : isNull(pactClients.revokedAt)))
    .orderBy(desc(pactClients.createdAt), desc(pactClients.id));
};
