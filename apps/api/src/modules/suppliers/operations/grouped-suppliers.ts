import { organizationRelationships } from '@tidewise/db/schema/organizations';
import {
  asRelationshipStatus,
  RELATIONSHIP_STATUS_LABELS,
  RELATIONSHIP_STATUSES,
  type RelationshipStatus,
  storedRelationshipStatuses,
} from '@tidewise/shared/organization';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { type RelationshipWithOrganizations, selectRelationships, supplierOrg, withOrganizations } from '../relationships.ts';
import { requireActor } from '../../../lib/authz.ts';

export type SupplierGroup = { status: RelationshipStatus; label: string; count: number; suppliers: RelationshipWithOrganizations[] };

/** The caller's suppliers by relationship status: every status with its count and the first `limit` suppliers by name. */
export const groupSuppliers = async (ctx: Context, limit: number): Promise<SupplierGroup[]> => {
  const actor = requireActor(ctx);
  const mine = eq(organizationRelationships.customerOrganizationId, actor.organizationId);
  const counts = await ctx.db
    .select({ status: organizationRelationships.status, value: count() })
    .from(organizationRelationships)
    .where(mine)
    .groupBy(organizationRelationships.status);
  const totals = new Map<RelationshipStatus, number>();
  for (const row of counts) {
    const status = asRelationshipStatus(row.status);
    if (status) totals.set(status, (totals.get(status) ?? 0) + Number(row.value));
  }
  return Promise.all(
    RELATIONSHIP_STATUSES.map(async (status) => {
      const stored = storedRelationshipStatuses(status);
      const rows =
        (totals.get(status) ?? 0)
          ? await selectRelationships(ctx.db, and(mine, inArray(organizationRelationships.status, stored)))
              .orderBy(asc(supplierOrg.name), asc(organizationRelationships.id))
              .limit(limit)
          : [];
      return { status, label: RELATIONSHIP_STATUS_LABELS[status], count: totals.get(status) ?? 0, suppliers: rows.map(withOrganizations) };
    }),
  );
};
