import { pactConnections } from '@tidewise/db/schema/pact';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Context } from '../../../../context.ts';
import { recordAudit } from '../../../../lib/audit.ts';
import { requireActor } from '../../../../lib/authz.ts';
import { encryptSecret } from '../../../../lib/crypto.ts';
import { AppError } from '../../../../lib/errors.ts';
import { auditViewOf, findConnectionForActor, type PactConnectionRecord } from '../connection-records.ts';
import { clientSecretOf, MAX_CLIENT_ID_LENGTH, MAX_NAME_LENGTH, partnerUrl, requiredText } from '../connection-input.ts';
import { publishConnectionChange } from '../jobs.ts';

export type UpdatePactConnectionInput = {
  id: string;
  name?: string | null;
  baseUrl?: string | null;
  tokenUrl?: string | null;
  clientId?: string | null;
  clientSecret?: string | null;
};

/**
 * Changes a connection's name, URLs or credentials; what is not given stays. An empty token URL goes back to
 * `<baseUrl>/auth/token`. The secret is only replaced, never read back; the audit row says whether it changed.
 */
export const updatePactConnection = async (ctx: Context, input: UpdatePactConnectionInput): Promise<PactConnectionRecord> => {
  const actor = requireActor(ctx);
  await findConnectionForActor(ctx, input.id);
  const changes: Partial<typeof pactConnections.$inferInsert> = {};
  if (input.name != null) changes.name = requiredText(input.name, 'name', 'name', MAX_NAME_LENGTH);
  if (input.baseUrl != null) changes.baseUrl = await partnerUrl(input.baseUrl, 'baseUrl', ctx.env);
  if (input.tokenUrl != null) changes.tokenUrl = input.tokenUrl.trim() ? await partnerUrl(input.tokenUrl, 'tokenUrl', ctx.env) : null;
  if (input.clientId != null) changes.clientId = requiredText(input.clientId, 'clientId', 'client id', MAX_CLIENT_ID_LENGTH);
  if (input.clientSecret != null)
    changes.clientSecretEncrypted = encryptSecret(ctx.secrets.encryptionKey, clientSecretOf(input.clientSecret));
  const updated = await ctx.db.transaction(async (tx) => {
    const before = await findConnectionForActor(ctx, input.id, tx, true);
    if (changes.name) {
      const [sameName] = await tx
        .select({ id: pactConnections.id })
        .from(pactConnections)
        .where(
          and(
            eq(pactConnections.organizationId, actor.organizationId),
            ne(pactConnections.id, before.id),
            sql`lower(${pactConnections.name}) = lower(${changes.name})`,
          ),
        )
        .limit(1);
      if (sameName)
        throw new AppError('CONFLICT', `A connection named "${changes.name}" already exists: choose another name.`, { field: 'name' });
    }
    const [row] = await tx
      .update(pactConnections)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(pactConnections.id, before.id))
      .returning();
    if (!row) throw new Error('connection vanished');
    await recordAudit(tx, ctx, {
      resource: 'pact_connection',
      resourceId: row.id,
      description: `Changed the PACT connection "${row.name}"${changes.clientSecretEncrypted ? ' (a new client secret)' : ''}`,
      before: { ...auditViewOf(before), secretReplaced: false },
      after: { ...auditViewOf(row), secretReplaced: Boolean(changes.clientSecretEncrypted) },
    });
    return row;
  });
  publishConnectionChange(ctx, updated);
  return updated;
};
