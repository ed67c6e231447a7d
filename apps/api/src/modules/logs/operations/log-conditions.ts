import { and, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '../../../lib/errors.ts';
import { dateRangeRefusal } from '../logs.policy.ts';
import { isUuid } from '../../../lib/db.ts';

type LogTable = { organizationId: PgColumn; userId: PgColumn; createdAt: PgColumn };
type CommonFilter = { userId?: string | null; from?: Date | null; to?: Date | null };

/**
 * The WHERE clause every log list shares: always the caller's organization, then who and when from
 * the filter, then the list's own exact-match fields. Refuses a reversed date range or a user id
 * that cannot name anyone, naming the field.
 */
export const logConditions = (
  table: LogTable,
  organizationId: string,
  filter: CommonFilter,
  exact: [PgColumn, string | null | undefined][],
): SQL | undefined => {
  const refusal = dateRangeRefusal(filter);
  if (refusal) throw new AppError('VALIDATION_FAILED', refusal, { field: 'filter.from' });
  if (filter.userId && !isUuid(filter.userId)) {
    throw new AppError('VALIDATION_FAILED', 'userId is not a valid id', { field: 'filter.userId' });
  }
  return and(
    eq(table.organizationId, organizationId),
    filter.userId ? eq(table.userId, filter.userId) : undefined,
    ...exact.map(([column, value]) => (value ? eq(column, value) : undefined)),
    filter.from ? gte(table.createdAt, filter.from) : undefined,
    filter.to ? lte(table.createdAt, filter.to) : undefined,
  );
};
