import type { Executor } from '@tidewise/db/client';
import { users } from '@tidewise/db/schema/identity';
import { type pactClients, pactConnections } from '@tidewise/db/schema/pact';
import { and, eq } from 'drizzle-orm';
import { isUuid } from '../../../../lib/db.ts';

/** A row of pact_clients: what PactClient resolves from (the secret's hash never leaves the API). */
export type PactClientRecord = typeof pactClients.$inferSelect;
export type PactConnectionRecord = typeof pactConnections.$inferSelect;

/** A connection of the organisation by id, or null (another organisation's id is as unknown as a random one). */
export const connectionOfOrganization = async (
  executor: Executor,
  organizationId: string,
  connectionId: string | null,
): Promise<PactConnectionRecord | null> => {
  if (!connectionId || !isUuid(connectionId)) return null;
  const [row] = await executor
    .select()
    .from(pactConnections)
    .where(and(eq(pactConnections.id, connectionId), eq(pactConnections.organizationId, organizationId)))
    .limit(1);
  return row ?? null;
};

/** The email of the user who issued the credentials, while that account exists. */
export const creatorEmailOf = async (executor: Executor, client: PactClientRecord): Promise<string | null> => {
  if (!client.createdByUserId) return null;
  const [row] = await executor.select({ email: users.email }).from(users).where(eq(users.id, client.createdByUserId)).limit(1);
  return row?.email ?? null;
};
