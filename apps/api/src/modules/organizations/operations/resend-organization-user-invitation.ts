import { invitations } from '@tidewise/db/schema/identity';
import { and, eq, isNull } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { createInvitation } from '../../auth/operations/create-invitation.ts';
import { requireActor } from '../members.ts';
import { findMembership } from './find-organization-users.ts';
import { inTransactionWithMail } from '../deferred-mail.ts';

/** Ends the open invitation links of a user, so only the newest one works. */
export const expireOpenInvitations = async (tx: Parameters<typeof createInvitation>[0]['db'], userId: string) => {
  await tx
    .update(invitations)
    .set({ expiresAt: new Date() })
    .where(and(eq(invitations.userId, userId), isNull(invitations.acceptedAt)));
};

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
