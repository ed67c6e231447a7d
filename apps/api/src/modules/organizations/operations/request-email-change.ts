import { users } from '@tidewise/db/schema/identity';
import { emailChangeRequests } from '@tidewise/db/schema/organization-admin';
import { and, eq } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { findUserByEmail, normalizeEmail } from '../../../lib/identity/users.ts';
import { requireActor } from '../../../lib/authz.ts';
import { type EmailChangeRequestRow, emailTaken, snapshot } from '../email-change-requests.ts';

/**
 * The signed-in user asks to sign in with another address. One pending request at a time; the
 * address must not belong to an account. Waits for an administrator (the web shows
 * /supplier/email-change-pending meanwhile).
 */
export const requestEmailChange = async (ctx: Context, input: { newEmail: string }): Promise<EmailChangeRequestRow> => {
  const actor = requireActor(ctx);
  const newEmail = normalizeEmail(input.newEmail);
  return ctx.db.transaction(async (tx) => {
    const [me] = await tx.select().from(users).where(eq(users.id, actor.userId)).for('update').limit(1);
    if (!me) throw notFound('User', actor.userId);
    if (normalizeEmail(me.email) === newEmail) {
      throw new AppError('VALIDATION_FAILED', 'The new email address is the one you already use.', { field: 'newEmail' });
    }
    if (await findUserByEmail(tx, newEmail)) throw emailTaken();
    const [pending] = await tx
      .select({ id: emailChangeRequests.id })
      .from(emailChangeRequests)
      .where(and(eq(emailChangeRequests.userId, actor.userId), eq(emailChangeRequests.status, 'pending')))
      .limit(1);
    if (pending) throw new AppError('CONFLICT', 'You already have a pending email change request. Cancel it first.', { field: 'newEmail' });
    const [row] = await tx
      .insert(emailChangeRequests)
      .values({ userId: actor.userId, organizationId: actor.organizationId, currentEmail: me.email, newEmail, status: 'pending' })
      .returning();
    if (!row) throw new Error('email change request insert returned nothing');
    await recordAudit(tx, ctx, {
      resource: 'emailChangeRequest',
      resourceId: row.id,
      description: `Requested to change the email address ${me.email} to ${newEmail}`,
      before: null,
      after: snapshot(row),
    });
    return row;
  });
};
