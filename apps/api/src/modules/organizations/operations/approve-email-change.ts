import { users } from '@tidewise/db/schema/identity';
import { organizations } from '@tidewise/db/schema/organizations';
import { eq } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { createInvitation, expireOpenInvitations } from '../../../lib/identity/invitations.ts';
import { revokeUserSessions } from '../../../lib/identity/sessions.ts';
import { findUserByEmail } from '../../../lib/identity/users.ts';
import { assertRecentSignIn } from '../members.ts';
import { approvalNeedsRecentSignIn, checkEmailChangeTransition } from '../organization.policy.ts';
import { inTransactionWithMail } from '../../../lib/deferred-mail.ts';
import { isUniqueViolation } from '../../../lib/db.ts';
import { refuse, requireActor } from '../../../lib/authz.ts';
import { type EmailChangeRequestRow, emailTaken, findRequest, decide } from '../email-change-requests.ts';

/**
 * An administrator approves: the account signs in with the new address from now on, its sessions
 * and old invitation links end, and its password and second factor are reset so that whoever
 * registers from the invitation sent to the new address proves they own it.
 */
export const approveEmailChange = async (ctx: Context, id: string): Promise<EmailChangeRequestRow> => {
  const actor = requireActor(ctx);
  try {
    return await inTransactionWithMail(ctx, async (tx, mailer) => {
      const row = await findRequest(tx, actor.organizationId, id);
      const refusal = checkEmailChangeTransition(row.status, 'approved');
      if (refusal) refuse(refusal);
      if (approvalNeedsRecentSignIn(actor.userId, row)) await assertRecentSignIn(tx, actor);
      const other = await findUserByEmail(tx, row.newEmail);
      if (other && other.id !== row.userId) throw emailTaken();
      await tx
        .update(users)
        .set({
          email: row.newEmail,
          passwordHash: null,
          mfaEnabled: false,
          mfaMethod: null,
          totpSecretEncrypted: null,
          totpLastTimeStep: null,
          registeredAt: null,
          failedAttempts: 0,
        })
        .where(eq(users.id, row.userId));
      await revokeUserSessions(tx, row.userId, 'email address changed');
      await expireOpenInvitations(tx, row.userId);
      const after = await decide(tx, ctx, row, 'approved', `Approved the email change of ${row.currentEmail} to ${row.newEmail}`);
      const [organization] = await tx
        .select({ type: organizations.organizationType })
        .from(organizations)
        .where(eq(organizations.id, row.organizationId))
        .limit(1);
      await createInvitation(
        { db: tx, mailer, env: ctx.env },
        {
          kind: organization?.type === 'supplier' ? 'supplier' : 'organization_user',
          email: row.newEmail,
          organizationId: row.organizationId,
          invitedByUserId: actor.userId,
        },
      );
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
};
