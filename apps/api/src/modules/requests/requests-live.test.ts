import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Mailbox, outboxMailbox } from '../../test/auth-test-kit.ts';
import { dataOf, gqlOf, holdSubscription, sleep, waitFor } from '../../test/graphql-test-kit.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { customerAndSupplier, newCustomer } from '../../test/supplier-test-kit.ts';
import { createCalendar, createRequest, updateTask } from './requests-test-kit.ts';

let server: TestServer;
let mailbox: Mailbox;

beforeAll(async () => {
  server = await startTestServer();
  mailbox = outboxMailbox(server);
});
afterAll(async () => {
  await server?.close();
});

/** A subscription held as a browser holds it; it listens once the response has started. */
const hold = async <T>(query: string, variables: Record<string, unknown>, token: string) => {
  const held = await holdSubscription<T>(server, query, variables, token);
  await sleep(200);
  return held;
};

const CHANGES = 'subscription { calendarTasksUpdated { calendarTaskId status } }';
const TASK = 'subscription($id: ID!) { calendarTaskUpdated(calendarTaskId: $id) { id status viewerSide } }';

describe('live request updates', () => {
  it('tell both organizations of a change, by id, and nobody else', async () => {
    const { customer, supplier } = await customerAndSupplier(server, mailbox, { customer: 'Live Lines', supplier: 'Live Bunkers' });
    const other = await newCustomer(server, mailbox, 'Elsewhere Shipping');
    const calendar = await createCalendar(gqlOf(customer));
    const task = await createRequest(gqlOf(customer), {
      calendarId: calendar.id,
      supplierOrganizationId: supplier.organizationId,
      title: 'Live',
    });

    const customerChanges = await hold<{ calendarTasksUpdated: { calendarTaskId: string; status: string } }>(CHANGES, {}, customer.token);
    const supplierTask = await hold<{ calendarTaskUpdated: { id: string; status: string; viewerSide: string } }>(
      TASK,
      { id: task.id },
      supplier.token,
    );
    const otherChanges = await hold<{ calendarTasksUpdated: { calendarTaskId: string } }>(CHANGES, {}, other.token);
    const strangerTask = await hold(TASK, { id: task.id }, other.token);

    dataOf(await updateTask(gqlOf(supplier), { id: task.id, status: 'in_progress' }));
    dataOf(await updateTask(gqlOf(customer), { id: task.id, title: 'Live, renamed' }));
    await waitFor(
      async () => customerChanges.results.length >= 2 && supplierTask.results.length >= 2,
      (done) => done,
      'events on both sides',
      20_000,
    );
    expect(customerChanges.results[0]?.data?.calendarTasksUpdated).toEqual({ calendarTaskId: task.id, status: 'in_progress' });
    expect(supplierTask.results.map((r) => r.data?.calendarTaskUpdated)).toEqual([
      { id: task.id, status: 'in_progress', viewerSide: 'supplier' },
      { id: task.id, status: 'in_progress', viewerSide: 'supplier' },
    ]);
    expect(otherChanges.results).toEqual([]);
    expect(strangerTask.results.map((r) => r.errors?.[0]?.extensions?.code)).toEqual(['NOT_FOUND']);
    for (const held of [customerChanges, supplierTask, otherChanges, strangerTask]) await held.close();
  });
});
