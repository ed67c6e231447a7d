import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REMINDER_SCHEDULE,
  digestDay,
  groupIntoDigests,
  type PendingReminder,
  type ReminderPoint,
  type ReminderSchedule,
  reminderKeysToForget,
  reminderPointsFor,
  reminderScheduleSchema,
  remindersDue,
} from './reminders.ts';
import type { CalendarTaskStatus } from './statuses.ts';
import { addDays, zonedTime } from './zoned-time.ts';

const schedule: ReminderSchedule = { daysBefore: [14, 7, 2, 0], overdueEveryDays: 3, overdueForDays: 10, sendHour: 9 };
const summary = (points: ReminderPoint[]) => points.map((p) => [p.key, p.at.toISOString()]);

describe('reminder points', () => {
  it('keeps 09:00 local across the spring clock change (Copenhagen, 29 March 2026)', () => {
    // Deadline Friday 3 April 2026 17:00 summer time.
    const points = reminderPointsFor({ taskId: 't1', deadline: new Date('2026-04-03T15:00:00Z'), schedule, timeZone: 'Europe/Copenhagen' });
    expect(summary(points)).toEqual([
      ['t1:before_deadline:14', '2026-03-20T08:00:00.000Z'],
      ['t1:before_deadline:7', '2026-03-27T08:00:00.000Z'],
      ['t1:before_deadline:2', '2026-04-01T07:00:00.000Z'],
      ['t1:before_deadline:0', '2026-04-03T07:00:00.000Z'],
      ['t1:overdue:3', '2026-04-06T07:00:00.000Z'],
      ['t1:overdue:6', '2026-04-09T07:00:00.000Z'],
      ['t1:overdue:9', '2026-04-12T07:00:00.000Z'],
    ]);
  });

  it('keeps 09:00 local across the autumn clock change (New York, 1 November 2026)', () => {
    // Deadline Thursday 5 November 2026 18:00 standard time.
    const points = reminderPointsFor({
      taskId: 't2',
      deadline: new Date('2026-11-05T23:00:00Z'),
      schedule: { ...schedule, daysBefore: [7, 0], overdueEveryDays: null },
      timeZone: 'America/New_York',
    });
    expect(summary(points)).toEqual([
      ['t2:before_deadline:7', '2026-10-29T13:00:00.000Z'],
      ['t2:before_deadline:0', '2026-11-05T14:00:00.000Z'],
    ]);
  });

  it('counts across a year end and drops the day-of reminder when the deadline is earlier in the day', () => {
    const points = reminderPointsFor({ taskId: 't3', deadline: new Date('2027-01-01T00:00:00Z'), schedule, timeZone: 'UTC' });
    expect(summary(points)).toEqual([
      ['t3:before_deadline:14', '2026-12-18T09:00:00.000Z'],
      ['t3:before_deadline:7', '2026-12-25T09:00:00.000Z'],
      ['t3:before_deadline:2', '2026-12-30T09:00:00.000Z'],
      ['t3:overdue:3', '2027-01-04T09:00:00.000Z'],
      ['t3:overdue:6', '2027-01-07T09:00:00.000Z'],
      ['t3:overdue:9', '2027-01-10T09:00:00.000Z'],
    ]);
  });

  it('counts back over the end of February in leap and common years', () => {
    const twoBefore = (deadline: string) =>
      reminderPointsFor({ taskId: 't', deadline: new Date(deadline), schedule: { ...schedule, daysBefore: [2] }, timeZone: 'UTC' })[0]?.at;
    expect(twoBefore('2028-03-01T12:00:00Z')?.toISOString()).toBe('2028-02-28T09:00:00.000Z');
    expect(twoBefore('2027-03-01T12:00:00Z')?.toISOString()).toBe('2027-02-27T09:00:00.000Z');
    expect(twoBefore('2026-05-01T12:00:00Z')?.toISOString()).toBe('2026-04-29T09:00:00.000Z');
  });

  it("counts days from the deadline's local date, not its UTC date (Tokyo)", () => {
    // 1 June 2026 05:00 in Tokyo is still 31 May in UTC.
    const points = reminderPointsFor({
      taskId: 't4',
      deadline: new Date('2026-05-31T20:00:00Z'),
      schedule: { ...schedule, daysBefore: [2, 0], overdueForDays: 3 },
      timeZone: 'Asia/Tokyo',
    });
    expect(summary(points)).toEqual([
      ['t4:before_deadline:2', '2026-05-30T00:00:00.000Z'],
      ['t4:overdue:3', '2026-06-04T00:00:00.000Z'],
    ]);
  });

  it('sends no overdue reminders when switched off', () => {
    const points = reminderPointsFor({
      taskId: 't',
      deadline: new Date('2026-06-30T15:00:00Z'),
      schedule: { ...schedule, overdueEveryDays: null },
      timeZone: 'UTC',
    });
    expect(points.every((p) => p.kind === 'before_deadline')).toBe(true);
  });
});

