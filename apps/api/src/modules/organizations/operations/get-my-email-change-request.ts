import { emailChangeRequests } from '@tidewise/db/schema/organization-admin';
import { and, desc, eq } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { requireActor } from '../../../lib/authz.ts';
import type { EmailChangeRequestRow } from '../email-change-requests.ts';

/** The caller's pending request, or null. */
export const getMyEmailChangeRequest = async (ctx: Context): Promise<EmailChangeRequestRow | null> => {
  const actor = requireActor(ctx);
  const [row] = await ctx.db
    .select()
    .from(emailChangeRequests)
    .where(
      and(
        eq(emailChangeRequests.userId, actor.userId),
        eq(emailChangeRequests.organizationId, actor.organizationId),
        eq(emailChangeRequests.status, 'pending'),
      ),
    )
    .orderBy(desc(emailChangeRequests.createdAt))
    .limit(1);
  return row ?? null;
};
