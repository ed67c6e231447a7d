import type { Context } from '../../../context.ts';
import type { Pagination } from '../../../lib/pagination.ts';
import { requireActor } from '../../../lib/authz.ts';
import { getMemberEmail } from '../../../lib/identity/users.ts';
import { findLoginLogs } from './find-login-logs.ts';

/** One member's sign-in attempts; someone outside the caller's organization answers NOT_FOUND. */
export const findUserLoginLogs = async (ctx: Context, input: { userId: string; pagination: Pagination }) => {
  const actor = requireActor(ctx);
  await getMemberEmail(ctx.db, actor.organizationId, input.userId);
  return findLoginLogs(ctx, { filter: { userId: input.userId }, pagination: input.pagination });
};
