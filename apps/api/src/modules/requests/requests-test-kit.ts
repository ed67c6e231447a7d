import { expect } from 'vitest';
import type { GraphQLResult, TestServer } from '../../test/harness.ts';
import { clientFor, type Client, type Mailbox, uniqueEmail } from '../../test/auth-test-kit.ts';
import { type Admin, invitationToken, newOrganization, registerFromToken } from '../../test/organization-test-kit.ts';

/**
 * For the requests integration tests: a customer with an active supplier made through the public operations
 * (invitation, registration, completion), and the GraphQL documents of the requests API.
 */

export type Party = { client: Client; token: string; organizationId: string; userId: string; email: string };
export type Gql = <T>(query: string, variables?: Record<string, unknown>) => Promise<GraphQLResult<T>>;

export const gqlAs =
  (party: Pick<Party, 'client' | 'token'>): Gql =>
  (query, variables) =>
    party.client.gql(query, variables, party.token);

export const dataOf = <T>(result: GraphQLResult<T>): T => {
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  if (!result.data) throw new Error('no data');
  return result.data;
};

/** The first error's code, message and field. */
export const refusalOf = (result: GraphQLResult<unknown>) => {
  const [error] = result.errors ?? [];
  if (!error) throw new Error(`expected an error, got ${JSON.stringify(result.data)}`);
  return { code: error.extensions?.code, message: error.message, field: error.extensions?.field ?? null };
};

const customerOf = (admin: Admin): Party => ({
  client: admin.client,
  token: admin.token,
  organizationId: admin.organizationId,
  userId: admin.session.user.id,
  email: admin.session.user.email,
});

const INVITE = `mutation($input: InviteSupplierInput!) {
  inviteSupplier(input: $input) { relationship { supplierOrganization { id } } }
}`;
const COMPLETE = 'mutation { completeSupplierRegistration { organization { id } } }';

/** A supplier invited by the customer, registered and completed: the relationship is active. */
export const activeSupplierOf = async (server: TestServer, mailbox: Mailbox, customer: Party, name: string): Promise<Party> => {
  const email = uniqueEmail('supplier');
  const invited = await customer.client.gql<{ inviteSupplier: { relationship: { supplierOrganization: { id: string } } } }>(
    INVITE,
    { input: { organizationName: name, email, firstName: 'Sven', lastName: 'Dahl' } },
    customer.token,
  );
  const organizationId = dataOf(invited).inviteSupplier.relationship.supplierOrganization.id;
  const { token } = await invitationToken(mailbox, email);
  const client = clientFor(server);
  const session = await registerFromToken(client, mailbox, email, token);
  dataOf(await client.gql(COMPLETE, {}, session.token));
  return { client, token: session.token, organizationId, userId: session.user.id, email };
};

/** A customer organization with one active supplier. */
export const customerAndSupplier = async (server: TestServer, mailbox: Mailbox, names: { customer: string; supplier: string }) => {
  const customer = customerOf(await newOrganization(server, mailbox, names.customer));
  const supplier = await activeSupplierOf(server, mailbox, customer, names.supplier);
  return { customer, supplier };
};

export const newCustomer = async (server: TestServer, mailbox: Mailbox, name: string) =>
  customerOf(await newOrganization(server, mailbox, name));

export const TASK_FIELDS = `id calendarId organizationId supplierOrganizationId taskType title subTitle message status displayStatus statusLabel
  isOverdue deadline endDate submittedAt acceptedAt parentTaskId requestUploadId responseUploadId requiredUploadPurpose
  requiredUploadSecondaryPurpose assignedUserId viewerSide allowedTransitions itemCount
  assignedUser { id email }
  customerOrganization { id name } supplierOrganization { id name }
  reviews { message createdByEmail comments { rowNumber field message } }
  subtasks { id status title }
  responseUpload { id status name calendarTaskId }`;

export type TaskResult = {
  id: string;
  calendarId: string;
  organizationId: string;
  supplierOrganizationId: string;
  taskType: string;
  title: string;
  subTitle: string | null;
  message: string | null;
  status: string;
  displayStatus: string;
  statusLabel: string;
  isOverdue: boolean;
  deadline: string;
  endDate: string | null;
  submittedAt: string | null;
  acceptedAt: string | null;
  parentTaskId: string | null;
  requestUploadId: string | null;
  responseUploadId: string | null;
  requiredUploadPurpose: string | null;
  requiredUploadSecondaryPurpose: string | null;
  assignedUserId: string | null;
  viewerSide: string;
  allowedTransitions: string[];
  itemCount: number;
  assignedUser: { id: string; email: string } | null;
  customerOrganization: { id: string; name: string };
  supplierOrganization: { id: string; name: string };
  reviews: {
    message: string;
    createdByEmail: string | null;
    comments: { rowNumber: number | null; field: string | null; message: string }[];
  }[];
  subtasks: { id: string; status: string; title: string }[];
  responseUpload: { id: string; status: string; name: string; calendarTaskId: string | null } | null;
};

