import type { Context } from '../../../context.ts';
import { unauthenticated } from '../../../lib/errors.ts';
import { findUserById, type UserRow } from '../../../lib/identity/users.ts';

/** The signed-in user's account facts (MFA, role, lock). */
export const getAuthenticationUser = async (ctx: Context): Promise<UserRow> => {
  const user = ctx.actor ? await findUserById(ctx.db, ctx.actor.userId) : null;
  if (!user) throw unauthenticated();
  return user;
};
