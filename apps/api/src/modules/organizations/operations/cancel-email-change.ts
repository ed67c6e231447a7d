import type { Context } from '../../../context.ts';
import { notFound } from '../../../lib/errors.ts';
import { canCancelEmailChange } from '../organization.policy.ts';
import { requireActor } from '../../../lib/authz.ts';
import { type EmailChangeRequestRow, findRequest, decide } from '../email-change-requests.ts';

/** The requester withdraws their own pending request; anyone else's answers NOT_FOUND. */
export const cancelEmailChange = async (ctx: Context, id: string): Promise<EmailChangeRequestRow> => {
  const actor = requireActor(ctx);
  return ctx.db.transaction(async (tx) => {
    const row = await findRequest(tx, actor.organizationId, id);
    if (!canCancelEmailChange(actor.userId, row)) throw notFound('Email change request', id);
    return decide(tx, ctx, row, 'cancelled', `Cancelled the email change to ${row.newEmail}`);
  });
};