describe('wall-clock times', () => {
  it('reads a time skipped in spring as after the gap, and a doubled autumn time as the first', () => {
    expect(zonedTime({ year: 2026, month: 3, day: 29 }, 2, 30, 'Europe/Copenhagen').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(zonedTime({ year: 2026, month: 10, day: 25 }, 2, 30, 'Europe/Copenhagen').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(zonedTime({ year: 2026, month: 10, day: 25 }, 9, 0, 'Europe/Copenhagen').toISOString()).toBe('2026-10-25T08:00:00.000Z');
  });

  it('adds days across month and year ends', () => {
    expect(addDays({ year: 2026, month: 12, day: 30 }, 3)).toEqual({ year: 2027, month: 1, day: 2 });
    expect(addDays({ year: 2024, month: 3, day: 1 }, -1)).toEqual({ year: 2024, month: 2, day: 29 });
    expect(addDays({ year: 2026, month: 1, day: 31 }, 30)).toEqual({ year: 2026, month: 3, day: 2 });
  });
});

describe('reminders due', () => {
  const deadline = new Date('2026-04-03T15:00:00Z');
  const points = reminderPointsFor({ taskId: 't1', deadline, schedule, timeZone: 'Europe/Copenhagen' });
  const base = {
    points,
    deadline,
    status: 'requested' as CalendarTaskStatus,
    notBefore: new Date('2026-03-01T00:00:00Z'),
    sentKeys: new Set<string>(),
  };
  const due = (now: string, extra: Partial<typeof base> = {}) => remindersDue({ ...base, ...extra, now: new Date(now) }).map((p) => p.key);

  it('sends nothing before the first point and the point itself once it has passed', () => {
    expect(due('2026-03-20T07:59:59Z')).toEqual([]);
    expect(due('2026-03-20T08:00:00Z')).toEqual(['t1:before_deadline:14']);
  });

  it('sends nothing again once sent: a restart finds the key and stops', () => {
    expect(due('2026-03-20T10:00:00Z', { sentKeys: new Set(['t1:before_deadline:14']) })).toEqual([]);
  });

  it('sends only the latest passed point after an outage, and nothing older after that', () => {
    expect(due('2026-03-28T12:00:00Z')).toEqual(['t1:before_deadline:7']);
    expect(due('2026-03-28T12:00:00Z', { sentKeys: new Set(['t1:before_deadline:7']) })).toEqual([]);
  });

  it('never sends "due soon" once the deadline has passed; the overdue ones take over', () => {
    expect(due('2026-04-03T15:00:01Z')).toEqual([]);
    expect(due('2026-04-06T07:00:00Z')).toEqual(['t1:overdue:3']);
    expect(due('2026-04-20T07:00:00Z', { sentKeys: new Set(['t1:overdue:3']) })).toEqual(['t1:overdue:9']);
  });

  it('skips points that passed before the request was sent', () => {
    expect(due('2026-03-25T10:00:00Z', { notBefore: new Date('2026-03-22T10:00:00Z') })).toEqual([]);
    expect(due('2026-03-27T08:00:00Z', { notBefore: new Date('2026-03-22T10:00:00Z') })).toEqual(['t1:before_deadline:7']);
  });

  it('reminds only while the supplier has to act', () => {
    for (const status of ['submitted', 'accepted', 'cancelled'] as const) expect(due('2026-04-06T07:00:00Z', { status })).toEqual([]);
    for (const status of ['in_progress', 'returned'] as const) expect(due('2026-04-06T07:00:00Z', { status })).toEqual(['t1:overdue:3']);
  });

  it('forgets sent reminders that fall in the future again after the deadline moves later', () => {
    const later = reminderPointsFor({ taskId: 't1', deadline: new Date('2026-04-17T15:00:00Z'), schedule, timeZone: 'Europe/Copenhagen' });
    const sent = ['t1:before_deadline:14', 't1:before_deadline:7', 't1:before_deadline:2'];
    expect(reminderKeysToForget(sent, later, new Date('2026-04-03T12:00:00Z'))).toEqual(['t1:before_deadline:7', 't1:before_deadline:2']);
    expect(reminderKeysToForget(sent, points, new Date('2026-04-02T12:00:00Z'))).toEqual([]);
  });
});

describe('digests', () => {
  it("puts a moment on the supplier's local day", () => {
    expect(digestDay(new Date('2026-03-28T23:30:00Z'), 'Europe/Copenhagen')).toBe('2026-03-29');
    expect(digestDay(new Date('2026-03-28T23:30:00Z'), 'UTC')).toBe('2026-03-28');
    expect(digestDay(new Date('2026-12-31T20:00:00Z'), 'Pacific/Auckland')).toBe('2027-01-01');
  });

  it('gathers a user’s reminders into one digest per day, skips muted users and holds those already sent today', () => {
    const point = (key: string, at: string): ReminderPoint => ({ kind: 'before_deadline', offsetDays: 7, at: new Date(at), key });
    const reminder = (userId: string, key: string, at: string, remindersMuted = false): PendingReminder => ({
      userId,
      timeZone: 'Europe/Copenhagen',
      remindersMuted,
      point: point(key, at),
    });
    const now = new Date('2026-03-27T08:05:00Z');
    const result = groupIntoDigests({
      reminders: [
        reminder('ana', 'b:before_deadline:7', '2026-03-27T08:00:00Z'),
        reminder('ana', 'a:before_deadline:14', '2026-03-27T07:00:00Z'),
        reminder('bo', 'c:before_deadline:7', '2026-03-27T08:00:00Z', true),
        reminder('cy', 'd:before_deadline:7', '2026-03-27T08:00:00Z'),
      ],
      now,
      sentDigestKeys: new Set(['cy:2026-03-27']),
    });
    expect(result.digests.map((d) => [d.key, d.reminders.map((r) => r.point.key)])).toEqual([
      ['ana:2026-03-27', ['a:before_deadline:14', 'b:before_deadline:7']],
    ]);
    expect(result.skipped.map((r) => r.userId)).toEqual(['bo']);
    expect(result.held.map((r) => r.userId)).toEqual(['cy']);
  });
});

describe('reminder schedule setting', () => {
  it('sorts and de-duplicates the days before, and accepts the default', () => {
    expect(reminderScheduleSchema.parse({ ...DEFAULT_REMINDER_SCHEDULE, daysBefore: [2, 14, 7, 2] }).daysBefore).toEqual([14, 7, 2]);
    expect(reminderScheduleSchema.safeParse(DEFAULT_REMINDER_SCHEDULE).success).toBe(true);
  });

  it('refuses fractional, negative or too many days, an hour out of range and an interval longer than the period', () => {
    const message = (input: object) => reminderScheduleSchema.safeParse({ ...DEFAULT_REMINDER_SCHEDULE, ...input }).error?.issues[0];
    expect(message({ daysBefore: [1.5] })?.message).toBe('Days before the deadline must be a whole number of days');
    expect(message({ daysBefore: [-1] })?.message).toBe('Days before the deadline must be at least 0');
    expect(message({ daysBefore: Array.from({ length: 11 }, (_, i) => i) })?.message).toBe('At most 10 reminders before the deadline');
    expect(message({ sendHour: 24 })?.message).toBe('The hour must be between 0 and 23');
    expect(message({ overdueEveryDays: 0 })?.message).toBe('Days between overdue reminders must be at least 1');
    const long = message({ overdueEveryDays: 14, overdueForDays: 7 });
    expect(long?.message).toBe('Days between overdue reminders cannot be more than the days of overdue reminders');
    expect(long?.path).toEqual(['overdueEveryDays']);
  });
});
