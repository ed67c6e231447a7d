import { pactConnections } from '@tidewise/db/schema/pact';
import { and, eq, sql } from 'drizzle-orm';
import type { Context } from '../../../../context.ts';
import { recordAudit } from '../../../../lib/audit.ts';
import { requireActor } from '../../../../lib/authz.ts';
import { encryptSecret } from '../../../../lib/crypto.ts';
import { isUniqueViolation } from '../../../../lib/db.ts';
import { AppError, notFound } from '../../../../lib/errors.ts';
import { auditViewOf, type PactConnectionRecord, supplierOfCaller } from '../connection-records.ts';
import { clientSecretOf, MAX_CLIENT_ID_LENGTH, MAX_NAME_LENGTH, partnerUrl, requiredText } from '../connection-input.ts';

export type CreatePactConnectionInput = {
  name: string;
  supplierId?: string | null;
  baseUrl: string;
  tokenUrl?: string | null;
  clientId: string;
  clientSecret: string;
};

const oneConnectionPerSupplier = (supplierName: string) =>
  new AppError('CONFLICT', `There is already a connection to ${supplierName}: change that one instead.`, { field: 'supplierId' });

/**
 * Connects the organisation to a partner's PACT host system with the credentials the partner issued. With a supplier
 * (one of the organisation's suppliers; one connection each), the footprints pulled become that supplier's data
 * entries. The URLs are checked (https, public address) and the secret is stored encrypted; the audit row never holds it.
 */
export const createPactConnection = async (ctx: Context, input: CreatePactConnectionInput): Promise<PactConnectionRecord> => {
  const actor = requireActor(ctx);
  const name = requiredText(input.name, 'name', 'name', MAX_NAME_LENGTH);
  const supplierId = input.supplierId?.trim() || null;
  const supplier = supplierId ? await supplierOfCaller(ctx, supplierId) : null;
  if (supplierId && !supplier) throw notFound('Supplier', supplierId);
  const baseUrl = await partnerUrl(input.baseUrl, 'baseUrl', ctx.env);
  const tokenUrl = input.tokenUrl?.trim() ? await partnerUrl(input.tokenUrl, 'tokenUrl', ctx.env) : null;
  const clientId = requiredText(input.clientId, 'clientId', 'client id', MAX_CLIENT_ID_LENGTH);
  const secret = clientSecretOf(input.clientSecret);
  const supplierName = supplier?.supplierOrganization.name ?? '';
  try {
    return await ctx.db.transaction(async (tx) => {
      if (supplierId) {
        const [existing] = await tx
          .select({ id: pactConnections.id })
          .from(pactConnections)
          .where(and(eq(pactConnections.organizationId, actor.organizationId), eq(pactConnections.supplierOrganizationId, supplierId)))
          .limit(1);
        if (existing) throw oneConnectionPerSupplier(supplierName);
      }
      const [sameName] = await tx
        .select({ id: pactConnections.id })
        .from(pactConnections)
        .where(and(eq(pactConnections.organizationId, actor.organizationId), sql`lower(${pactConnections.name}) = lower(${name})`))
        .limit(1);
      if (sameName) throw new AppError('CONFLICT', `A connection named "${name}" already exists: choose another name.`, { field: 'name' });
      const [row] = await tx
        .insert(pactConnections)
        .values({
          organizationId: actor.organizationId,
          name,
          supplierOrganizationId: supplierId,
          baseUrl,
          tokenUrl,
          clientId,
          clientSecretEncrypted: encryptSecret(ctx.secrets.encryptionKey, secret),
          createdByUserId: actor.userId,
        })
        .returning();
      if (!row) throw new Error('connection not inserted');
      await recordAudit(tx, ctx, {
        resource: 'pact_connection',
        resourceId: row.id,
        description: `Connected to the PACT host system "${name}" at ${baseUrl}${supplier ? ` for the supplier ${supplierName}` : ''}`,
        after: auditViewOf(row),
      });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw oneConnectionPerSupplier(supplierName);
    throw error;
  }
};
