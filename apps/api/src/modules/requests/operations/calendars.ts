import { calendars, calendarTasks } from '@tidewise/db/schema/requests';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { requireActor } from '../../../lib/authz.ts';
import type { CalendarRow } from '../../../lib/data-requests.ts';
import { isUuid } from '../../../lib/db.ts';
import { notFound } from '../../../lib/errors.ts';
import { type Page, type Pagination, pageOffset, toPage } from '../../../lib/pagination.ts';

/** calendars: the caller's organization's calendars, latest deadline first. */
export const findCalendars = async (ctx: Context, pagination: Pagination): Promise<Page<CalendarRow>> => {
  const actor = requireActor(ctx);
  const where = eq(calendars.organizationId, actor.organizationId);
  const rows = await ctx.db
    .select()
    .from(calendars)
    .where(where)
    .orderBy(desc(calendars.deadline), desc(calendars.id))
    .limit(pagination.pageSize)
    .offset(pageOffset(pagination));
  const [total] = await ctx.db.select({ value: count() }).from(calendars).where(where);
  return toPage(pagination, rows, Number(total?.value ?? 0));
};

/** calendar(id): one of the caller's organization's calendars, or NOT_FOUND. */
export const getCalendar = async (ctx: Context, id: string): Promise<CalendarRow> => {
  const actor = requireActor(ctx);
  if (!isUuid(id)) throw notFound('Calendar', id);
  const [row] = await ctx.db
    .select()
    .from(calendars)
    .where(and(eq(calendars.id, id), eq(calendars.organizationId, actor.organizationId)))
    .limit(1);
  if (!row) throw notFound('Calendar', id);
  return row;
};

/** Top-level requests of a calendar, cancelled ones included. */
export const calendarTaskCount = async (ctx: Pick<Context, 'db'>, calendarId: string): Promise<number> => {
  const [row] = await ctx.db
    .select({ value: count() })
    .from(calendarTasks)
    .where(and(eq(calendarTasks.calendarId, calendarId), isNull(calendarTasks.parentTaskId)));
  return Number(row?.value ?? 0);
};
