import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { expectSortedAcrossPages, type SortArg } from '../../../test/sorting.ts';
import { type Client, clientFor, LOGIN, type Mailbox, outboxMailbox } from '../../../test/auth-test-kit.ts';
import { addMember, CREATE_ROLE, type Organization, signUp } from '../../../test/roles-test-kit.ts';

const AUDIT_LOGS = `query($pagination: PaginationInput, $sort: AuditLogSortInput) {
  auditLogs(pagination: $pagination, sort: $sort) { data { id action resource status email organizationId createdAt } }
}`;
const LOGIN_LOGS = `query($pagination: PaginationInput, $sort: LoginLogSortInput) {
  loginLogs(pagination: $pagination, sort: $sort) { data { id method status email browser os ipAddress organizationId createdAt } }
}`;

type AuditRow = {
  id: string;
  action: string;
  resource: string;
  status: string;
  email: string | null;
  organizationId: string;
  createdAt: string;
};
type LoginRow = {
  id: string;
  method: string;
  status: string;
  email: string | null;
  browser: string | null;
  os: string | null;
  ipAddress: string | null;
  organizationId: string;
  createdAt: string;
};

let server: TestServer;
let mailbox: Mailbox;
let client: Client;
let ours: Organization;
let theirs: Organization;

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
  mailbox = outboxMailbox(server);
  client = clientFor(server);
  [ours, theirs] = [await signUp(client, mailbox), await signUp(client, mailbox)];
  const member = await addMember(server, client, mailbox, ours, 'contributor');
  await addMember(server, client, mailbox, ours, 'viewer');
  for (const name of ['Sort role one', 'Sort role two']) await client.gql(CREATE_ROLE, { input: { name } }, ours.admin.token);
  await client.gql(LOGIN, { input: { authKey: member.email, authSecret: 'Wrong#Password1' } });
  await client.gql(CREATE_ROLE, { input: { name: 'Their sort role' } }, theirs.admin.token);
});
afterAll(async () => {
  await server?.close();
});

const fetchFrom =
  <Row>(query: string, key: 'auditLogs' | 'loginLogs', token: string) =>
  async (sort: SortArg, page: number, pageSize: number) => {
    const result = await client.gql<Record<string, { data: Row[] }>>(query, { sort, pagination: { page, pageSize } }, token);
    if (!result.data) throw new Error(JSON.stringify(result.errors));
    return result.data[key]?.data ?? [];
  };

describe('audit logs sorted by the server', () => {
  const fetch = () => fetchFrom<AuditRow>(AUDIT_LOGS, 'auditLogs', ours.admin.token);

  it('pages by time, user, action, resource and status in both directions', async () => {
    await expectSortedAcrossPages(fetch(), 'createdAt', (r) => r.createdAt);
    await expectSortedAcrossPages(fetch(), 'email', (r) => r.email);
    await expectSortedAcrossPages(fetch(), 'action', (r) => r.action);
    await expectSortedAcrossPages(fetch(), 'resource', (r) => r.resource);
    await expectSortedAcrossPages(fetch(), 'status', (r) => r.status);
  });

  it("holds only the caller's organization's rows whatever the order", async () => {
    for (const direction of ['ASC', 'DESC'] as const) {
      const rows = await fetch()({ field: 'action', direction }, 1, 100);
      expect(rows.length).toBeGreaterThan(0);
      expect(new Set(rows.map((r) => r.organizationId))).toEqual(new Set([ours.organizationId]));
    }
  });
});

describe('login logs sorted by the server', () => {
  const fetch = () => fetchFrom<LoginRow>(LOGIN_LOGS, 'loginLogs', ours.admin.token);

  it('pages by time, user, method, status, device and IP address in both directions', async () => {
    await expectSortedAcrossPages(fetch(), 'createdAt', (r) => r.createdAt);
    await expectSortedAcrossPages(fetch(), 'email', (r) => r.email);
    await expectSortedAcrossPages(fetch(), 'method', (r) => r.method);
    await expectSortedAcrossPages(fetch(), 'status', (r) => r.status);
    await expectSortedAcrossPages(fetch(), 'device', (r) => r.browser);
    await expectSortedAcrossPages(fetch(), 'ipAddress', (r) => r.ipAddress);
  });

  it("holds only the caller's organization's rows whatever the order", async () => {
    const rows = await fetch()({ field: 'email', direction: 'DESC' }, 1, 100);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.organizationId))).toEqual(new Set([ours.organizationId]));
  });
});
