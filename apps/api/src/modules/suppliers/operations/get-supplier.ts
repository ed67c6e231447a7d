import { organizationRelationships } from '@tidewise/db/schema/identity';
import { and, eq } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { notFound } from '../../../lib/errors.ts';
import { isUuid } from '../../auth/users.ts';
import { requireActor } from '../../organizations/members.ts';
import { type RelationshipWithOrganizations, selectRelationships, withOrganizations } from '../relationships.ts';

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
