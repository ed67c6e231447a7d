import { organizationRelationships, organizations } from '@tidewise/db/schema/organizations';
import { storedRelationshipStatuses } from '@tidewise/shared/organization';
import { and, eq, inArray } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { findRelationshipOf, type OrganizationRow, type RelationshipWithOrganizations } from '../relationships.ts';
import { checkSystemStatusChange } from '../supplier.policy.ts';
import { refuse, requireActor } from '../../../lib/authz.ts';

export type CompleteSupplierRegistrationResult = { organization: OrganizationRow; activated: RelationshipWithOrganizations[] };

/**
 * Called by a supplier's user once signed in: the supplier organization counts as registered and
 * every pending relationship with a customer becomes active (verified now). Calling it again
 * changes nothing, so the web may call it after every registration.
 */
export const completeSupplierRegistration = async (ctx: Context): Promise<CompleteSupplierRegistrationResult> => {
  const actor = requireActor(ctx);
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(organizations).where(eq(organizations.id, actor.organizationId)).for('update').limit(1);
    if (!before) throw notFound('Organization');
    if (before.organizationType !== 'supplier') {
      throw new AppError('VALIDATION_FAILED', 'Only a supplier organization completes a supplier registration.');
    }
    let organization = before;
    if (before.registrationStatus !== 'registered') {
      const [after] = await tx
        .update(organizations)
        .set({ registrationStatus: 'registered' })
        .where(eq(organizations.id, before.id))
        .returning();
      organization = after ?? before;
      await recordAudit(tx, ctx, {
        resource: 'organization',
        resourceId: before.id,
        description: `${before.name} completed its supplier registration`,
        before: { registrationStatus: before.registrationStatus },
        after: { registrationStatus: organization.registrationStatus },
      });
    }
    const pending = await tx
      .select()
      .from(organizationRelationships)
      .where(
        and(
          eq(organizationRelationships.supplierOrganizationId, before.id),
          inArray(organizationRelationships.status, storedRelationshipStatuses('pending')),
        ),
      )
      .for('update');
    const activated: RelationshipWithOrganizations[] = [];
    for (const relationship of pending) {
      const refusal = checkSystemStatusChange(relationship.status, 'active');
      if (refusal) refuse(refusal);
      const verifiedAt = new Date();
      await tx
        .update(organizationRelationships)
        .set({ status: 'active', verifiedAt })
        .where(eq(organizationRelationships.id, relationship.id));
      const after = await findRelationshipOf(tx, before.id, relationship.id);
      await recordAudit(tx, ctx, {
        resource: 'organizationRelationship',
        resourceId: relationship.id,
        description: `${before.name} accepted the relationship with ${after.customerOrganization.name}`,
        before: { status: relationship.status, verifiedAt: relationship.verifiedAt },
        after: { status: after.status, verifiedAt: after.verifiedAt },
      });
      // The customer's own trail shows the acceptance too: it is a change to the customer's supplier list.
      await recordAudit(tx, ctx, {
        organizationId: after.customerOrganization.id,
        resource: 'organizationRelationship',
        resourceId: relationship.id,
        description: `${before.name} accepted the supplier relationship`,
        before: { status: relationship.status, verifiedAt: relationship.verifiedAt },
        after: { status: after.status, verifiedAt: after.verifiedAt },
      });
      activated.push(after);
    }
    return { organization, activated };
  });
};