export const CREATE_CALENDAR =
  'mutation($deadline: DateTime!) { createCalendar(deadline: $deadline) { id deadline organizationId taskCount } }';
export const CREATE_TASK = `mutation($input: CreateCalendarTaskInput!) { createCalendarTask(input: $input) { ${TASK_FIELDS} } }`;
export const UPDATE_TASK = `mutation($input: UpdateCalendarTaskInput!) { updateCalendarTask(input: $input) { ${TASK_FIELDS} } }`;
export const TASK = `query($id: ID!) { calendarTask(id: $id) { ${TASK_FIELDS} } }`;
export const TASKS = `query($filter: CalendarTaskFilterInput, $sort: CalendarTaskSortInput, $pagination: PaginationInput) {
  calendarTasks(filter: $filter, sort: $sort, pagination: $pagination) { data { id title status displayStatus viewerSide } pageInfo { totalCount } }
}`;

export const DAY = 24 * 60 * 60 * 1000;
export const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

export const createCalendar = async (gql: Gql, deadline = inDays(30)) =>
  dataOf(await gql<{ createCalendar: { id: string; deadline: string } }>(CREATE_CALENDAR, { deadline })).createCalendar;

export const createRequest = async (gql: Gql, input: Record<string, unknown>) =>
  dataOf(await gql<{ createCalendarTask: TaskResult }>(CREATE_TASK, { input: { taskType: 'data_request', ...input } })).createCalendarTask;

export const updateTask = (gql: Gql, input: Record<string, unknown>) => gql<{ updateCalendarTask: TaskResult }>(UPDATE_TASK, { input });

export const readTask = async (gql: Gql, id: string) => dataOf(await gql<{ calendarTask: TaskResult }>(TASK, { id })).calendarTask;

export const listTasks = async (gql: Gql, variables: Record<string, unknown> = {}) =>
  dataOf(
    await gql<{
      calendarTasks: {
        data: { id: string; title: string; status: string; displayStatus: string; viewerSide: string }[];
        pageInfo: { totalCount: number };
      };
    }>(TASKS, variables),
  ).calendarTasks;

/**
 * A batch with one CSV uploaded through the signed PUT and completed; with a request's id, the supplier's answer
 * to it.
 */
export const answerWithCsv = async (server: TestServer, gql: Gql, calendarTaskId: string | null, name: string, csv: string) => {
  const batch = dataOf(
    await gql<{ createFileUpload: { id: string; calendarTaskId: string | null } }>(
      'mutation($input: CreateFileUploadInput!) { createFileUpload(input: $input) { id calendarTaskId } }',
      { input: { name: `Batch of ${name}`, ...(calendarTaskId ? { calendarTaskId } : {}) } },
    ),
  ).createFileUpload;
  const bytes = Buffer.from(csv);
  const url = dataOf(
    await gql<{ generateUploadUrl: { fileId: string; uploadUrl: string; headers: { name: string; value: string }[] } }>(
      'mutation($input: GenerateUploadUrlInput!) { generateUploadUrl(input: $input) { fileId uploadUrl headers { name value } } }',
      { input: { fileUploadId: batch.id, fileName: name, mimeType: 'text/csv', size: bytes.length } },
    ),
  ).generateUploadUrl;
  const target = new URL(url.uploadUrl);
  const put = await fetch(`${server.url}${target.pathname}${target.search}`, {
    method: 'PUT',
    headers: Object.fromEntries(url.headers.map((h) => [h.name, h.value])),
    body: new Uint8Array(bytes),
  });
  expect(put.status).toBe(200);
  dataOf(await gql('mutation($fileId: ID!) { completeUpload(fileId: $fileId) { id } }', { fileId: url.fileId }));
  return { fileUploadId: batch.id, batchTaskId: batch.calendarTaskId, fileId: url.fileId };
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls until `done` holds for what `read` answers. */
export const waitFor = async <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 60_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await sleep(50);
  }
};
