import { organizationRelationships } from '@tidewise/db/schema/organizations';
import { type RelationshipStatus, storedRelationshipStatuses } from '@tidewise/shared/organization';
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { type Page, type Pagination, pageOffset, toPage } from '../../../lib/pagination.ts';
import { type Sort, sortOrder } from '../../../lib/sorting.ts';
import {
  customerOrg,
  involves,
  type RelationshipWithOrganizations,
  selectRelationships,
  supplierOrg,
  withOrganizations,
} from '../relationships.ts';
import { requireActor } from '../../../lib/authz.ts';
import { likePattern } from '../../../lib/db.ts';

export type RelationshipFilter = { status?: RelationshipStatus | null; search?: string | null; side?: 'customer' | 'supplier' | null };

/** Conditions for the caller's relationships: as customer (my suppliers), as supplier (my customers), or both. */
export const relationshipConditions = (organizationId: string, filter: RelationshipFilter): SQL[] => {
  const conditions: SQL[] = [];
  const sides =
    filter.side === 'customer'
      ? eq(organizationRelationships.customerOrganizationId, organizationId)
      : filter.side === 'supplier'
        ? eq(organizationRelationships.supplierOrganizationId, organizationId)
        : involves(organizationId);
  if (sides) conditions.push(sides);
  if (filter.status) conditions.push(inArray(organizationRelationships.status, storedRelationshipStatuses(filter.status)));
  const term = filter.search?.trim();
  if (term) {
    const pattern = likePattern(term);
    const other = or(
      and(eq(organizationRelationships.customerOrganizationId, organizationId), ilike(supplierOrg.name, pattern)),
      and(eq(organizationRelationships.supplierOrganizationId, organizationId), ilike(customerOrg.name, pattern)),
    );
    if (other) conditions.push(other);
  }
  return conditions;
};

export const RELATIONSHIP_SORT_FIELDS = ['name', 'status', 'createdAt', 'verifiedAt'] as const;
export type RelationshipSortField = (typeof RELATIONSHIP_SORT_FIELDS)[number];

/** `name` is the other side's name: the supplier's for the caller as customer, the customer's otherwise. */
const sortColumns = (organizationId: string) => ({
  name: sql`lower(case when ${organizationRelationships.customerOrganizationId} = ${organizationId} then ${supplierOrg.name} else ${customerOrg.name} end)`,
  status: organizationRelationships.status,
  createdAt: organizationRelationships.createdAt,
  verifiedAt: organizationRelationships.verifiedAt,
});

/** The caller's supplier relationships, newest first unless `sort` says otherwise, filtered by status and the other side's name. */
export const findOrganizationRelationships = async (
  ctx: Context,
  pagination: Pagination,
  filter: RelationshipFilter,
  sort?: Sort<RelationshipSortField> | null,
): Promise<Page<RelationshipWithOrganizations>> => {
  const actor = requireActor(ctx);
  const where = and(...relationshipConditions(actor.organizationId, filter));
  const order = sortOrder(sort, sortColumns(actor.organizationId), organizationRelationships.id, [
    desc(organizationRelationships.createdAt),
    desc(organizationRelationships.id),
  ]);
  const [rows, [total]] = await Promise.all([
    selectRelationships(ctx.db, where)
      .orderBy(...order)
      .limit(pagination.pageSize)
      .offset(pageOffset(pagination)),
    ctx.db
      .select({ value: count() })
      .from(organizationRelationships)
      .innerJoin(customerOrg, eq(customerOrg.id, organizationRelationships.customerOrganizationId))
      .innerJoin(supplierOrg, eq(supplierOrg.id, organizationRelationships.supplierOrganizationId))
      .where(where),
  ]);
  return toPage(pagination, rows.map(withOrganizations), total?.value ?? 0);
};
