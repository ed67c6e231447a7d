import type { Executor } from '@tidewise/db/client';
import { reminderDeliveries, reminderDigests } from '@tidewise/db/schema/requests';
import {
  type Digest,
  digestDay,
  digestKey,
  groupIntoDigests,
  type ReminderPoint,
  type ReminderSchedule,
  reminderPointsFor,
  remindersDue,
} from '@tidewise/shared/requests/reminders';
import { type CalendarTaskStatus, effectiveDeadline, OPEN_CALENDAR_TASK_STATUSES } from '@tidewise/shared/requests/statuses';
import { eq, inArray, sql } from 'drizzle-orm';
import type { AppServices } from '../../context.ts';
import type { Env } from '../../env.ts';
import { isLocked } from '../../lib/identity/locks.ts';
import type { MailMessage } from '../../lib/mail.ts';
import type { DueReminder, OpenTask } from './due-reminder.ts';
import { reminderDigestEmail } from './reminder-email.ts';

/**
 * One reminder pass (decision 0016, "Reminders"): for every open data request whose deadline is near or recently
 * past, the reminder now due for each supplier user who can answer it, gathered into one digest email per user and
 * local day. Each reminder's key and the digest's key are stored with unique indexes in the transaction that
 * queues the email (sent after commit), so a second pass, a retried job or two workers at once send nothing twice.
 * Muted users' reminders are stored as skipped, so unmuting sends no old news. Subtasks are not reminded of: the
 * request they belong to is.
 */

export type ReminderServices = Pick<AppServices, 'db' | 'env' | 'logger' | 'mailer'>;

/** A digest as the pass reports it (the test hook answers with these). */
export type SentDigest = {
  key: string;
  userId: string;
  email: string;
  day: string;
  reminders: { taskId: string; title: string; customerName: string; kind: ReminderPoint['kind']; offsetDays: number; key: string }[];
};

export type ReminderPassResult = {
  now: Date;
  /** Reminders that went out in a digest this pass. */
  sent: number;
  /** Reminders of muted users recorded without an email. */
  skipped: number;
  digests: SentDigest[];
};

export const scheduleOf = (
  env: Pick<Env, 'REMINDER_DAYS_BEFORE' | 'REMINDER_OVERDUE_EVERY_DAYS' | 'REMINDER_OVERDUE_FOR_DAYS' | 'REMINDER_LOCAL_HOUR'>,
): ReminderSchedule => ({
  daysBefore: env.REMINDER_DAYS_BEFORE,
  overdueEveryDays: env.REMINDER_OVERDUE_EVERY_DAYS === 0 ? null : env.REMINDER_OVERDUE_EVERY_DAYS,
  overdueForDays: env.REMINDER_OVERDUE_FOR_DAYS,
  sendHour: env.REMINDER_LOCAL_HOUR,
});

const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_TIME_ZONE = 'Europe/Copenhagen';

type Rows<T> = { rows: T[] };

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

const validTimeZone = (timeZone: string | null) => {
  if (!timeZone) return DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
};

/** Narrows a pass to the requests of some suppliers (a test sharing its database with others). */
export type PassScope = { supplierOrganizationIds?: readonly string[] };

