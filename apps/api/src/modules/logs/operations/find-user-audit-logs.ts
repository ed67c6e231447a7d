import type { Context } from '../../../context.ts';
import type { Pagination } from '../../../lib/pagination.ts';
import { requireActor } from '../../../lib/authz.ts';
import { getMemberEmail } from '../../../lib/identity/users.ts';
import { findAuditLogs } from './find-audit-logs.ts';

/** One member's actions in the caller's organization; someone outside it answers NOT_FOUND. */
export const findUserAuditLogs = async (ctx: Context, input: { userId: string; pagination: Pagination }) => {
  const actor = requireActor(ctx);
  await getMemberEmail(ctx.db, actor.organizationId, input.userId);
  return findAuditLogs(ctx, { filter: { userId: input.userId }, pagination: input.pagination });
};
