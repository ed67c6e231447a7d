import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { createInvitation, expireOpenInvitations } from '../../../lib/identity/invitations.ts';
import { inTransactionWithMail } from '../../../lib/deferred-mail.ts';
import { requireActor } from '../../../lib/authz.ts';
import { findMembership } from '../memberships.ts';

/** A fresh invitation link for a colleague who has not registered yet; earlier links stop working. */
export const resendOrganizationUserInvitation = async (ctx: Context, id: string) => {
  const actor = requireActor(ctx);
  return inTransactionWithMail(ctx, async (tx, mailer) => {
    const target = await findMembership(tx, actor.organizationId, id);
    if (!target?.user) throw notFound('Organization user', id);
    if (target.user.passwordHash) throw new AppError('CONFLICT', 'This user has already registered.', { field: 'id' });
    await expireOpenInvitations(tx, target.userId);
    const invitation = await createInvitation(
      { db: tx, mailer, env: ctx.env },
      { kind: 'organization_user', email: target.user.email, organizationId: actor.organizationId, invitedByUserId: actor.userId },
    );
    await recordAudit(tx, ctx, {
      resource: 'organizationUser',
      resourceId: target.id,
      description: `Sent a new invitation to ${target.user.email}`,
      after: { invitationId: invitation.invitationId },
    });
    return { success: true, message: `A new invitation has been sent to ${target.user.email}.` };
  });
};
