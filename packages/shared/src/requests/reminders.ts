import { z } from 'zod';
import { type CalendarTaskStatus, OPEN_CALENDAR_TASK_STATUSES } from './statuses.ts';
import { addDays, formatLocalDate, localDateOf, zonedTime } from './zoned-time.ts';

/**
 * Reminder emails for data requests, as pure schedule arithmetic: when each reminder falls, the key that makes
 * sending it idempotent, which one is due now given what was sent, and the day whose digest carries it. The
 * job that sends them (and the user's mute setting) lives in the API. See docs/decisions/0016-data-request-statuses.md.
 */

export type ReminderSchedule = {
  /** Days before the deadline's date, such as 14, 7, 2 and 0 (on the day itself). */
  daysBefore: readonly number[];
  /** After the deadline, one reminder every this many days; null sends none. */
  overdueEveryDays: number | null;
  /** The last overdue reminder falls at most this many days after the deadline's date. */
  overdueForDays: number;
  /** Local hour (0-23, in the supplier's time zone) at which reminders fall. */
  sendHour: number;
};

export const DEFAULT_REMINDER_SCHEDULE: ReminderSchedule = {
  daysBefore: [14, 7, 2, 0],
  overdueEveryDays: 3,
  overdueForDays: 30,
  sendHour: 9,
};

/** Days in a reminder schedule can reach this far. */
export const MAX_REMINDER_DAYS = 365;
export const MAX_REMINDERS_BEFORE_DEADLINE = 10;

const days = (label: string, min: number) =>
  z
    .number({ error: `${label} must be a number of days` })
    .int({ error: `${label} must be a whole number of days` })
    .min(min, { error: `${label} must be at least ${min}` })
    .max(MAX_REMINDER_DAYS, { error: `${label} must be at most ${MAX_REMINDER_DAYS}` });

export const reminderScheduleSchema = z
  .object({
    daysBefore: z
      .array(days('Days before the deadline', 0))
      .max(MAX_REMINDERS_BEFORE_DEADLINE, { error: `At most ${MAX_REMINDERS_BEFORE_DEADLINE} reminders before the deadline` })
      .transform((list) => [...new Set(list)].sort((a, b) => b - a)),
    overdueEveryDays: days('Days between overdue reminders', 1).nullable(),
    overdueForDays: days('Days of overdue reminders', 0),
    sendHour: z
      .number({ error: 'The hour must be a number' })
      .int({ error: 'The hour must be a whole hour' })
      .min(0, { error: 'The hour must be between 0 and 23' })
      .max(23, { error: 'The hour must be between 0 and 23' }),
  })
  .refine((s) => s.overdueEveryDays === null || s.overdueEveryDays <= s.overdueForDays || s.overdueForDays === 0, {
    error: 'Days between overdue reminders cannot be more than the days of overdue reminders',
    path: ['overdueEveryDays'],
  });

/** A user's reminder preference: muted users get no reminder emails (the request email itself still goes). */
export const reminderPreferenceSchema = z.object({ remindersMuted: z.boolean({ error: 'remindersMuted must be true or false' }) });

