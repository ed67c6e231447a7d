import { randomUUID } from 'node:crypto';
import { auditLogs } from '@tidewise/db/schema/audit';
import { calendars, calendarTasks, reminderDeliveries } from '@tidewise/db/schema/requests';
import { reminderKeysToForget, reminderPointsFor } from '@tidewise/shared/requests/reminders';
import { addDays, localDateOf, zonedTime } from '@tidewise/shared/requests/zoned-time';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.ts';
import { now, resetClock } from '../../lib/clock.ts';
import { clientFor, errorOf, type Mail, type Mailbox, outboxMailbox, seen, uniqueEmail } from '../../test/auth-test-kit.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { type Admin, invitationToken, newOrganization, registerFromToken } from '../../test/organization-test-kit.ts';
import { runReminderPass, scheduleOf } from './reminder-pass.ts';

const ZONE = 'Europe/Copenhagen';
const DAY_MS = 24 * 60 * 60 * 1000;

const PREFERENCE = 'query { reminderPreference { remindersMuted } }';
const UPDATE_PREFERENCE = `mutation($input: ReminderPreferenceInput!) { updateReminderPreference(input: $input) { remindersMuted } }`;

type SupplierUser = { email: string; userId: string; token: string };

let server: TestServer;
let mailbox: Mailbox;
let customerOne: Admin;
let customerTwo: Admin;
let supplierId: string;
let users: SupplierUser[];

/** A supplier organization with two registered users who can answer requests (both invited by its customer). */
const newSupplier = async (customer: Admin, name: string): Promise<{ organizationId: string; users: SupplierUser[] }> => {
  const emails = [uniqueEmail('answering'), uniqueEmail('muting')];
  let organizationId = '';
  for (const email of emails) {
    const invited = await customer.client.gql<{ inviteSupplier: { relationship: { supplierOrganization: { id: string } } } }>(
      'mutation($input: InviteSupplierInput!) { inviteSupplier(input: $input) { relationship { supplierOrganization { id } } } }',
      { input: { organizationName: name, email, firstName: 'Sigrid', lastName: 'Vik' } },
      customer.token,
    );
    const id = invited.data?.inviteSupplier.relationship.supplierOrganization.id;
    if (!id) throw new Error(`inviteSupplier failed: ${JSON.stringify(invited.errors)}`);
    if (organizationId && id !== organizationId) throw new Error('the second contact went to another organization');
    organizationId = id;
  }
  const registered: SupplierUser[] = [];
  for (const email of emails) {
    const { token } = await invitationToken(mailbox, email);
    const session = await registerFromToken(clientFor(server), mailbox, email, token);
    registered.push({ email, userId: session.user.id, token: session.token });
  }
  return { organizationId, users: registered };
};

/** A data request as the requests module stores it (sent at the real time, so `created_at` is the send time). */
const newRequest = async (customer: Admin, title: string, deadline: Date) => {
  const db = server.database.db;
  const [calendar] = await db.insert(calendars).values({ organizationId: customer.organizationId, deadline }).returning();
  const [task] = await db
    .insert(calendarTasks)
    .values({
      calendarId: calendar?.id ?? '',
      organizationId: customer.organizationId,
      supplierOrganizationId: supplierId,
      taskType: 'data_request',
      title,
      endDate: deadline,
      requiredUploadPurpose: 'vessel_fuel_consumption',
    })
    .returning();
  if (!task) throw new Error('no task');
  return task;
};

/** Moves the clock to a local time of the supplier, days after today's local date. */
const localMoment = (days: number, hour: number, minute = 0) => zonedTime(addDays(localDateOf(new Date(), ZONE), days), hour, minute, ZONE);

/** A pass at the server clock over this file's supplier only (PostgreSQL runs share their database). */
const pass = () => runReminderPass(server.app.services, now(), { supplierOrganizationIds: [supplierId] });

