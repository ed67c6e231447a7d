import { emailChangeRequests } from '@tidewise/db/schema/organization-admin';
import type { EmailChangeStatus } from '@tidewise/shared/organization';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { type Page, type Pagination, pageOffset, toPage } from '../../../lib/pagination.ts';
import { requireActor } from '../../../lib/authz.ts';
import type { EmailChangeRequestRow } from '../email-change-requests.ts';

/** The organization's requests, newest first, optionally of one status. */
export const findEmailChangeRequests = async (
  ctx: Context,
  pagination: Pagination,
  status?: EmailChangeStatus | null,
): Promise<Page<EmailChangeRequestRow>> => {
  const actor = requireActor(ctx);
  const conditions: SQL[] = [eq(emailChangeRequests.organizationId, actor.organizationId)];
  if (status) conditions.push(eq(emailChangeRequests.status, status));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(emailChangeRequests)
      .where(where)
      .orderBy(desc(emailChangeRequests.createdAt), desc(emailChangeRequests.id))
      .limit(pagination.pageSize)
      .offset(pageOffset(pagination)),
    ctx.db.select({ value: count() }).from(emailChangeRequests).where(where),
  ]);
  return toPage(pagination, rows, total?.value ?? 0);
};