export const REMINDER_KINDS = ['before_deadline', 'overdue'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export type ReminderPoint = {
  kind: ReminderKind;
  /** Days before (`before_deadline`) or after (`overdue`) the deadline's local date. */
  offsetDays: number;
  /** When it falls. */
  at: Date;
  /** `<taskId>:<kind>:<offsetDays>`: stored with a unique index when sent, so it is sent once. */
  key: string;
};

export const reminderKey = (taskId: string, kind: ReminderKind, offsetDays: number) => `${taskId}:${kind}:${offsetDays}`;

/**
 * Every reminder of a task, in time order. Each falls at `sendHour` local time on a date counted from the
 * deadline's local date. One before the deadline that would fall at or after the deadline (the day's reminder
 * when the deadline is earlier in the day than `sendHour`) is left out: the overdue ones take over.
 */
export const reminderPointsFor = (input: {
  taskId: string;
  deadline: Date;
  schedule: ReminderSchedule;
  timeZone: string;
}): ReminderPoint[] => {
  const { taskId, deadline, schedule, timeZone } = input;
  const deadlineDate = localDateOf(deadline, timeZone);
  const at = (offset: number) => zonedTime(addDays(deadlineDate, offset), schedule.sendHour, 0, timeZone);
  const points: ReminderPoint[] = [];
  for (const offset of new Set(schedule.daysBefore)) {
    const moment = at(-offset);
    if (moment.getTime() < deadline.getTime())
      points.push({ kind: 'before_deadline', offsetDays: offset, at: moment, key: reminderKey(taskId, 'before_deadline', offset) });
  }
  if (schedule.overdueEveryDays !== null)
    for (let offset = schedule.overdueEveryDays; offset <= schedule.overdueForDays; offset += schedule.overdueEveryDays)
      points.push({ kind: 'overdue', offsetDays: offset, at: at(offset), key: reminderKey(taskId, 'overdue', offset) });
  return points.sort((a, b) => a.at.getTime() - b.at.getTime());
};

/**
 * The reminder to send now, if any (a list of at most one). Only the latest point that has passed counts: a job
 * that was down sends one current reminder, never a pile of stale ones, and once it is sent the earlier unsent
 * ones are behind it for good. Nothing goes for a task the supplier no longer has to act on, for points that
 * passed before the request was sent (`notBefore`: its own email said it all), or "due in 2 days" after the
 * deadline.
 */
export const remindersDue = (input: {
  points: readonly ReminderPoint[];
  deadline: Date;
  status: CalendarTaskStatus;
  now: Date;
  notBefore: Date;
  sentKeys: ReadonlySet<string>;
}): ReminderPoint[] => {
  const { points, deadline, status, now, notBefore, sentKeys } = input;
  if (!OPEN_CALENDAR_TASK_STATUSES.includes(status)) return [];
  const passed = points.filter((p) => p.at.getTime() <= now.getTime() && p.at.getTime() > notBefore.getTime());
  const latest = passed.reduce<ReminderPoint | undefined>((a, p) => (!a || p.at.getTime() > a.at.getTime() ? p : a), undefined);
  if (!latest || sentKeys.has(latest.key)) return [];
  if (latest.kind === 'before_deadline' && now.getTime() >= deadline.getTime()) return [];
  return [latest];
};

/**
 * Keys of sent reminders to forget when a deadline moves later: those whose point now falls after `now`, so
 * the supplier is reminded again for the new date. Moving a deadline earlier forgets nothing.
 */
export const reminderKeysToForget = (sentKeys: Iterable<string>, newPoints: readonly ReminderPoint[], now: Date): string[] => {
  const future = new Set(newPoints.filter((p) => p.at.getTime() > now.getTime()).map((p) => p.key));
  return [...sentKeys].filter((key) => future.has(key));
};

// Digest ----------------------------------------------------------------------------------------

/** The local date (`YYYY-MM-DD`) whose digest email carries a reminder falling at `moment`. */
export const digestDay = (moment: Date, timeZone: string): string => formatLocalDate(localDateOf(moment, timeZone));

/** `<userId>:<day>`: one digest per supplier user per day, sent once. */
export const digestKey = (userId: string, day: string) => `${userId}:${day}`;

export type PendingReminder = {
  userId: string;
  /** The supplier user's time zone (their organization's setting): it decides the day. */
  timeZone: string;
  /** The user's mute setting. */
  remindersMuted: boolean;
  point: ReminderPoint;
};

export type Digest<R extends PendingReminder> = { key: string; userId: string; day: string; reminders: R[] };

/**
 * Due reminders gathered into one digest per user and local day of `now`. A muted user's reminders come back
 * as `skipped` (recorded under their keys like sent ones, so unmuting never sends old news). A user whose digest
 * for today already went keeps theirs for tomorrow's: `held`, not recorded.
 */
export const groupIntoDigests = <R extends PendingReminder>(input: {
  reminders: readonly R[];
  now: Date;
  sentDigestKeys: ReadonlySet<string>;
}): { digests: Digest<R>[]; skipped: R[]; held: R[] } => {
  const digests = new Map<string, Digest<R>>();
  const skipped: R[] = [];
  const held: R[] = [];
  for (const reminder of input.reminders) {
    if (reminder.remindersMuted) {
      skipped.push(reminder);
      continue;
    }
    const day = digestDay(input.now, reminder.timeZone);
    const key = digestKey(reminder.userId, day);
    if (input.sentDigestKeys.has(key)) {
      held.push(reminder);
      continue;
    }
    const digest = digests.get(key) ?? { key, userId: reminder.userId, day, reminders: [] };
    digest.reminders.push(reminder);
    digests.set(key, digest);
  }
  for (const digest of digests.values()) digest.reminders.sort((a, b) => a.point.at.getTime() - b.point.at.getTime());
  return { digests: [...digests.values()], skipped, held };
};
