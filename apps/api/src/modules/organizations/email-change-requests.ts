import type { Executor } from '@tidewise/db/client';
import { emailChangeRequests } from '@tidewise/db/schema/organization-admin';
import type { EmailChangeStatus } from '@tidewise/shared/organization';
import { and, eq } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { checkEmailChangeTransition } from './organization.policy.ts';
import { isUuid } from '../../lib/db.ts';
import { refuse } from '../../lib/authz.ts';

export type EmailChangeRequestRow = typeof emailChangeRequests.$inferSelect;

/** The refusal for an address that already belongs to an account (checked again at approval). */
export const emailTaken = () => new AppError('CONFLICT', 'An account with this email address already exists.', { field: 'newEmail' });

/** What the audit trail keeps of a request before and after a decision. */
export const snapshot = (row: EmailChangeRequestRow) => ({ status: row.status, newEmail: row.newEmail, decidedAt: row.decidedAt });

/** A request of the caller's organization, locked for the decision; any other id answers NOT_FOUND. */
export const findRequest = async (tx: Executor, organizationId: string, id: string) => {
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
 * Moves a request to its decided status if the transition is allowed (see checkEmailChangeTransition),
 * records who decided, and writes the audit row in the same transaction.
 */
export const decide = async (tx: Executor, ctx: Context, row: EmailChangeRequestRow, status: EmailChangeStatus, description: string) => {
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