/** Open top-level requests whose deadline is within the schedule's reach of `now` (a day of slack on each side). */
const openTasks = async (executor: Executor, schedule: ReminderSchedule, now: Date, scope: PassScope): Promise<OpenTask[]> => {
  const suppliers = scope.supplierOrganizationIds;
  if (suppliers && suppliers.length === 0) return [];
  const onlySuppliers = suppliers
    ? sql`AND ct.supplier_organization_id IN (${sql.join(
        suppliers.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const before = Math.max(0, ...schedule.daysBefore) + 2;
  const after = (schedule.overdueEveryDays === null ? 0 : schedule.overdueForDays) + 2;
  const from = new Date(now.getTime() - after * DAY_MS).toISOString();
  const to = new Date(now.getTime() + before * DAY_MS).toISOString();
  const statuses = sql.join(
    OPEN_CALENDAR_TASK_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const { rows } = (await executor.execute(sql`
    SELECT ct.id, ct.title, ct.status, ct.end_date, c.deadline AS calendar_deadline, ct.created_at,
           ct.supplier_organization_id, customer.name AS customer_name, settings.timezone
    FROM calendar_tasks ct
    JOIN calendars c ON c.id = ct.calendar_id
    JOIN organizations customer ON customer.id = ct.organization_id
    LEFT JOIN organization_settings settings ON settings.organization_id = ct.supplier_organization_id
    WHERE ct.task_type = 'data_request' AND ct.status IN (${statuses})
      AND coalesce(ct.end_date, c.deadline) BETWEEN ${from}::timestamptz AND ${to}::timestamptz ${onlySuppliers}
    ORDER BY ct.id`)) as unknown as Rows<{
    id: string;
    title: string;
    status: CalendarTaskStatus;
    end_date: Date | string | null;
    calendar_deadline: Date | string;
    created_at: Date | string;
    supplier_organization_id: string;
    customer_name: string;
    timezone: string | null;
  }>;
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    status: row.status,
    deadline: effectiveDeadline(row.end_date ? asDate(row.end_date) : null, asDate(row.calendar_deadline)) ?? asDate(row.calendar_deadline),
    createdAt: asDate(row.created_at),
    supplierOrganizationId: row.supplier_organization_id,
    customerName: row.customer_name,
    timeZone: validTimeZone(row.timezone),
  }));
};

type SupplierUser = { organizationId: string; userId: string; email: string; remindersMuted: boolean };

/** Users of these organizations holding a role that can answer a request (`calendar:update`), not locked. */
const answeringUsers = async (executor: Executor, organizationIds: readonly string[], now: Date): Promise<SupplierUser[]> => {
  if (organizationIds.length === 0) return [];
  const ids = sql.join(
    organizationIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const { rows } = (await executor.execute(sql`
    SELECT DISTINCT ur.organization_id, u.id AS user_id, u.email, u.locked_at, u.locked_until,
           coalesce(ns.reminders_muted, false) AS reminders_muted
    FROM user_roles ur
    JOIN users u ON u.id = ur.user_id
    JOIN authorization_roles r ON r.id = ur.role_id AND (r.organization_id IS NULL OR r.organization_id = ur.organization_id)
    JOIN role_permissions rp ON rp.role_id = r.id
    JOIN authorization_permissions p ON p.id = rp.permission_id AND p.resource = 'calendar' AND p.action = 'update'
    LEFT JOIN user_notification_settings ns ON ns.user_id = u.id
    WHERE ur.organization_id IN (${ids})
    ORDER BY ur.organization_id, u.id`)) as unknown as Rows<{
    organization_id: string;
    user_id: string;
    email: string;
    locked_at: Date | string | null;
    locked_until: Date | string | null;
    reminders_muted: boolean;
  }>;
  return rows
    .filter(
      (row) =>
        !isLocked(
          { lockedAt: row.locked_at ? asDate(row.locked_at) : null, lockedUntil: row.locked_until ? asDate(row.locked_until) : null },
          now,
        ),
    )
    .map((row) => ({ organizationId: row.organization_id, userId: row.user_id, email: row.email, remindersMuted: row.reminders_muted }));
};

/** What is due now, for whom, and which digests already went today. */
export const dueReminders = async (
  executor: Executor,
  schedule: ReminderSchedule,
  now: Date,
  scope: PassScope = {},
): Promise<{ due: DueReminder[]; sentDigestKeys: Set<string> }> => {
  const tasks = await openTasks(executor, schedule, now, scope);
  if (tasks.length === 0) return { due: [], sentDigestKeys: new Set() };
  const users = await answeringUsers(executor, [...new Set(tasks.map((t) => t.supplierOrganizationId))], now);
  const sent = await executor
    .select({ key: reminderDeliveries.key, userId: reminderDeliveries.userId })
    .from(reminderDeliveries)
    .where(
      inArray(
        reminderDeliveries.taskId,
        tasks.map((t) => t.id),
      ),
    );
  const sentByUser = new Map<string, Set<string>>();
  for (const row of sent) {
    const keys = sentByUser.get(row.userId) ?? new Set<string>();
    keys.add(row.key);
    sentByUser.set(row.userId, keys);
  }
  const due: DueReminder[] = [];
  for (const task of tasks) {
    const points = reminderPointsFor({ taskId: task.id, deadline: task.deadline, schedule, timeZone: task.timeZone });
    for (const user of users) {
      if (user.organizationId !== task.supplierOrganizationId) continue;
      const [point] = remindersDue({
        points,
        deadline: task.deadline,
        status: task.status,
        now,
        notBefore: task.createdAt,
        sentKeys: sentByUser.get(user.userId) ?? new Set(),
      });
      if (point) {
        due.push({ userId: user.userId, email: user.email, timeZone: task.timeZone, remindersMuted: user.remindersMuted, point, task });
      }
    }
  }
  const candidateKeys = [...new Set(due.map((r) => digestKey(r.userId, digestDay(now, r.timeZone))))];
  const sentDigestKeys = new Set<string>();
  if (candidateKeys.length > 0) {
    const rows = await executor
      .select({ key: reminderDigests.key })
      .from(reminderDigests)
      .where(inArray(reminderDigests.key, candidateKeys));
    for (const row of rows) sentDigestKeys.add(row.key);
  }
  return { due, sentDigestKeys };
};

const deliveryOf = (reminder: DueReminder, outcome: 'sent' | 'skipped', digestKey: string | null) => ({
  key: reminder.point.key,
  userId: reminder.userId,
  taskId: reminder.task.id,
  kind: reminder.point.kind,
  offsetDays: reminder.point.offsetDays,
  outcome,
  digestKey,
});

/** Thrown inside a digest's transaction when another pass already recorded every reminder of it: nothing to keep. */
class NothingNew extends Error {}

/** Stores one digest and its reminders, once; answers what this pass recorded (null: another pass had). */
const recordDigest = async (
  services: ReminderServices,
  digest: Digest<DueReminder>,
  now: Date,
): Promise<{ reminders: DueReminder[]; mail: MailMessage } | null> => {
  try {
    return await services.db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(reminderDigests)
        .values({ key: digest.key, userId: digest.userId, day: digest.day, reminderCount: digest.reminders.length })
        .onConflictDoNothing()
        .returning({ key: reminderDigests.key });
      if (!claimed) return null;
      const inserted = await tx
        .insert(reminderDeliveries)
        .values(digest.reminders.map((r) => deliveryOf(r, 'sent', digest.key)))
        .onConflictDoNothing()
        .returning({ key: reminderDeliveries.key });
      const keys = new Set(inserted.map((row) => row.key));
      const reminders = digest.reminders.filter((r) => keys.has(r.point.key));
      if (reminders.length === 0) throw new NothingNew();
      if (reminders.length !== digest.reminders.length) {
        await tx.update(reminderDigests).set({ reminderCount: reminders.length }).where(eq(reminderDigests.key, digest.key));
      }
      const email = reminders[0]?.email ?? '';
      return { reminders, mail: reminderDigestEmail(services.env, { email, day: digest.day, now, reminders }) };
    });
  } catch (error) {
    if (error instanceof NothingNew) return null;
    throw error;
  }
};

/** Runs one pass at `now` (the server clock); safe to run twice or at once in two processes. */
export const runReminderPass = async (services: ReminderServices, now: Date, scope: PassScope = {}): Promise<ReminderPassResult> => {
  const schedule = scheduleOf(services.env);
  const { due, sentDigestKeys } = await dueReminders(services.db, schedule, now, scope);
  const { digests, skipped } = groupIntoDigests({ reminders: due, now, sentDigestKeys });

  let skippedCount = 0;
  if (skipped.length > 0) {
    const inserted = await services.db
      .insert(reminderDeliveries)
      .values(skipped.map((r) => deliveryOf(r, 'skipped', null)))
      .onConflictDoNothing()
      .returning({ key: reminderDeliveries.key });
    skippedCount = inserted.length;
  }

  const result: ReminderPassResult = { now, sent: 0, skipped: skippedCount, digests: [] };
  for (const digest of digests) {
    const recorded = await recordDigest(services, digest, now);
    if (!recorded) continue;
    try {
      await services.mailer.send(recorded.mail);
    } catch (error) {
      // The keys stand (a reminder goes at most once); the log says whose digest did not leave.
      services.logger.error({ err: error, userId: digest.userId, digest: digest.key }, 'could not send a reminder digest');
    }
    result.sent += recorded.reminders.length;
    result.digests.push({
      key: digest.key,
      userId: digest.userId,
      email: recorded.reminders[0]?.email ?? '',
      day: digest.day,
      reminders: recorded.reminders.map((r) => ({
        taskId: r.task.id,
        title: r.task.title,
        customerName: r.task.customerName,
        kind: r.point.kind,
        offsetDays: r.point.offsetDays,
        key: r.point.key,
      })),
    });
  }
  if (result.sent > 0 || result.skipped > 0) {
    services.logger.info({ sent: result.sent, skipped: result.skipped, digests: result.digests.length }, 'reminder pass');
  }
  return result;
};
