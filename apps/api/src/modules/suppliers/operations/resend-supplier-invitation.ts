import { users } from '@tidewise/db/schema/identity';
import { invitations } from '@tidewise/db/schema/organizations';
import { asRelationshipStatus } from '@tidewise/shared/organization';
import { and, desc, eq } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { createInvitation, expireOpenInvitations } from '../../../lib/identity/invitations.ts';
import { findRelationshipOf } from '../relationships.ts';
import { sideOf } from '../supplier.policy.ts';
import { inTransactionWithMail } from '../../../lib/deferred-mail.ts';
import { requireActor } from '../../../lib/authz.ts';

/**
 * A fresh `/supplier/register?token=` link for the supplier contact the customer invited last,
 * while the relationship is pending and that contact has not registered; older links stop working.
 */
export const resendSupplierInvitation = async (ctx: Context, relationshipId: string) => {
  const actor = requireActor(ctx);
  return inTransactionWithMail(ctx, async (tx, mailer) => {
    const relationship = await findRelationshipOf(tx, actor.organizationId, relationshipId, true);
    if (sideOf(actor.organizationId, relationship) !== 'customer') throw notFound('Organization relationship', relationshipId);
    if (asRelationshipStatus(relationship.status) !== 'pending') {
      throw new AppError('CONFLICT', `Only a pending invitation can be resent; this relationship is ${relationship.status}.`);
    }
    const [last] = await tx
      .select({ userId: invitations.userId, email: users.email, passwordHash: users.passwordHash })
      .from(invitations)
      .innerJoin(users, eq(users.id, invitations.userId))
      .where(and(eq(invitations.organizationId, relationship.supplierOrganizationId), eq(invitations.kind, 'supplier')))
      .orderBy(desc(invitations.createdAt))
      .limit(1);
    if (!last) throw new AppError('CONFLICT', 'There is no supplier contact to send the invitation to. Invite the supplier again.');
    if (last.passwordHash) {
      throw new AppError('CONFLICT', 'The supplier contact has already registered; they accept the request after signing in.');
    }
    await expireOpenInvitations(tx, last.userId);
    const invitation = await createInvitation(
      { db: tx, mailer, env: ctx.env },
      { kind: 'supplier', email: last.email, organizationId: relationship.supplierOrganizationId, invitedByUserId: actor.userId },
    );
    await recordAudit(tx, ctx, {
      resource: 'organizationRelationship',
      resourceId: relationship.id,
      description: `Sent a new supplier invitation to ${last.email}`,
      after: { invitationId: invitation.invitationId },
    });
    return { success: true, message: `A new invitation has been sent to ${last.email}.` };
  });
};
