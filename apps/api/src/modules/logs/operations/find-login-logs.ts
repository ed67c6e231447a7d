import { users } from '@tidewise/db/schema/identity';
import { loginLogs } from '@tidewise/db/schema/login-logs';
import { count, desc, eq } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { type Page, type Pagination, pageOffset, toPage } from '../../../lib/pagination.ts';
import { type Sort, sortOrder } from '../../../lib/sorting.ts';
import { logConditions } from './log-conditions.ts';
import { requireActor } from '../../../lib/authz.ts';

export type LoginLogRow = typeof loginLogs.$inferSelect & { email: string | null };

export const LOGIN_LOG_SORT_FIELDS = ['createdAt', 'email', 'method', 'status', 'device', 'ipAddress'] as const;

export type LoginLogSortField = (typeof LOGIN_LOG_SORT_FIELDS)[number];

const sortColumns = {
  createdAt: loginLogs.createdAt,
  email: users.email,
  method: loginLogs.method,
  status: loginLogs.status,
  device: [loginLogs.browser, loginLogs.os],
  ipAddress: loginLogs.ipAddress,
};

export type LoginLogFilter = {
  userId?: string | null;
  status?: string | null;
  method?: string | null;
  from?: Date | null;
  to?: Date | null;
};

/** Sign-in attempts of the caller's organization's users, newest first unless `sort` says otherwise. */
export const findLoginLogs = async (
  ctx: Context,
  input: { filter?: LoginLogFilter | null; pagination: Pagination; sort?: Sort<LoginLogSortField> | null },
): Promise<Page<LoginLogRow>> => {
  const actor = requireActor(ctx);
  const filter = input.filter ?? {};
  const where = logConditions(loginLogs, actor.organizationId, filter, [
    [loginLogs.status, filter.status],
    [loginLogs.method, filter.method],
  ]);
  const [total] = await ctx.db.select({ value: count() }).from(loginLogs).where(where);
  const rows = await ctx.db
    .select({ log: loginLogs, email: users.email })
    .from(loginLogs)
    .leftJoin(users, eq(users.id, loginLogs.userId))
    .where(where)
    .orderBy(...sortOrder(input.sort, sortColumns, loginLogs.id, [desc(loginLogs.createdAt), desc(loginLogs.id)]))
    .limit(input.pagination.pageSize)
    .offset(pageOffset(input.pagination));
  return toPage(
    input.pagination,
    rows.map((r) => ({ ...r.log, email: r.email })),
    Number(total?.value ?? 0),
  );
};
