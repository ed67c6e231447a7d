import { calendarTasks, reminderDeliveries } from '@tidewise/db/schema/requests';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, resetClock } from '../../lib/clock.ts';
import { type Mailbox, outboxMailbox } from '../../test/auth-test-kit.ts';
import { dataOf, gqlOf, refusalOf } from '../../test/graphql-test-kit.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { auditRows } from '../../test/organization-test-kit.ts';
import { activeSupplierOf, customerAndSupplier, newCustomer, type Party } from '../../test/supplier-test-kit.ts';
import { createCalendar, createRequest, DAY, inDays, listTasks, readTask, TASK, TASKS, updateTask } from './requests-test-kit.ts';

let server: TestServer;
let mailbox: Mailbox;

beforeAll(async () => {
  server = await startTestServer({ APP_URL: 'https://app.tidewise.example' });
  mailbox = outboxMailbox(server);
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  resetClock();
});

const storedTask = async (id: string) => {
  const [row] = await server.database.db.select().from(calendarTasks).where(eq(calendarTasks.id, id));
  return row;
};

describe('data requests by hand', () => {
  let customer: Party;
  let supplier: Party;

  beforeAll(async () => {
    ({ customer, supplier } = await customerAndSupplier(server, mailbox, { customer: 'Skagerrak Lines', supplier: 'Limfjord Bunkers' }));
  });

  it('creates a calendar and a request to an active supplier, emails the supplier, audits it, and both sides read it', async () => {
    const gql = gqlOf(customer);
    const calendar = await createCalendar(gql, inDays(30));
    const endDate = inDays(20);
    const task = await createRequest(gql, {
      calendarId: calendar.id,
      supplierOrganizationId: supplier.organizationId,
      title: 'Fuel consumption 2025',
      message: 'Please use the template.',
      endDate,
      requiredUploadPurpose: 'vessel_fuel_consumption',
      requiredUploadSecondaryPurpose: '2025',
    });
    expect(task).toMatchObject({
      taskType: 'data_request',
      status: 'requested',
      displayStatus: 'requested',
      statusLabel: 'Requested',
      isOverdue: false,
      deadline: endDate,
      viewerSide: 'customer',
      allowedTransitions: ['cancelled'],
      customerOrganization: { id: customer.organizationId, name: 'Skagerrak Lines' },
      supplierOrganization: { id: supplier.organizationId, name: 'Limfjord Bunkers' },
      message: 'Please use the template.',
      itemCount: 0,
      responseUpload: null,
    });

    const mail = (await mailbox.list(supplier.email)).find((m) => m.subject.includes('Fuel consumption 2025'));
    expect(mail?.subject).toBe(`Skagerrak Lines asks for data by ${endDate.slice(0, 10)}: Fuel consumption 2025`);
    expect(mail?.text).toContain('Data asked for: Vessel fuel consumption, reporting period 2025.');
    expect(mail?.text).toContain('Please use the template.');
    expect(mail?.text).toContain(`https://app.tidewise.example/app/inbox/${task.id}`);

    const calendars = dataOf(
      await gql<{ calendars: { data: { id: string; taskCount: number }[] } }>('query { calendars { data { id taskCount } } }'),
    ).calendars.data;
    expect(calendars.find((x) => x.id === calendar.id)).toEqual({ id: calendar.id, taskCount: 1 });
    expect(
      dataOf(await gql<{ calendar: { deadline: string } }>('query($id: ID!) { calendar(id: $id) { deadline } }', { id: calendar.id }))
        .calendar,
    ).toEqual({
      deadline: calendar.deadline,
    });
    expect(refusalOf(await gqlOf(supplier)('query($id: ID!) { calendar(id: $id) { id } }', { id: calendar.id })).code).toBe('NOT_FOUND');

    const seen = await readTask(gqlOf(supplier), task.id);
    expect(seen).toMatchObject({ viewerSide: 'supplier', allowedTransitions: ['in_progress', 'submitted'] });

    const [audit] = await auditRows(server, customer.organizationId, 'createCalendarTask');
    expect(audit).toMatchObject({ resourceId: task.id, status: 'success' });
    expect(audit?.changes).toMatchObject({ status: { before: null, after: 'requested' } });
    expect((await auditRows(server, customer.organizationId, 'createCalendar')).length).toBeGreaterThan(0);

    expect((await listTasks(gqlOf(supplier), { filter: { side: 'supplier' } })).data.map((t) => t.id)).toContain(task.id);
    expect((await listTasks(gqlOf(supplier), { filter: { side: 'customer' } })).data.map((t) => t.id)).not.toContain(task.id);
    expect((await listTasks(gqlOf(customer), { filter: { search: 'limfjord' } })).data.map((t) => t.id)).toContain(task.id);
    expect((await listTasks(gqlOf(supplier), { filter: { search: 'skagerrak' } })).data.map((t) => t.id)).toContain(task.id);
    expect((await listTasks(gqlOf(customer), { filter: { period: '2025' } })).data.map((t) => t.id)).toContain(task.id);
    expect((await listTasks(gqlOf(customer), { filter: { period: '2024' } })).data.map((t) => t.id)).not.toContain(task.id);
  });

  it('refuses a request to an unknown or not active supplier, an end date past the calendar, and a subtask with a supplier', async () => {
    const gql = gqlOf(customer);
    const calendar = await createCalendar(gql, inDays(10));
    const base = { taskType: 'data_request', calendarId: calendar.id, title: 'Voyages' };
    const stranger = await newCustomer(server, mailbox, 'Unrelated Shipping');
    expect(refusalOf(await gql(CREATE, { input: { ...base, supplierOrganizationId: stranger.organizationId } }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Supplier not found',
    });
    expect(
      refusalOf(await gql(CREATE, { input: { ...base, supplierOrganizationId: supplier.organizationId, endDate: inDays(11) } })),
    ).toEqual({ code: 'VALIDATION_FAILED', message: "The end date cannot be after the calendar's deadline", field: 'endDate' });
    expect(refusalOf(await gql(TASKS, { filter: { deadlineFrom: '0001-01-01T00:00:00Z' } }))).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The deadlineFrom must be a date between the years 1900 and 9999',
      field: 'deadlineFrom',
    });
    expect(refusalOf(await gql(CREATE, { input: base }))).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Choose the supplier to ask',
      field: 'supplierOrganizationId',
    });
    const pendingEmail = `pending-${Date.now()}@tidewise-test.example`;
    const invited = await gql<{ inviteSupplier: { relationship: { supplierOrganization: { id: string } } } }>(
      'mutation($input: InviteSupplierInput!) { inviteSupplier(input: $input) { relationship { supplierOrganization { id } } } }',
      { input: { organizationName: 'Pending Oils', email: pendingEmail, firstName: 'P', lastName: 'O' } },
    );
    const pendingId = dataOf(invited).inviteSupplier.relationship.supplierOrganization.id;
    expect(refusalOf(await gql(CREATE, { input: { ...base, supplierOrganizationId: pendingId } }))).toEqual({
      code: 'CONFLICT',
      message: 'Pending Oils is not an active supplier of yours (the relationship is pending). Requests go to active suppliers.',
      field: 'supplierOrganizationId',
    });
    // A supplier's users do not create requests at all (no calendar:create).
    expect(refusalOf(await gqlOf(supplier)(CREATE, { input: { ...base, supplierOrganizationId: supplier.organizationId } })).code).toBe(
      'FORBIDDEN',
    );
  });

  it('runs the whole life of a request through every allowed change of each side, with reviews, emails and audit rows', async () => {
    const [c, s] = [gqlOf(customer), gqlOf(supplier)];
    const calendar = await createCalendar(c);
    const task = await createRequest(c, { calendarId: calendar.id, supplierOrganizationId: supplier.organizationId, title: 'Port calls' });

    // The customer cannot do the supplier's steps, and the supplier not the customer's.
    expect(refusalOf(await updateTask(c, { id: task.id, status: 'submitted' }))).toEqual({
      code: 'FORBIDDEN',
      message: 'Only the supplier can submit a request.',
      field: 'status',
    });
    expect(refusalOf(await updateTask(s, { id: task.id, status: 'cancelled' }))).toEqual({
      code: 'FORBIDDEN',
      message: 'Only the customer can cancel a request.',
      field: 'status',
    });
    const refused = await updateTask(c, { id: task.id, status: 'accepted' });
    expect(refused.errors?.[0]?.extensions?.details).toEqual({ status: 'requested', requestedStatus: 'accepted' });
    expect(refusalOf(refused)).toEqual({
      code: 'CONFLICT',
      message: 'A request that has not been started cannot be accepted. The supplier must submit it first.',
      field: 'status',
    });
    expect(refusalOf(await updateTask(s, { id: task.id, title: 'Mine now' }))).toEqual({
      code: 'FORBIDDEN',
      message: 'Only the customer can change the title of a request.',
      field: 'title',
    });
    expect(refusalOf(await updateTask(c, { id: task.id, assignedUserId: supplier.userId }))).toEqual({
      code: 'FORBIDDEN',
      message: 'Only the supplier can assign a request.',
      field: 'assignedUserId',
    });
    expect((await storedTask(task.id))?.status).toBe('requested');

    // Supplier: assign, start, submit, take back, submit.
    const assigned = dataOf(await updateTask(s, { id: task.id, assignedUserId: supplier.userId })).updateCalendarTask;
    expect(assigned.assignedUser).toEqual({ id: supplier.userId, email: supplier.email });
    expect(dataOf(await updateTask(s, { id: task.id, status: 'in_progress' })).updateCalendarTask.status).toBe('in_progress');
    const submitted = dataOf(await updateTask(s, { id: task.id, status: 'submitted' })).updateCalendarTask;
    expect(submitted).toMatchObject({ status: 'submitted', submittedAt: expect.any(String), allowedTransitions: ['in_progress'] });
    expect((await mailbox.list(customer.email)).some((m) => m.subject === 'Limfjord Bunkers submitted "Port calls"')).toBe(true);
    expect(dataOf(await updateTask(s, { id: task.id, status: 'in_progress' })).updateCalendarTask.status).toBe('in_progress');
    dataOf(await updateTask(s, { id: task.id, status: 'submitted' }));
    expect((await readTask(c, task.id)).allowedTransitions).toEqual(['returned', 'accepted', 'cancelled']);

    // Customer: return with a review (a review is required, and only with a return).
    expect(refusalOf(await updateTask(c, { id: task.id, status: 'returned' }))).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Say what to change when returning a request',
    });
    const review = { message: 'Two ports are missing', comments: [{ rowNumber: 3, field: 'port_code', message: 'Not a UN/LOCODE' }] };
    const returned = dataOf(await updateTask(c, { id: task.id, status: 'returned', review })).updateCalendarTask;
    expect(returned).toMatchObject({
      status: 'returned',
      statusLabel: 'Returned with comments',
      reviews: [
        {
          message: 'Two ports are missing',
          createdByEmail: customer.email,
          comments: [{ rowNumber: 3, field: 'port_code', message: 'Not a UN/LOCODE' }],
        },
      ],
    });
    const returnMail = (await mailbox.list(supplier.email)).find(
      (m) => m.subject === 'Skagerrak Lines returned "Port calls" with comments',
    );
    expect(returnMail?.text).toContain('Two ports are missing');
    expect(returnMail?.text).toContain('- Row 3, field port_code: Not a UN/LOCODE');

    // Supplier resubmits from returned; customer accepts; nothing leaves accepted.
    dataOf(await updateTask(s, { id: task.id, status: 'submitted' }));
    const accepted = dataOf(await updateTask(c, { id: task.id, status: 'accepted' })).updateCalendarTask;
    expect(accepted).toMatchObject({ status: 'accepted', acceptedAt: expect.any(String), allowedTransitions: [] });
    expect((await mailbox.list(supplier.email)).some((m) => m.subject === 'Skagerrak Lines accepted "Port calls"')).toBe(true);

    const before = await storedTask(task.id);
    expect(refusalOf(await updateTask(c, { id: task.id, status: 'cancelled' }))).toEqual({
      code: 'CONFLICT',
      message: 'A request that is accepted cannot be cancelled. An accepted request is final; ask for the data again with a new request.',
      field: 'status',
    });
    expect(refusalOf(await updateTask(c, { id: task.id, title: 'Renamed' }))).toEqual({
      code: 'CONFLICT',
      message: 'An accepted request cannot be changed.',
      field: null,
    });
    expect(await storedTask(task.id)).toEqual(before);

    const changes = (await auditRows(server, supplier.organizationId, 'updateCalendarTask')).filter((r) => r.resourceId === task.id);
    expect(
      changes.filter((r) => r.status === 'success').map((r) => (r.changes as { status?: { before: string; after: string } }).status),
    ).toEqual([
      undefined,
      { before: 'requested', after: 'in_progress' },
      { before: 'in_progress', after: 'submitted' },
      { before: 'submitted', after: 'in_progress' },
      { before: 'in_progress', after: 'submitted' },
      { before: 'returned', after: 'submitted' },
    ]);
    const customerRows = await auditRows(server, customer.organizationId, 'updateCalendarTask');
    expect(customerRows.filter((r) => r.status === 'denied').map((r) => r.description)).toEqual(
      expect.arrayContaining(['updateCalendarTask refused: Only the supplier can submit a request.']),
    );
    expect(customerRows.filter((r) => r.status === 'failure').map((r) => r.description)).toEqual(
      expect.arrayContaining([
        'updateCalendarTask refused: A request that is accepted cannot be cancelled. An accepted request is final; ask for the data again with a new request.',
      ]),
    );
    // A refused change keeps the status it had and the one asked for.
    const early = customerRows.find((r) => r.description?.includes('that has not been started cannot be accepted'));
    expect(early?.metadata).toMatchObject({ errorCode: 'CONFLICT', details: { status: 'requested', requestedStatus: 'accepted' } });
  });

  it('lets the customer change the terms of an open request, checked against its dates and calendar, audited', async () => {
    const c = gqlOf(customer);
    const calendar = await createCalendar(c, inDays(30));
    const task = await createRequest(c, {
      calendarId: calendar.id,
      supplierOrganizationId: supplier.organizationId,
      title: 'Bunkers',
      subTitle: 'All vessels',
      startDate: inDays(1),
      endDate: inDays(10),
    });
    const changed = dataOf(
      await updateTask(c, { id: task.id, title: 'Bunker deliveries', subTitle: null, message: 'Include BDNs', endDate: inDays(20) }),
    ).updateCalendarTask;
    expect(changed).toMatchObject({ title: 'Bunker deliveries', subTitle: null, message: 'Include BDNs', status: 'requested' });
    expect(changed.deadline).toBe(changed.endDate);
    // An extension: the request's deadline moves past the calendar's, and the task says so.
    const later = inDays(31);
    const extended = dataOf(await updateTask(c, { id: task.id, endDate: later })).updateCalendarTask;
    expect(extended).toMatchObject({ deadline: later, endDate: later, isOverdue: false });
    dataOf(await updateTask(c, { id: task.id, endDate: inDays(20) }));
    expect(refusalOf(await updateTask(c, { id: task.id, startDate: inDays(25) }))).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The end date cannot be before the start date',
      field: 'endDate',
    });
    expect(refusalOf(await updateTask(c, { id: task.id, requiredUploadSecondaryPurpose: '2025' }))).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'requiredUploadPurpose',
    });
    // Clearing the start date lets the end date stand alone.
    expect(dataOf(await updateTask(c, { id: task.id, startDate: null })).updateCalendarTask.title).toBe('Bunker deliveries');
    const [row] = (await auditRows(server, customer.organizationId, 'updateCalendarTask')).filter(
      (r) => r.resourceId === task.id && r.status === 'success',
    );
    expect(row?.changes).toMatchObject({
      title: { before: 'Bunkers', after: 'Bunker deliveries' },
      subTitle: { before: 'All vessels', after: null },
      message: { before: null, after: 'Include BDNs' },
    });
  });

  it("attaches an upload of the supplier as the answer (in progress), never the customer's or another organization's", async () => {
    const [c, s] = [gqlOf(customer), gqlOf(supplier)];
    const calendar = await createCalendar(c);
    const task = await createRequest(c, { calendarId: calendar.id, supplierOrganizationId: supplier.organizationId, title: 'Attach' });
    const batchOf = async (gql: typeof c) =>
      dataOf(
        await gql<{ createFileUpload: { id: string } }>(
          'mutation($input: CreateFileUploadInput!) { createFileUpload(input: $input) { id } }',
          { input: { name: 'Answer' } },
        ),
      ).createFileUpload.id;
    const own = await batchOf(s);
    const customers = await batchOf(c);
    expect(refusalOf(await updateTask(c, { id: task.id, responseUploadId: customers }))).toEqual({
      code: 'FORBIDDEN',
      message: 'Only the supplier can attach the response upload.',
      field: 'responseUploadId',
    });
    expect(refusalOf(await updateTask(s, { id: task.id, responseUploadId: customers })).code).toBe('NOT_FOUND');
    const attached = dataOf(await updateTask(s, { id: task.id, responseUploadId: own })).updateCalendarTask;
    expect(attached).toMatchObject({ status: 'in_progress', responseUploadId: own, responseUpload: { id: own, calendarTaskId: task.id } });
    // Still a draft answer: the customer does not see it.
    expect((await readTask(c, task.id)).responseUpload).toBeNull();
  });

  it('cancels a request (customer only) with its open subtasks, and derives a request from its subtasks', async () => {
    const [c, s] = [gqlOf(customer), gqlOf(supplier)];
    const calendar = await createCalendar(c);
    const parent = await createRequest(c, {
      calendarId: calendar.id,
      supplierOrganizationId: supplier.organizationId,
      title: 'Fleet 2025',
    });
    dataOf(await updateTask(s, { id: parent.id, status: 'in_progress' }));
    const sub = async (title: string) =>
      dataOf(
        await c<{ createCalendarTask: { id: string; status: string; supplierOrganizationId: string } }>(CREATE, {
          input: { taskType: 'subtask', calendarId: calendar.id, parentTaskId: parent.id, title },
        }),
      ).createCalendarTask;
    const first = await sub('MV Nordlys');
    const second = await sub('MV Sønderho');
    expect(first).toMatchObject({ status: 'requested', supplierOrganizationId: supplier.organizationId });
    expect((await readTask(c, parent.id)).status).toBe('requested');
    expect((await readTask(s, parent.id)).allowedTransitions).toEqual([]);
    expect(refusalOf(await updateTask(s, { id: parent.id, status: 'submitted' }))).toEqual({
      code: 'CONFLICT',
      message: 'A request with subtasks takes its status from them. Change its subtasks instead.',
      field: 'status',
    });

    dataOf(await updateTask(s, { id: first.id, status: 'in_progress' }));
    expect((await readTask(c, parent.id)).status).toBe('in_progress');
    dataOf(await updateTask(s, { id: first.id, status: 'submitted' }));
    dataOf(await updateTask(s, { id: second.id, status: 'submitted' }));
    expect((await readTask(c, parent.id)).status).toBe('submitted');
    dataOf(await updateTask(c, { id: first.id, status: 'accepted' }));
    dataOf(await updateTask(c, { id: second.id, status: 'returned', review: { message: 'Wrong vessel', comments: [] } }));
    const derived = await readTask(c, parent.id);
    expect(derived.status).toBe('returned');
    expect(derived.subtasks.map((t) => [t.title, t.status])).toEqual([
      ['MV Nordlys', 'accepted'],
      ['MV Sønderho', 'returned'],
    ]);
    // Unsorted lists put what is still under way first: the returned subtask before the accepted one.
    expect((await listTasks(c, { filter: { parentTaskId: parent.id } })).data.map((t) => t.id)).toEqual([second.id, first.id]);
    expect((await listTasks(c, { filter: { search: 'Nordlys' } })).data).toEqual([]);
    expect((await listTasks(c, { filter: { search: 'Nordlys', topLevelOnly: false } })).data.map((t) => t.id)).toEqual([first.id]);

    const cancelled = dataOf(await updateTask(c, { id: parent.id, status: 'cancelled' })).updateCalendarTask;
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.subtasks.map((t) => [t.title, t.status])).toEqual([
      ['MV Nordlys', 'accepted'],
      ['MV Sønderho', 'cancelled'],
    ]);
    expect((await mailbox.list(supplier.email)).some((m) => m.subject === 'Skagerrak Lines cancelled "Fleet 2025"')).toBe(true);
    expect(
      refusalOf(await c(CREATE, { input: { taskType: 'subtask', calendarId: calendar.id, parentTaskId: parent.id, title: 'Late' } })),
    ).toEqual({
      code: 'CONFLICT',
      message: 'A subtask cannot be added to a request that is cancelled.',
      field: 'parentTaskId',
    });
  });

  it('shows a request overdue once the clock passes its deadline, in SQL filters and on the task, and forgets reminders when the deadline moves later', async () => {
    const c = gqlOf(customer);
    const calendar = await createCalendar(c, inDays(30));
    const task = await createRequest(c, {
      calendarId: calendar.id,
      supplierOrganizationId: supplier.organizationId,
      title: 'Due soon',
      endDate: inDays(2),
    });
    expect((await listTasks(c, { filter: { status: 'overdue' } })).data.map((t) => t.id)).not.toContain(task.id);
    advanceClock(3 * DAY);
    const overdue = await readTask(c, task.id);
    expect(overdue).toMatchObject({ status: 'requested', displayStatus: 'overdue', statusLabel: 'Overdue', isOverdue: true });
    expect((await listTasks(c, { filter: { status: 'overdue' } })).data.map((t) => t.id)).toContain(task.id);
    expect((await listTasks(c, { filter: { status: 'requested' } })).data.map((t) => t.id)).not.toContain(task.id);
    const overview = dataOf(
      await c<{
        dataRequestOverview: { overdue: number; requested: number; suppliers: { overdue: number; supplierOrganization: { id: string } }[] };
      }>('query { dataRequestOverview { overdue requested suppliers { overdue supplierOrganization { id } } } }'),
    ).dataRequestOverview;
    expect(overview.overdue).toBeGreaterThanOrEqual(1);
    expect(overview.suppliers.find((x) => x.supplierOrganization.id === supplier.organizationId)?.overdue).toBeGreaterThanOrEqual(1);

    // A reminder was sent for the old date; the deadline moves later: the reminder for a point now ahead goes again.
    const keys = [`${task.id}:overdue:3`, `${task.id}:before_deadline:2`];
    for (const key of keys)
      await server.database.db.insert(reminderDeliveries).values({
        key,
        userId: supplier.userId,
        taskId: task.id,
        kind: key.includes('overdue') ? 'overdue' : 'before_deadline',
        offsetDays: key.endsWith(':3') ? 3 : 2,
        outcome: 'sent',
      });
    const moved = dataOf(await updateTask(c, { id: task.id, endDate: new Date(Date.now() + 20 * DAY).toISOString() })).updateCalendarTask;
    expect(moved).toMatchObject({ displayStatus: 'requested', isOverdue: false });
    const left = await server.database.db.select().from(reminderDeliveries).where(eq(reminderDeliveries.taskId, task.id));
    expect(left).toEqual([]);
  });

  it('sums up how suppliers answer in the overview: counts, response rate, on-time rate, per supplier', async () => {
    const { customer: buyer, supplier: first } = await customerAndSupplier(server, mailbox, {
      customer: 'Overview Lines',
      supplier: 'Prompt Oils',
    });
    const second = await activeSupplierOf(server, mailbox, buyer, 'Slow Bunkers');
    const c = gqlOf(buyer);
    const calendar = await createCalendar(c, inDays(30));
    const ask = (to: Party, title: string, endDate: string) =>
      createRequest(c, {
        calendarId: calendar.id,
        supplierOrganizationId: to.organizationId,
        title,
        endDate,
        requiredUploadSecondaryPurpose: undefined,
      });
    const onTime = await ask(first, 'On time', inDays(5));
    const late = await ask(second, 'Late', inDays(2));
    await ask(second, 'Open', inDays(2));
    const withdrawn = await ask(first, 'Withdrawn', inDays(5));
    dataOf(await updateTask(gqlOf(first), { id: onTime.id, status: 'submitted' }));
    dataOf(await updateTask(c, { id: onTime.id, status: 'accepted' }));
    dataOf(await updateTask(c, { id: withdrawn.id, status: 'cancelled' }));
    advanceClock(3 * DAY);
    dataOf(await updateTask(gqlOf(second), { id: late.id, status: 'submitted' }));

    const overview = dataOf(
      await c<{ dataRequestOverview: Record<string, unknown> & { suppliers: { supplierOrganization: { name: string } }[] } }>(
        `query { dataRequestOverview { total requested inProgress submitted returned accepted cancelled overdue responseRate onTimeRate
          suppliers { supplierOrganization { name } total open overdue answered onTime accepted } } }`,
      ),
    ).dataRequestOverview;
    expect(overview).toEqual({
      total: 4,
      requested: 1,
      inProgress: 0,
      submitted: 1,
      returned: 0,
      accepted: 1,
      cancelled: 1,
      overdue: 1,
      responseRate: 0.667,
      onTimeRate: 0.5,
      suppliers: [
        { supplierOrganization: { name: 'Prompt Oils' }, total: 2, open: 0, overdue: 0, answered: 1, onTime: 1, accepted: 1 },
        { supplierOrganization: { name: 'Slow Bunkers' }, total: 2, open: 1, overdue: 1, answered: 1, onTime: 0, accepted: 0 },
      ],
    });
    const overdueOnly = dataOf(
      await c<{ dataRequestOverview: { total: number } }>('query { dataRequestOverview(filter: { status: overdue }) { total } }'),
    ).dataRequestOverview;
    expect(overdueOnly.total).toBe(1);
  });

  it('answers NOT_FOUND to another organization, and to another customer of the same supplier, on every operation', async () => {
    const c = gqlOf(customer);
    const calendar = await createCalendar(c);
    const task = await createRequest(c, { calendarId: calendar.id, supplierOrganizationId: supplier.organizationId, title: 'Private' });
    const other = await newCustomer(server, mailbox, 'Other Customer');
    await activeSupplierOf(server, mailbox, other, 'Other Supplier');
    const o = gqlOf(other);
    const notFound = async (query: string, variables: Record<string, unknown>) =>
      expect((await o(query, variables)).errors?.[0]?.extensions?.code, query).toBe('NOT_FOUND');
    await notFound(TASK, { id: task.id });
    await notFound('query($id: ID!) { calendar(id: $id) { id } }', { id: calendar.id });
    await notFound('mutation($input: UpdateCalendarTaskInput!) { updateCalendarTask(input: $input) { id } }', {
      input: { id: task.id, status: 'cancelled' },
    });
    await notFound('mutation($input: CreateCalendarTaskInput!) { createCalendarTask(input: $input) { id } }', {
      input: { taskType: 'subtask', calendarId: calendar.id, parentTaskId: task.id, title: 'x' },
    });
    await notFound('mutation($input: CreateFileUploadInput!) { createFileUpload(input: $input) { id } }', {
      input: { name: 'answer', calendarTaskId: task.id },
    });
    await notFound(TASK, { id: 'not-a-uuid' });
    expect((await listTasks(o)).data.map((t) => t.id)).not.toContain(task.id);
    expect((await listTasks(o, { filter: { search: 'Private' } })).data).toEqual([]);
    expect((await storedTask(task.id))?.status).toBe('requested');
  });
});

const CREATE = 'mutation($input: CreateCalendarTaskInput!) { createCalendarTask(input: $input) { id status supplierOrganizationId } }';
