import { organizationRelationships } from '@tidewise/db/schema/organizations';
import { and, eq } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { notFound } from '../../../lib/errors.ts';
import { type RelationshipWithOrganizations, selectRelationships, withOrganizations } from '../relationships.ts';
import { isUuid } from '../../../lib/db.ts';
import { requireActor } from '../../../lib/authz.ts';

/** A supplier organization of the caller (any relationship status); anything else answers NOT_FOUND. */
export const getSupplier = async (ctx: Context, supplierOrganizationId: string): Promise<RelationshipWithOrganizations> => {
  const actor = requireActor(ctx);
  if (!isUuid(supplierOrganizationId)) throw notFound('Supplier', supplierOrganizationId);
  const [row] = await selectRelationships(
    ctx.db,
    and(
      eq(organizationRelationships.customerOrganizationId, actor.organizationId),
      eq(organizationRelationships.supplierOrganizationId, supplierOrganizationId),
    ),
  ).limit(1);
  if (!row) throw notFound('Supplier', supplierOrganizationId);
  return withOrganizations(row);
};
