import { users } from '@tidewise/db/schema/identity';
import { invitations, organizations } from '@tidewise/db/schema/organizations';
import type { MfaMethod } from '@tidewise/shared/auth';
import { and, eq, isNull } from 'drizzle-orm';
import type { Context } from '../../../../context.ts';
import { recordAudit } from '../../../../lib/audit.ts';
import { AppError } from '../../../../lib/errors.ts';
import { AUTH_MESSAGES } from '../../../../lib/identity/messages.ts';
import { type MfaSetupStart, startMfaSetup } from '../mfa-setup.ts';
import { authRateLimits } from '../../../../lib/identity/rate-limits.ts';
import { getOpenInvitation } from '../open-invitation.ts';
import { hashPassword } from '../../../../lib/identity/passwords.ts';

export type RegisterInput = { token: string; password: string; mfaMethod: MfaMethod };

/**
 * Accepts an invitation: sets the password (argon2id) and starts the chosen second factor. Invited
 * suppliers always use the Email method; their organization counts as registered. The customer
 * relationships stay `pending` until the supplier accepts them (completeSupplierRegistration, see
 * docs/decisions/0006-organization-statuses.md), so each acceptance is a decision of its own with
 * its own audit row.
 */
export const register = async (ctx: Context, input: RegisterInput): Promise<{ userId: string } & MfaSetupStart> => {
  authRateLimits.signIn(ctx.requestMeta.ipAddress);
  const { invitation, user } = await getOpenInvitation(ctx.db, input.token);
  if (invitation.kind === 'supplier' && input.mfaMethod !== 'Email') {
    throw new AppError('VALIDATION_FAILED', AUTH_MESSAGES.supplierEmailOnly, { field: 'mfaMethod' });
  }
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    const accepted = await tx
      .update(invitations)
      .set({ acceptedAt: new Date() })
      .where(and(eq(invitations.id, invitation.id), isNull(invitations.acceptedAt)))
      .returning({ id: invitations.id });
    if (accepted.length !== 1) throw new AppError('VALIDATION_FAILED', AUTH_MESSAGES.invalidInvitation, { field: 'token' });
    await tx.update(users).set({ passwordHash, registeredAt: new Date() }).where(eq(users.id, user.id));
    if (invitation.kind === 'supplier') {
      await tx.update(organizations).set({ registrationStatus: 'registered' }).where(eq(organizations.id, invitation.organizationId));
    }
    // In the inviting organization's own trail: the invited person is now a member who can sign in.
    await recordAudit(tx, ctx, {
      organizationId: invitation.organizationId,
      userId: user.id,
      resource: 'invitation',
      resourceId: invitation.id,
      description: `${user.email} accepted the invitation and registered`,
      before: { registered: false },
      after: { registered: true, mfaMethod: input.mfaMethod },
    });
  });
  const setup = await startMfaSetup(ctx.db, ctx, user, input.mfaMethod);
  return { userId: user.id, ...setup };
};
