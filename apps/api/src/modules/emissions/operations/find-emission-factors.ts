import { emissionFactors } from '@tidewise/db/schema/emissions';
import { EMISSION_FACTORS } from '@tidewise/shared/emissions/factors/library';
import { factorById } from '@tidewise/shared/emissions/factors/lookup';
import type { FactorKind } from '@tidewise/shared/emissions/factors/types';
import { organizationRelationships, organizations } from '@tidewise/db/schema/organizations';
import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Context } from '../../../context.ts';
import type { SupplierRef } from '../../../schema/suppliers.graphql.ts';
import { requireActor } from '../../../lib/authz.ts';
import { notFound } from '../../../lib/errors.ts';
import { type Page, type Pagination, pageOffset, toPage } from '../../../lib/pagination.ts';
import { builtInFactorView, type EmissionFactorView, organizationFactorView } from '../../../schema/emissions.graphql.ts';

export type EmissionFactorFilter = {
  builtIn?: boolean | null;
  fuel?: string | null;
  kind?: FactorKind | null;
  regime?: string | null;
  search?: string | null;
  allVersions?: boolean | null;
};

/** Per key, the highest version only. */
const latestPerKey = (factors: readonly EmissionFactorView[]): EmissionFactorView[] => {
  const latest = new Map<string, EmissionFactorView>();
  for (const factor of factors) {
    const current = latest.get(factor.key);
    if (!current || factor.version > current.version) latest.set(factor.key, factor);
  }
  return [...latest.values()];
};

const matches = (factor: EmissionFactorView, filter: EmissionFactorFilter, search: string | null): boolean => {
  if (filter.builtIn !== undefined && filter.builtIn !== null && factor.builtIn !== filter.builtIn) return false;
  if (filter.fuel && factor.fuel !== filter.fuel) return false;
  if (filter.kind && factor.kind !== filter.kind) return false;
  if (filter.regime && factor.regime !== filter.regime) return false;
  if (search) {
    const haystack = [factor.key, factor.fuel, factor.activity, factor.source.document];
    if (!haystack.some((text) => text?.toLowerCase().includes(search))) return false;
  }
  return true;
};

/**
 * The built-in library and the organisation's own factors in one list, by key and newest version first; the latest
 * version of each key unless `allVersions`. Both sets are small (the library is a few hundred records, an
 * organisation's own a few dozen), so they are filtered and paged in memory.
 */
export const findEmissionFactors = async (
  ctx: Context,
  filter: EmissionFactorFilter,
  pagination: Pagination,
): Promise<Page<EmissionFactorView>> => {
  const { organizationId } = requireActor(ctx);
  const search = filter.search?.trim().toLowerCase() || null;
  const own =
    filter.builtIn === true ? [] : await ctx.db.select().from(emissionFactors).where(eq(emissionFactors.organizationId, organizationId));
  const builtIn = filter.builtIn === false ? [] : EMISSION_FACTORS.map(builtInFactorView);
  const all = [...builtIn, ...own.map(organizationFactorView)];
  const versions = filter.allVersions ? all : latestPerKey(all);
  const listed = versions
    .filter((factor) => matches(factor, filter, search))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : b.version - a.version));
  const offset = pageOffset(pagination);
  return toPage(pagination, listed.slice(offset, offset + pagination.pageSize), listed.length);
};

/** One factor version (the latest without `version`): built in, or the caller's own; NOT_FOUND otherwise. */
export const getEmissionFactor = async (ctx: Context, key: string, version?: number | null): Promise<EmissionFactorView> => {
  const { organizationId } = requireActor(ctx);
  const builtIn = factorById(key, version ?? undefined);
  if (builtIn) return builtInFactorView(builtIn);
  const conditions = [eq(emissionFactors.organizationId, organizationId), eq(emissionFactors.key, key)];
  if (version !== undefined && version !== null) conditions.push(eq(emissionFactors.version, version));
  const [row] = await ctx.db
    .select()
    .from(emissionFactors)
    .where(and(...conditions))
    .orderBy(desc(emissionFactors.version))
    .limit(1);
  if (!row) throw notFound('EmissionFactor', version ? `${key}@${version}` : key);
  return organizationFactorView(row);
};

/** What the Supplier type resolves from: a relationship with both organisations. */
type SupplierRow = (typeof SupplierRef)['$inferType'];

const supplierOrg = alias(organizations, 'supplier_org');
const customerOrg = alias(organizations, 'customer_org');

/** The supplier a factor of the caller applies to, with the caller's relationship to it; null when there is none (any more). */
export const factorSupplier = async (ctx: Context, supplierOrganizationId: string | null): Promise<SupplierRow | null> => {
  if (!supplierOrganizationId || !ctx.actor) return null;
  const [row] = await ctx.db
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
