import { organizationUsers } from '@tidewise/db/schema/organizations';
import { and, eq } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { requireActor } from '../../../lib/authz.ts';
import { notFound } from '../../../lib/errors.ts';

/** The signed-in user's own profile in the organization they are signed in to. */
export const getMyOrganizationUser = async (ctx: Context) => {
  const actor = requireActor(ctx);
  const [row] = await ctx.db
    .select()
    .from(organizationUsers)
    .where(and(eq(organizationUsers.userId, actor.userId), eq(organizationUsers.organizationId, actor.organizationId)))
    .limit(1);
  if (!row) throw notFound('Organization user');
  return row;
};
