import { randomBytes } from 'node:crypto';
import { pactClients } from '@tidewise/db/schema/pact';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Context } from '../../../../context.ts';
import { recordAudit } from '../../../../lib/audit.ts';
import { requireActor } from '../../../../lib/authz.ts';
import { generateToken } from '../../../../lib/crypto.ts';
import { isUniqueViolation } from '../../../../lib/db.ts';
import { AppError } from '../../../../lib/errors.ts';
import { hashPassword } from '../../../../lib/identity/passwords.ts';
import { connectionOfOrganization, type PactClientRecord } from './pact-client-records.ts';

export const MAX_CLIENT_NAME_LENGTH = 100;

/** Public client ids start with this, so one found in a log or a partner's configuration is recognisable. */
export const CLIENT_ID_PREFIX = 'twpact_';

export type CreatePactClientInput = { name: string; connectionId?: string | null };

export type PactClientSecret = {
  client: PactClientRecord;
  clientSecret: string;
  tokenUrl: string;
  apiBaseUrl: string;
};

/** The token endpoint and API base a partner is given with the credentials (APP_URL, the server's own URL when unset). */
export const pactEndpointsOf = (appUrl: string) => ({
  tokenUrl: new URL('/auth/token', appUrl).toString(),
  apiBaseUrl: appUrl.replace(/\/+$/, ''),
});

const checkName = (raw: string): string => {
  const name = raw.trim();
  if (!name) throw new AppError('VALIDATION_FAILED', 'Give the credentials a name (who or what will use them).', { field: 'name' });
  if (name.length > MAX_CLIENT_NAME_LENGTH)
    throw new AppError('VALIDATION_FAILED', `The name is ${name.length} characters long; it may have at most ${MAX_CLIENT_NAME_LENGTH}.`, {
      field: 'name',
    });
  return name;
};

/**
 * Issues OAuth 2 client credentials for the organisation's PACT host API. The secret (256 random bits) is answered
 * this once; only its Argon2id hash is stored, the same hashing as passwords, so a leaked table reveals no secret.
 * The audit row names the client id and never the secret.
 */
export const createPactClient = async (ctx: Context, input: CreatePactClientInput): Promise<PactClientSecret> => {
  const actor = requireActor(ctx);
  const name = checkName(input.name);
  const clientSecret = generateToken();
  const secretHash = await hashPassword(clientSecret);
  const clientId = `${CLIENT_ID_PREFIX}${randomBytes(16).toString('hex')}`;
  try {
    const client = await ctx.db.transaction(async (tx) => {
      // One writer of the organisation's credentials at a time, so two of the same name cannot both pass the check.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`pact-clients:${actor.organizationId}`}))`);
      const connectionId = input.connectionId?.trim() || null;
      if (connectionId && !(await connectionOfOrganization(tx, actor.organizationId, connectionId)))
        throw new AppError('NOT_FOUND', 'Connection not found', { field: 'connectionId', details: { id: connectionId } });
      const [sameName] = await tx
        .select({ id: pactClients.id })
        .from(pactClients)
        .where(
          and(
            eq(pactClients.organizationId, actor.organizationId),
            isNull(pactClients.revokedAt),
            sql`lower(${pactClients.name}) = lower(${name})`,
          ),
        )
        .limit(1);
      if (sameName)
        throw new AppError('CONFLICT', `Active credentials named "${name}" already exist: choose another name or revoke those first.`, {
          field: 'name',
        });
      const [row] = await tx
        .insert(pactClients)
        .values({
          organizationId: actor.organizationId,
          name,
          clientId,
          secretHash,
          secretHint: clientSecret.slice(-4),
          connectionId,
          createdByUserId: actor.userId,
        })
        .returning();
      if (!row) throw new Error('PACT client not inserted');
      await recordAudit(tx, ctx, {
        resource: 'pactClient',
        resourceId: row.id,
        description: `Issued the PACT API credentials "${row.name}" (client id ${row.clientId})`,
        before: null,
        after: { name: row.name, clientId: row.clientId, connectionId: row.connectionId },
      });
      return row;
    });
    return { client, clientSecret, ...pactEndpointsOf(ctx.env.APP_URL) };
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'Could not issue the credentials this time. Try again.');
    throw error;
  }
};
