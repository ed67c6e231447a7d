import type { Context } from '../../../context.ts';
import { notFound } from '../../../lib/errors.ts';
import { requireActor } from '../../../lib/authz.ts';
import { type OrganizationUserWithUser, findMembership } from '../memberships.ts';

/** One colleague of the caller's organization; an id from anywhere else answers NOT_FOUND. */
export const getOrganizationUser = async (ctx: Context, id: string): Promise<OrganizationUserWithUser> => {
  const row = await findMembership(ctx.db, requireActor(ctx).organizationId, id);
  if (!row) throw notFound('Organization user', id);
  return row;
};
