import { invitations, organizationRelationships } from '@tidewise/db/schema/organizations';
import { type RelationshipStatus, storedRelationshipStatuses } from '@tidewise/shared/organization';
import { and, eq, inArray, isNull, notExists } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { findRelationshipOf, type RelationshipWithOrganizations } from '../relationships.ts';
import { checkManualStatusChange, sideOf } from '../supplier.policy.ts';
import { refuse, requireActor } from '../../../lib/authz.ts';

/**
 * The customer suspends, resumes or ends a supplier relationship (see
 * MANUAL_RELATIONSHIP_TRANSITIONS). Ending a pending invitation to a supplier this customer created
 * and nobody registered in also ends its open invitation links.
 */
export const updateOrganizationRelationshipStatus = async (
  ctx: Context,
  id: string,
  status: RelationshipStatus,
): Promise<RelationshipWithOrganizations> => {
  const actor = requireActor(ctx);
  return ctx.db.transaction(async (tx) => {
    const before = await findRelationshipOf(tx, actor.organizationId, id, true);
    const side = sideOf(actor.organizationId, before);
    if (!side) return refuse({ code: 'FORBIDDEN', message: 'Only the customer of a relationship can change its status.' });
    const refusal = checkManualStatusChange(side, before.status, status);
    if (refusal) refuse(refusal);
    await tx.update(organizationRelationships).set({ status }).where(eq(organizationRelationships.id, before.id));
    if (status === 'ended' && before.supplierOrganization.registrationStatus === 'invited') {
      const supplierId = before.supplierOrganizationId;
      await tx
        .update(invitations)
        .set({ expiresAt: new Date() })
        .where(
          and(
            eq(invitations.organizationId, supplierId),
            isNull(invitations.acceptedAt),
            notExists(
              tx
                .select({ id: organizationRelationships.id })
                .from(organizationRelationships)
                .where(
                  and(
                    eq(organizationRelationships.supplierOrganizationId, supplierId),
                    inArray(organizationRelationships.status, storedRelationshipStatuses('pending')),
                  ),
                ),
            ),
          ),
        );
    }
    const after = await findRelationshipOf(tx, actor.organizationId, before.id);
    await recordAudit(tx, ctx, {
      resource: 'organizationRelationship',
      resourceId: before.id,
      description: `Changed the relationship with ${before.supplierOrganization.name} from ${before.status} to ${status}`,
      before: { status: before.status },
      after: { status: after.status },
    });
    return after;
  });
};
