import type { Context } from '../../../context.ts';
import { requireActor } from '../../../lib/authz.ts';
import { type EmailChangeRequestRow, findRequest, decide } from '../email-change-requests.ts';

/** An administrator turns a pending request down; the account keeps its address. */
export const rejectEmailChange = async (ctx: Context, id: string): Promise<EmailChangeRequestRow> => {
  const actor = requireActor(ctx);
  return ctx.db.transaction(async (tx) => {
    const row = await findRequest(tx, actor.organizationId, id);
    return decide(tx, ctx, row, 'rejected', `Rejected the email change of ${row.currentEmail} to ${row.newEmail}`);
  });
};
