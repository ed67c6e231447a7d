import { organizationUsers } from '@tidewise/db/schema/organizations';
import type { UpdateOrganizationUserInput } from '@tidewise/shared/organization';
import { eq } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { notFound } from '../../../lib/errors.ts';
import { requireActor } from '../../../lib/authz.ts';
import { findMembership, type OrganizationUserWithUser } from '../memberships.ts';

const profile = (row: { firstName: string | null; lastName: string | null; jobPosition: string | null }) => ({
  firstName: row.firstName,
  lastName: row.lastName,
  jobPosition: row.jobPosition,
});

/** An administrator corrects a colleague's name or job position. */
export const updateOrganizationUser = async (
  ctx: Context,
  id: string,
  input: UpdateOrganizationUserInput,
): Promise<OrganizationUserWithUser> => {
  const actor = requireActor(ctx);
  return ctx.db.transaction(async (tx) => {
    const before = await findMembership(tx, actor.organizationId, id);
    if (!before) throw notFound('Organization user', id);
    const changes = {
      ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
      ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
      ...(input.jobPosition !== undefined ? { jobPosition: input.jobPosition ?? null } : {}),
    };
    const [after] = Object.keys(changes).length
      ? await tx.update(organizationUsers).set(changes).where(eq(organizationUsers.id, before.id)).returning()
      : [before];
    if (!after) throw notFound('Organization user', id);
    await recordAudit(tx, ctx, {
      resource: 'organizationUser',
      resourceId: before.id,
      description: `Updated organization user ${before.user?.email ?? before.id}`,
      before: profile(before),
      after: profile(after),
    });
    return { ...after, user: before.user };
  });
};
