import { users } from '@tidewise/db/schema/identity';
import { organizationUsers } from '@tidewise/db/schema/organizations';
import { and, eq } from 'drizzle-orm';
import type { UpdateMyProfileInput } from '@tidewise/shared/account';
import type { Context } from '../../../context.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { requireActor } from '../../../lib/authz.ts';
import { notFound } from '../../../lib/errors.ts';

/** The signed-in user's own name, job position and language. */
export const updateMyProfile = async (ctx: Context, input: UpdateMyProfileInput) => {
  const actor = requireActor(ctx);
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(organizationUsers)
      .where(and(eq(organizationUsers.userId, actor.userId), eq(organizationUsers.organizationId, actor.organizationId)))
      .limit(1);
    if (!before) throw notFound('Organization user');
    const [after] = await tx
      .update(organizationUsers)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        // Left out keeps the stored job position; an empty value clears it.
        ...(input.jobPosition === undefined ? {} : { jobPosition: input.jobPosition || null }),
      })
      .where(eq(organizationUsers.id, before.id))
      .returning();
    const [userBefore] = await tx.select({ language: users.language }).from(users).where(eq(users.id, actor.userId));
    if (input.language) await tx.update(users).set({ language: input.language }).where(eq(users.id, actor.userId));
    await recordAudit(tx, ctx, {
      resource: 'organizationUser',
      resourceId: before.id,
      description: 'Updated own profile',
      before: { firstName: before.firstName, lastName: before.lastName, jobPosition: before.jobPosition, language: userBefore?.language },
      after: {
        firstName: after?.firstName,
        lastName: after?.lastName,
        jobPosition: after?.jobPosition,
        language: input.language ?? userBefore?.language,
      },
    });
    return after;
  });
};
