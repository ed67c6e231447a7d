import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Mailbox, outboxMailbox } from '../../test/auth-test-kit.ts';
import { type GraphQLResult, startTestServer, type TestServer } from '../../test/harness.ts';
import {
  createCalendar,
  createRequest,
  customerAndSupplier,
  dataOf,
  gqlAs,
  newCustomer,
  updateTask,
  waitFor,
} from './requests-test-kit.ts';

let server: TestServer;
let mailbox: Mailbox;

beforeAll(async () => {
  server = await startTestServer();
  mailbox = outboxMailbox(server);
});
afterAll(async () => {
  await server?.close();
});

/** A subscription held as a browser holds it: one streaming POST accepting text/event-stream, read event by event. */
const hold = async <T>(query: string, variables: Record<string, unknown>, token: string) => {
  const controller = new AbortController();
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
    signal: controller.signal,
  });
  const results: GraphQLResult<T>[] = [];
  const reading = (async () => {
    const reader = response.body?.getReader();
    if (!reader) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        buffer += decoder.decode(chunk.value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trim())
            .join('\n');
          if (data && !block.startsWith('event: complete')) results.push(JSON.parse(data) as GraphQLResult<T>);
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  // The subscription listens once the response has started.
  await new Promise((resolve) => setTimeout(resolve, 200));
  return {
    results,
    close: async () => {
      controller.abort();
      await reading;
    },
  };
};

const CHANGES = 'subscription { calendarTasksUpdated { calendarTaskId status } }';
const TASK = 'subscription($id: ID!) { calendarTaskUpdated(calendarTaskId: $id) { id status viewerSide } }';

describe('live request updates', () => {
  it('tell both organizations of a change, by id, and nobody else', async () => {
    const { customer, supplier } = await customerAndSupplier(server, mailbox, { customer: 'Live Lines', supplier: 'Live Bunkers' });
    const other = await newCustomer(server, mailbox, 'Elsewhere Shipping');
    const calendar = await createCalendar(gqlAs(customer));
    const task = await createRequest(gqlAs(customer), {
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

    dataOf(await updateTask(gqlAs(supplier), { id: task.id, status: 'in_progress' }));
    dataOf(await updateTask(gqlAs(customer), { id: task.id, title: 'Live, renamed' }));
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
