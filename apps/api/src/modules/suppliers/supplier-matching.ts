import type { Executor } from '@tidewise/db/client';
import { organizationRelationships, organizations } from '@tidewise/db/schema/organizations';
import { SUPPLIER_MATCH_THRESHOLD } from '@tidewise/shared/organization';
import { and, desc, eq, gt, ne, type SQL, sql } from 'drizzle-orm';

export type SupplierMatch = { organization: typeof organizations.$inferSelect; similarity: number; relationshipStatus: string };

/**
 * Suppliers of this customer whose name resembles `name` (pg_trgm similarity above the threshold),
 * best first. Only the caller's own suppliers: which companies supply another customer is that
 * customer's business.
 */
export const findSupplierMatches = async (
  db: Executor,
  customerOrganizationId: string,
  name: string,
  options: { excludeOrganizationId?: string; limit?: number } = {},
): Promise<SupplierMatch[]> => {
  const term = name.trim();
  if (!term) return [];
  const similarity = sql<number>`similarity(${organizations.name}, ${term})`;
  const conditions: SQL[] = [
    eq(organizationRelationships.customerOrganizationId, customerOrganizationId),
    gt(similarity, SUPPLIER_MATCH_THRESHOLD),
  ];
  if (options.excludeOrganizationId) conditions.push(ne(organizations.id, options.excludeOrganizationId));
  const rows = await db
    .select({ organization: organizations, similarity, relationshipStatus: organizationRelationships.status })
    .from(organizationRelationships)
    .innerJoin(organizations, eq(organizations.id, organizationRelationships.supplierOrganizationId))
    .where(and(...conditions))
    .orderBy(desc(similarity), organizations.name)
    .limit(options.limit ?? 10);
  return rows.map((r) => ({ ...r, similarity: Number(r.similarity) }));
};
