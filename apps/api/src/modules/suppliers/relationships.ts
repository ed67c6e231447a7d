import type { Executor } from '@tidewise/db/client';
import { organizationRelationships, organizations } from '@tidewise/db/schema/organizations';
import { and, eq, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/db.ts';

export type OrganizationRow = typeof organizations.$inferSelect;
export type RelationshipRow = typeof organizationRelationships.$inferSelect;
/** A relationship with both organizations, so the list needs no query per row. */
export type RelationshipWithOrganizations = RelationshipRow & {
  customerOrganization: OrganizationRow;
  supplierOrganization: OrganizationRow;
};

export const customerOrg = alias(organizations, 'customer_org');
export const supplierOrg = alias(organizations, 'supplier_org');

/** Relationships joined with both sides; callers add the tenant condition. */
export const selectRelationships = (db: Executor, where: SQL | undefined) =>
  db
    .select({ relationship: organizationRelationships, customer: customerOrg, supplier: supplierOrg })
    .from(organizationRelationships)
    .innerJoin(customerOrg, eq(customerOrg.id, organizationRelationships.customerOrganizationId))
    .innerJoin(supplierOrg, eq(supplierOrg.id, organizationRelationships.supplierOrganizationId))
    .where(where);

export const withOrganizations = (row: {
  relationship: RelationshipRow;
  customer: OrganizationRow;
  supplier: OrganizationRow;
}): RelationshipWithOrganizations => ({ ...row.relationship, customerOrganization: row.customer, supplierOrganization: row.supplier });

/** Relationships the organization is a side of. */
export const involves = (organizationId: string) =>
  or(
    eq(organizationRelationships.customerOrganizationId, organizationId),
    eq(organizationRelationships.supplierOrganizationId, organizationId),
  );

/** One relationship the organization is a side of; anything else answers NOT_FOUND. */
export const findRelationshipOf = async (db: Executor, organizationId: string, id: string, lock = false) => {
  if (!isUuid(id)) throw notFound('Organization relationship', id);
  const query = selectRelationships(db, and(eq(organizationRelationships.id, id), involves(organizationId))).limit(1);
  const [row] = lock ? await query.for('update', { of: organizationRelationships }) : await query;
  if (!row) throw notFound('Organization relationship', id);
  return withOrganizations(row);
};
