import { organizationRelationships, organizations } from '@tidewise/db/schema/organizations';
import { and, eq, or } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { notFound } from '../../../lib/errors.ts';
import { canSeeOrganization } from '../organization.policy.ts';
import { isUuid } from '../../../lib/db.ts';
import { requireActor } from '../../../lib/authz.ts';

export type OrganizationRow = typeof organizations.$inferSelect;

/**
 * The caller's organization, or with an id one it shares an active relationship with. Anything
 * else answers NOT_FOUND, so a guessed id tells nothing.
 */
export const getOrganization = async (ctx: Context, id?: string | null): Promise<OrganizationRow> => {
  const actor = requireActor(ctx);
  const targetId = id ?? actor.organizationId;
  if (!isUuid(targetId)) throw notFound('Organization', targetId);
  const related =
    targetId === actor.organizationId
      ? []
      : await ctx.db
          .select({ id: organizationRelationships.id })
          .from(organizationRelationships)
          .where(
            and(
              eq(organizationRelationships.status, 'active'),
              or(
                and(
                  eq(organizationRelationships.customerOrganizationId, actor.organizationId),
                  eq(organizationRelationships.supplierOrganizationId, targetId),
                ),
                and(
                  eq(organizationRelationships.supplierOrganizationId, actor.organizationId),
                  eq(organizationRelationships.customerOrganizationId, targetId),
                ),
              ),
            ),
          )
          .limit(1);
  if (!canSeeOrganization(actor.organizationId, targetId, related.length ? [targetId] : [])) throw notFound('Organization', targetId);
  const [row] = await ctx.db.select().from(organizations).where(eq(organizations.id, targetId)).limit(1);
  if (!row) throw notFound('Organization', targetId);
  return row;
};
