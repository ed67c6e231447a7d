import type { Executor } from '@tidewise/db/client';
import { users } from '@tidewise/db/schema/identity';
import { organizations } from '@tidewise/db/schema/organizations';
import { emailChangeRequests } from '@tidewise/db/schema/organization-admin';
import type { EmailChangeStatus } from '@tidewise/shared/organization';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { type Page, type Pagination, pageOffset, toPage } from '../../lib/pagination.ts';
import { createInvitation, expireOpenInvitations } from '../../lib/identity/invitations.ts';
import { revokeUserSessions } from '../../lib/identity/sessions.ts';
import { findUserByEmail, normalizeEmail } from '../../lib/identity/users.ts';
import { assertRecentSignIn } from './members.ts';
import { approvalNeedsRecentSignIn, canCancelEmailChange, checkEmailChangeTransition } from './organization.policy.ts';
import { inTransactionWithMail } from '../../lib/deferred-mail.ts';
import { isUuid, isUniqueViolation } from '../../lib/db.ts';
import { refuse, requireActor } from '../../lib/authz.ts';

export type EmailChangeRequestRow = typeof emailChangeRequests.$inferSelect;

const emailTaken = () => new AppError('CONFLICT', 'An account with this email address already exists.', { field: 'newEmail' });

const snapshot = (row: EmailChangeRequestRow) => ({ status: row.status, newEmail: row.newEmail, decidedAt: row.decidedAt });

/** A request of the caller's organization, locked for the decision; any other id answers NOT_FOUND. */
const findRequest = async (tx: Executor, organizationId: string, id: string) => {
  if (!isUuid(id)) throw notFound('Email change request', id);
  const [row] = await tx
    .select()
    .from(emailChangeRequests)
    .where(and(eq(emailChangeRequests.id, id), eq(emailChangeRequests.organizationId, organizationId)))
    .for('update')
    .limit(1);
  if (!row) throw notFound('Email change request', id);
  return row;
};

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

/** The caller's pending request, or null. */
export const getMyEmailChangeRequest = async (ctx: Context): Promise<EmailChangeRequestRow | null> => {
  const actor = requireActor(ctx);
  const [row] = await ctx.db
    .select()
    .from(emailChangeRequests)
    .where(
      and(
        eq(emailChangeRequests.userId, actor.userId),
        eq(emailChangeRequests.organizationId, actor.organizationId),
        eq(emailChangeRequests.status, 'pending'),
      ),
    )
    .orderBy(desc(emailChangeRequests.createdAt))
    .limit(1);
  return row ?? null;
};

/** The organization's requests, newest first, optionally of one status. */
export const findEmailChangeRequests = async (
  ctx: Context,
  pagination: Pagination,
  status?: EmailChangeStatus | null,
): Promise<Page<EmailChangeRequestRow>> => {
  const actor = requireActor(ctx);
  const conditions: SQL[] = [eq(emailChangeRequests.organizationId, actor.organizationId)];
  if (status) conditions.push(eq(emailChangeRequests.status, status));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(emailChangeRequests)
      .where(where)
      .orderBy(desc(emailChangeRequests.createdAt), desc(emailChangeRequests.id))
      .limit(pagination.pageSize)
      .offset(pageOffset(pagination)),
    ctx.db.select({ value: count() }).from(emailChangeRequests).where(where),
  ]);
  return toPage(pagination, rows, total?.value ?? 0);
};

const decide = async (tx: Executor, ctx: Context, row: EmailChangeRequestRow, status: EmailChangeStatus, description: string) => {
  const refusal = checkEmailChangeTransition(row.status, status);
  if (refusal) refuse(refusal);
  const [after] = await tx
    .update(emailChangeRequests)
    .set({ status, decidedAt: new Date(), decidedByUserId: ctx.actor?.userId ?? null })
    .where(eq(emailChangeRequests.id, row.id))
    .returning();
  if (!after) throw notFound('Email change request', row.id);
  await recordAudit(tx, ctx, {
    resource: 'emailChangeRequest',
    resourceId: row.id,
    description,
    before: snapshot(row),
    after: snapshot(after),
  });
  return after;
};

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

export const rejectEmailChange = async (ctx: Context, id: string): Promise<EmailChangeRequestRow> => {
  const actor = requireActor(ctx);
  return ctx.db.transaction(async (tx) => {
    const row = await findRequest(tx, actor.organizationId, id);
    return decide(tx, ctx, row, 'rejected', `Rejected the email change of ${row.currentEmail} to ${row.newEmail}`);
  });
};

/** The requester withdraws their own pending request; anyone else's answers NOT_FOUND. */
export const cancelEmailChange = async (ctx: Context, id: string): Promise<EmailChangeRequestRow> => {
  const actor = requireActor(ctx);
  return ctx.db.transaction(async (tx) => {
    const row = await findRequest(tx, actor.organizationId, id);
    if (!canCancelEmailChange(actor.userId, row)) throw notFound('Email change request', id);
    return decide(tx, ctx, row, 'cancelled', `Cancelled the email change to ${row.newEmail}`);
  });
};
