import { calendarTasks, uploadSupplierData } from '@tidewise/db/schema/requests';
import { and, eq, inArray } from 'drizzle-orm';
import type { Context } from '../../../context.ts';
import { requireActor } from '../../../lib/authz.ts';
import { isUuid } from '../../../lib/db.ts';
import { notFound } from '../../../lib/errors.ts';
import { loadSupplierDataViews, type UploadSupplierDataView } from '../records.ts';

/**
 * The rows of the customer's file a request concerns (a subtask: its request's). The customer sees its rows in
 * full; the supplier asked sees only the rows naming it, without the matching's scores, reasons or the other
 * organizations it was compared with. Any other organization gets NOT_FOUND.
 */
export const findUploadSupplierDataByTask = async (ctx: Context, calendarTaskId: string): Promise<UploadSupplierDataView[]> => {
  const actor = requireActor(ctx);
  if (!isUuid(calendarTaskId)) throw notFound('CalendarTask', calendarTaskId);
  const [task] = await ctx.db
    .select({
      id: calendarTasks.id,
      parentTaskId: calendarTasks.parentTaskId,
      organizationId: calendarTasks.organizationId,
      supplierOrganizationId: calendarTasks.supplierOrganizationId,
    })
    .from(calendarTasks)
    .where(eq(calendarTasks.id, calendarTaskId))
    .limit(1);
  const side = !task
    ? null
    : task.organizationId === actor.organizationId
      ? 'customer'
      : task.supplierOrganizationId === actor.organizationId
        ? 'supplier'
        : null;
  if (!task || !side) throw notFound('CalendarTask', calendarTaskId);
  const taskIds = task.parentTaskId ? [task.id, task.parentTaskId] : [task.id];
  const ofTask = and(inArray(uploadSupplierData.calendarTaskId, taskIds), eq(uploadSupplierData.organizationId, task.organizationId));
  return side === 'customer'
    ? loadSupplierDataViews(ctx.db, ofTask)
    : loadSupplierDataViews(ctx.db, and(ofTask, eq(uploadSupplierData.supplierOrgId, actor.organizationId)), { restricted: true });
};