const clockTo = async (moment: Date) => {
  const response = await fetch(`${server.url}/test/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMs: Math.max(0, moment.getTime() - now().getTime()) }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { now: string; sent: number; digests: { userId: string; reminders: { taskId: string }[] }[] };
};

const newMail = async (email: string, before: Set<string>): Promise<Mail[]> =>
  (await mailbox.list(email)).filter((mail) => !before.has(mail.id) && mail.subject.startsWith('Reminder'));

const deliveries = (taskIds: string[]) =>
  server.database.db
    .select({ key: reminderDeliveries.key, userId: reminderDeliveries.userId, outcome: reminderDeliveries.outcome })
    .from(reminderDeliveries)
    .where(inArray(reminderDeliveries.taskId, taskIds));

beforeAll(async () => {
  // No job workers: the hourly pass must not run between the steps of this file.
  server = await startTestServer({
    TRUST_PROXY: 'true',
    TEST_HOOKS: 'true',
    JOBS_ENABLED: 'false',
    APP_URL: 'https://app.tidewise.example',
  });
  mailbox = outboxMailbox(server);
  customerOne = await newOrganization(server, mailbox, `Skagen Ferries ${randomUUID().slice(0, 4)}`);
  customerTwo = await newOrganization(server, mailbox, `Bornholm Lines ${randomUUID().slice(0, 4)}`);
  const supplier = await newSupplier(customerOne, `Kattegat Bunkers ${randomUUID().slice(0, 4)}`);
  supplierId = supplier.organizationId;
  users = supplier.users;
}, 120_000);

afterEach(() => {
  resetClock();
});

afterAll(async () => {
  resetClock();
  await server?.close();
});

describe('reminder configuration', () => {
  it('reads the schedule from the environment and refuses the test hook in production', () => {
    expect(scheduleOf(loadEnv({}))).toEqual({ daysBefore: [14, 7, 2, 0], overdueEveryDays: 3, overdueForDays: 30, sendHour: 9 });
    expect(
      scheduleOf(
        loadEnv({
          REMINDER_DAYS_BEFORE: '1, 10,3',
          REMINDER_OVERDUE_EVERY_DAYS: '0',
          REMINDER_OVERDUE_FOR_DAYS: '5',
          REMINDER_LOCAL_HOUR: '7',
        }),
      ),
    ).toEqual({ daysBefore: [10, 3, 1], overdueEveryDays: null, overdueForDays: 5, sendHour: 7 });
    expect(() => loadEnv({ REMINDER_DAYS_BEFORE: '7,two' })).toThrow('REMINDER_DAYS_BEFORE: must be whole days between 0 and 365');
    expect(() => loadEnv({ REMINDER_LOCAL_HOUR: '24' })).toThrow('REMINDER_LOCAL_HOUR: must be at most 23 (got "24")');
    expect(() => loadEnv({ NODE_ENV: 'production', TEST_HOOKS: 'true' })).toThrow('TEST_HOOKS: must not be true with NODE_ENV=production');
    expect(loadEnv({}).TEST_HOOKS).toBe(false);
  });

  it('answers 404 on /test/clock without TEST_HOOKS, and moves nothing', async () => {
    const plain = await startTestServer({ JOBS_ENABLED: 'false' });
    try {
      const before = now().getTime();
      const response = await fetch(`${plain.url}/test/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advanceMs: DAY_MS }),
      });
      expect(response.status).toBe(404);
      expect(now().getTime() - before).toBeLessThan(DAY_MS / 2);
    } finally {
      await plain.close();
    }
  });

  it('refuses a clock moved back or a body that is not the number of milliseconds', async () => {
    for (const body of ['{"advanceMs": -5}', '{"advanceMs": "soon"}', 'not json']) {
      const response = await fetch(`${server.url}/test/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(response.status).toBe(400);
    }
    expect((await fetch(`${server.url}/test/clock`)).status).toBe(405);
  });
});

describe('reminder preference', () => {
  it('is not muted until the user mutes it; changes are audited', async () => {
    const [user] = users;
    if (!user) throw new Error('no supplier user');
    const client = clientFor(server);
    expect((await client.gql(PREFERENCE, {}, user.token)).data).toEqual({ reminderPreference: { remindersMuted: false } });
    expect((await client.gql(UPDATE_PREFERENCE, { input: { remindersMuted: true } }, user.token)).data).toEqual({
      updateReminderPreference: { remindersMuted: true },
    });
    expect((await client.gql(PREFERENCE, {}, user.token)).data).toEqual({ reminderPreference: { remindersMuted: true } });
    await client.gql(UPDATE_PREFERENCE, { input: { remindersMuted: false } }, user.token);
    const rows = await server.database.db
      .select({ description: auditLogs.description, changes: auditLogs.changes })
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, user.userId), eq(auditLogs.action, 'updateReminderPreference')))
      .orderBy(auditLogs.sequence);
    expect(rows).toEqual([
      { description: 'Muted reminder emails', changes: { remindersMuted: { before: false, after: true } } },
      { description: 'Unmuted reminder emails', changes: { remindersMuted: { before: true, after: false } } },
    ]);
    expect(errorOf(await client.gql(PREFERENCE, {})).code).toBe('UNAUTHENTICATED');
  });
});

describe('reminders across a moved clock', () => {
  it('sends each reminder once, in one digest per user and day, skips muted users for good, and reminds again for a moved deadline', async () => {
    const [answering, muting] = users;
    if (!answering || !muting) throw new Error('no supplier users');
    const deadline = localMoment(10, 17);
    const fromOne = await newRequest(customerOne, 'Fuel consumption 2025', deadline);
    const fromTwo = await newRequest(customerTwo, 'Voyages Q3 2025', deadline);
    const taskIds = [fromOne.id, fromTwo.id];
    const mine = <D extends { userId: string }>(result: { digests: D[] }) =>
      result.digests.filter((d) => d.userId === answering.userId || d.userId === muting.userId);

    // Sent today, 10 days ahead: the 14-day point fell before the request was sent, the 7-day one is days away.
    expect(mine(await pass())).toEqual([]);

    // 7 days before: one email to the user who answers, naming both customers' requests; the muted user's are recorded as skipped.
    const client = clientFor(server);
    await client.gql(UPDATE_PREFERENCE, { input: { remindersMuted: true } }, muting.token);
    const beforeSeven = { answering: await seen(mailbox, answering.email), muting: await seen(mailbox, muting.email) };
    const moved = await clockTo(localMoment(3, 9, 30));
    expect(new Date(moved.now).getTime()).toBeGreaterThanOrEqual(localMoment(3, 9, 30).getTime());
    expect(mine(moved).map((d) => ({ userId: d.userId, tasks: d.reminders.map((r) => r.taskId).sort() }))).toEqual([
      { userId: answering.userId, tasks: [...taskIds].sort() },
    ]);
    const [digest, ...more] = await newMail(answering.email, beforeSeven.answering);
    expect(more).toEqual([]);
    expect(digest?.subject).toBe('Reminder: 2 data requests need your answer');
    expect(digest?.text).toContain(`${customerOne.organizationName}: Fuel consumption 2025`);
    expect(digest?.text).toContain(`${customerTwo.organizationName}: Voyages Q3 2025`);
    expect(digest?.text).toContain('due in 7 days');
    expect(digest?.text).toContain(`https://app.tidewise.example/app/inbox/${fromOne.id}`);
    expect(digest?.text).toContain(`https://app.tidewise.example/app/inbox/${fromTwo.id}`);
    expect(digest?.text).toContain('17:00 (Europe/Copenhagen)');
    expect(digest?.text).toContain('turn them off in your account settings: https://app.tidewise.example/app/account');
    expect(await newMail(muting.email, beforeSeven.muting)).toEqual([]);
    expect((await deliveries(taskIds)).filter((d) => d.userId === muting.userId).map((d) => d.outcome)).toEqual(['skipped', 'skipped']);

    // Again at once, and after unmuting: nothing new for anyone (no old news).
    expect(mine(await clockTo(now()))).toEqual([]);
    await client.gql(UPDATE_PREFERENCE, { input: { remindersMuted: false } }, muting.token);
    expect(mine(await pass())).toEqual([]);
    expect(await newMail(muting.email, beforeSeven.muting)).toEqual([]);

    // 2 days before, two passes at once (two workers): each user gets exactly one email.
    const beforeTwo = { answering: await seen(mailbox, answering.email), muting: await seen(mailbox, muting.email) };
    const both = await Promise.all([
      runReminderPass(server.app.services, localMoment(8, 9, 30), { supplierOrganizationIds: [supplierId] }),
      runReminderPass(server.app.services, localMoment(8, 9, 30), { supplierOrganizationIds: [supplierId] }),
    ]);
    expect(
      both
        .flatMap(mine)
        .map((d) => d.userId)
        .sort(),
    ).toEqual([answering.userId, muting.userId].sort());
    expect(await newMail(answering.email, beforeTwo.answering)).toHaveLength(1);
    const [twoDays] = await newMail(muting.email, beforeTwo.muting);
    expect(twoDays?.text).toContain('due in 2 days');
    expect(await newMail(muting.email, beforeTwo.muting)).toHaveLength(1);

    // The customer moves its deadline 10 days later: the reminder keys of points now in the future are forgotten
    // (what updateCalendarTask does), so the supplier is reminded for the new date.
    const laterDeadline = localMoment(20, 17);
    const atMove = localMoment(8, 10);
    // Both users' keys: the same key once per user.
    const sentKeys = new Set((await deliveries([fromOne.id])).map((d) => d.key));
    const forget = reminderKeysToForget(
      sentKeys,
      reminderPointsFor({ taskId: fromOne.id, deadline: laterDeadline, schedule: scheduleOf(server.env), timeZone: ZONE }),
      atMove,
    );
    expect([...forget].sort()).toEqual([`${fromOne.id}:before_deadline:2`, `${fromOne.id}:before_deadline:7`]);
    await server.database.db.update(calendarTasks).set({ endDate: laterDeadline }).where(eq(calendarTasks.id, fromOne.id));
    await server.database.db
      .delete(reminderDeliveries)
      .where(and(eq(reminderDeliveries.taskId, fromOne.id), inArray(reminderDeliveries.key, forget)));
    // Today's digest went already: what falls due later today waits for tomorrow's.
    expect(mine(await runReminderPass(server.app.services, atMove, { supplierOrganizationIds: [supplierId] }))).toEqual([]);

    // 13 days on: the first request is due in 7 days again, the second is 3 days overdue; one email each.
    const beforeThirteen = await seen(mailbox, answering.email);
    const late = await runReminderPass(server.app.services, localMoment(13, 9, 30), { supplierOrganizationIds: [supplierId] });
    expect(mine(late).map((d) => d.reminders.map((r) => `${r.taskId}:${r.kind}:${r.offsetDays}`).sort())).toEqual([
      [`${fromOne.id}:before_deadline:7`, `${fromTwo.id}:overdue:3`].sort(),
      [`${fromOne.id}:before_deadline:7`, `${fromTwo.id}:overdue:3`].sort(),
    ]);
    const [lateMail] = await newMail(answering.email, beforeThirteen);
    expect(lateMail?.subject).toBe('Reminder: 2 data requests need your answer (1 overdue)');
    expect(lateMail?.text).toContain('overdue by 3 days');
    expect(lateMail?.text).toContain('due in 7 days');

    // Accepted or cancelled requests are not reminded of; the overdue one, every 3 days while open.
    await server.database.db.update(calendarTasks).set({ status: 'cancelled' }).where(eq(calendarTasks.id, fromOne.id));
    const sixteen = await runReminderPass(server.app.services, localMoment(16, 9, 30), { supplierOrganizationIds: [supplierId] });
    expect(mine(sixteen).map((d) => d.reminders.map((r) => r.key))).toEqual([[`${fromTwo.id}:overdue:6`], [`${fromTwo.id}:overdue:6`]]);
    const [single] = await newMail(answering.email, new Set([...beforeThirteen, ...(lateMail ? [lateMail.id] : [])]));
    expect(single?.subject).toBe(`Reminder: ${customerTwo.organizationName} asked for “Voyages Q3 2025”, overdue by 6 days`);
  }, 120_000);
});
