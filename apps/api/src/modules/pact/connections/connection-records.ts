import type { Executor } from '@tidewise/db/client';
import { organizationRelationships, organizations } from '@tidewise/db/schema/organizations';
import { pactConnections, pactReceivedFootprints } from '@tidewise/db/schema/pact';
import { files } from '@tidewise/db/schema/uploads';
import { alias } from 'drizzle-orm/pg-core';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { requireActor } from '../../../lib/authz.ts';
import { isUuid } from '../../../lib/db.ts';
import { notFound } from '../../../lib/errors.ts';
import type { SupplierRef } from '../../../schema/suppliers.graphql.ts';
import type { PactConnectionRecord } from './pact-http-client.ts';

export type { PactConnectionRecord };
export type PactReceivedFootprintRecord = typeof pactReceivedFootprints.$inferSelect;
type SupplierRow = (typeof SupplierRef)['$inferType'];

/** A connection of the caller's organisation, or NOT_FOUND (another organisation's id and a malformed one alike). */
export const findConnectionForActor = async (
  ctx: Pick<Context, 'actor' | 'db'>,
  id: string,
  executor: Executor = ctx.db,
  lock = false,
): Promise<PactConnectionRecord> => {
  const actor = requireActor(ctx);
  if (!isUuid(id)) throw notFound('PactConnection', id);
  const query = executor
    .select()
    .from(pactConnections)
    .where(and(eq(pactConnections.id, id), eq(pactConnections.organizationId, actor.organizationId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('PactConnection', id);
  return row;
};

const supplierOrg = alias(organizations, 'supplier_org');
const customerOrg = alias(organizations, 'customer_org');

/** The caller's relationship with a supplier organisation (any status), as the Supplier type resolves it; null when none. */
export const supplierOfCaller = async (
  ctx: Pick<Context, 'actor' | 'db'>,
  supplierOrganizationId: string | null,
  executor: Executor = ctx.db,
): Promise<SupplierRow | null> => {
  if (!supplierOrganizationId || !ctx.actor || !isUuid(supplierOrganizationId)) return null;
  const [row] = await executor
    .select({ relationship: organizationRelationships, customer: customerOrg, supplier: supplierOrg })
    .from(organizationRelationships)
    .innerJoin(customerOrg, eq(customerOrg.id, organizationRelationships.customerOrganizationId))
    .innerJoin(supplierOrg, eq(supplierOrg.id, organizationRelationships.supplierOrganizationId))
    .where(
      and(
        eq(organizationRelationships.customerOrganizationId, ctx.actor.organizationId),
        eq(organizationRelationships.supplierOrganizationId, supplierOrganizationId),
      ),
    )
    .limit(1);
  return row ? { ...row.relationship, customerOrganization: row.customer, supplierOrganization: row.supplier } : null;
};

/** How many footprints a connection received, and how many of them have a quantity. */
export const footprintCounts = async (executor: Executor, connectionId: string) => {
  const [all] = await executor
    .select({ n: count() })
    .from(pactReceivedFootprints)
    .where(eq(pactReceivedFootprints.connectionId, connectionId));
  const [withQuantity] = await executor
    .select({ n: count() })
    .from(pactReceivedFootprints)
    .where(and(eq(pactReceivedFootprints.connectionId, connectionId), isNotNull(pactReceivedFootprints.quantity)));
  return { footprintCount: all?.n ?? 0, footprintsWithQuantity: withQuantity?.n ?? 0 };
};

/** The connection's entries file (owned by the connection's organisation), or null. */
export const entriesFileOf = async (executor: Executor, connection: PactConnectionRecord) => {
  if (!connection.entriesFileId) return null;
  const [row] = await executor
    .select()
    .from(files)
    .where(and(eq(files.id, connection.entriesFileId), eq(files.organizationId, connection.organizationId)))
    .limit(1);
  return row ?? null;
};

/** A connection as the audit trail keeps it: never the secret. */
export const auditViewOf = (c: PactConnectionRecord) => ({
  name: c.name,
  supplierOrganizationId: c.supplierOrganizationId,
  baseUrl: c.baseUrl,
  tokenUrl: c.tokenUrl,
  clientId: c.clientId,
});
