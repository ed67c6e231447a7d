import { auditLogs } from '@tidewise/db/schema/audit';
import { users } from '@tidewise/db/schema/identity';
import { count, desc, eq } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { type Page, type Pagination, pageOffset, toPage } from '../../../lib/pagination.ts';
import { type Sort, sortOrder } from '../../../lib/sorting.ts';
import { logConditions } from './log-conditions.ts';
import { requireActor } from '../../../lib/authz.ts';

export type AuditLogRow = typeof auditLogs.$inferSelect & { email: string | null };

export const AUDIT_LOG_SORT_FIELDS = ['createdAt', 'email', 'action', 'resource', 'status'] as const;

export type AuditLogSortField = (typeof AUDIT_LOG_SORT_FIELDS)[number];

const sortColumns = {
  createdAt: auditLogs.createdAt,
  email: users.email,
  action: auditLogs.action,
  resource: auditLogs.resource,
  status: auditLogs.status,
};

export type AuditLogFilter = {
  userId?: string | null;
  action?: string | null;
  resource?: string | null;
  status?: string | null;
  from?: Date | null;
  to?: Date | null;
};

/**
 * The caller's organization's audit trail, newest first unless `sort` says otherwise, filtered by who, what and when. Only rows
 * of the caller's organization ever match, whatever the filter says.
 */
export const findAuditLogs = async (
  ctx: Context,
  input: { filter?: AuditLogFilter | null; pagination: Pagination; sort?: Sort<AuditLogSortField> | null },
): Promise<Page<AuditLogRow>> => {
  const actor = requireActor(ctx);
  const filter = input.filter ?? {};
  const where = logConditions(auditLogs, actor.organizationId, filter, [
    [auditLogs.action, filter.action],
    [auditLogs.resource, filter.resource],
    [auditLogs.status, filter.status],
  ]);
  const [total] = await ctx.db.select({ value: count() }).from(auditLogs).where(where);
  const rows = await ctx.db
    .select({ log: auditLogs, email: users.email })
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.userId))
    .where(where)
    .orderBy(...sortOrder(input.sort, sortColumns, auditLogs.id, [desc(auditLogs.createdAt), desc(auditLogs.sequence)]))
    .limit(input.pagination.pageSize)
    .offset(pageOffset(input.pagination));
  return toPage(
    input.pagination,
    rows.map((r) => ({ ...r.log, email: r.email })),
    Number(total?.value ?? 0),
  );
};
