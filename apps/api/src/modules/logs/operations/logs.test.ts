import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { type Client, clientFor, errorOf, LOGIN, type Mailbox, outboxMailbox } from '../../../test/auth-test-kit.ts';
import { addMember, CREATE_ROLE, type Member, type Organization, signUp } from '../../../test/roles-test-kit.ts';

type AuditLog = {
  id: string;
  action: string;
  description: string;
  resource: string;
  resourceId: string | null;
  status: string;
  userId: string | null;
  email: string | null;
  organizationId: string | null;
  serviceName: string;
  changes: Record<string, { before: unknown; after: unknown }>;
  metadata: Record<string, unknown>;
  createdAt: string;
};
type LoginLog = {
  id: string;
  userId: string | null;
  email: string | null;
  status: string;
  method: string;
  browser: string | null;
  os: string | null;
  ipAddress: string | null;
  createdAt: string;
};
type PageInfo = { totalCount: number; totalPages: number; hasNextPage: boolean };

const AUDIT_FIELDS = 'id action resource resourceId status userId email organizationId serviceName changes metadata description createdAt';
const LOGIN_FIELDS =
  'id userId email organizationId status method browser os ipAddress userAgent failureReason referenceId serviceId createdAt';
const AUDIT_LOGS = `query($filter: AuditLogFilterInput, $pagination: PaginationInput) {
  auditLogs(filter: $filter, pagination: $pagination) { data { ${AUDIT_FIELDS} } pageInfo { totalCount totalPages hasNextPage } }
}`;
const LOGIN_LOGS = `query($filter: LoginLogFilterInput, $pagination: PaginationInput) {
  loginLogs(filter: $filter, pagination: $pagination) { data { ${LOGIN_FIELDS} } pageInfo { totalCount totalPages hasNextPage } }
}`;
const USER_AUDIT_LOGS = `query($userId: ID!, $pagination: PaginationInput) { userAuditLogs(userId: $userId, pagination: $pagination) { data { ${AUDIT_FIELDS} } pageInfo { totalCount } } }`;
const USER_LOGIN_LOGS = `query($userId: ID!, $pagination: PaginationInput) { userLoginLogs(userId: $userId, pagination: $pagination) { data { ${LOGIN_FIELDS} } pageInfo { totalCount } } }`;

let server: TestServer;
let mailbox: Mailbox;
let client: Client;
let ours: Organization;
let theirs: Organization;
let contributor: Member;

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
  mailbox = outboxMailbox(server);
  client = clientFor(server);
  [ours, theirs] = [await signUp(client, mailbox), await signUp(client, mailbox)];
  contributor = await addMember(server, client, mailbox, ours, 'contributor');
  for (const name of ['Log role one', 'Log role two']) await client.gql(CREATE_ROLE, { input: { name } }, ours.admin.token);
  await client.gql(CREATE_ROLE, { input: { name: 'Not allowed' } }, contributor.token);
  await client.gql(CREATE_ROLE, { input: { name: 'Their role' } }, theirs.admin.token);
  await client.gql(LOGIN, { input: { authKey: contributor.email, authSecret: 'Wrong#Password1' } });
});
afterAll(async () => {
  await server?.close();
});

const auditLogs = async (token: string, variables: Record<string, unknown> = {}) => {
  const result = await client.gql<{ auditLogs: { data: AuditLog[]; pageInfo: PageInfo } }>(AUDIT_LOGS, variables, token);
  if (!result.data) throw new Error(`auditLogs failed: ${JSON.stringify(result.errors)}`);
  return result.data.auditLogs;
};
const loginLogs = async (token: string, variables: Record<string, unknown> = {}) => {
  const result = await client.gql<{ loginLogs: { data: LoginLog[]; pageInfo: PageInfo } }>(LOGIN_LOGS, variables, token);
  if (!result.data) throw new Error(`loginLogs failed: ${JSON.stringify(result.errors)}`);
  return result.data.loginLogs;
};

describe('audit logs', () => {
  it("shows the caller's organization's trail only, newest first, with who did it", async () => {
    const page = await auditLogs(ours.admin.token, { pagination: { page: 1, pageSize: 100 } });
    expect(page.data.length).toBeGreaterThanOrEqual(3);
    expect(page.data.every((row) => row.organizationId === ours.organizationId)).toBe(true);
    expect(page.data.map((row) => row.description)).not.toContain('Created role "Their role"');
    const times = page.data.map((row) => Date.parse(row.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const created = page.data.find((row) => row.action === 'createAuthorizationRole' && row.status === 'success');
    expect(created).toMatchObject({
      userId: ours.admin.userId,
      email: ours.admin.email,
      serviceName: 'tidewise-api',
      resource: 'authorizationRole',
    });
    expect(created?.changes).toMatchObject({ name: { before: null, after: 'Log role two' } });
    expect(created?.metadata).toMatchObject({
      userAgent: expect.stringContaining('Chrome'),
      ipAddress: expect.any(String),
      requestId: expect.any(String),
    });
  });

  it('filters by user, action, resource, status and date range, and pages', async () => {
    const denied = await auditLogs(ours.admin.token, { filter: { status: 'denied' } });
    expect(denied.data.map((r) => [r.action, r.userId])).toEqual([['createAuthorizationRole', contributor.userId]]);
    const byUser = await auditLogs(ours.admin.token, {
      filter: { userId: ours.admin.userId, action: 'createAuthorizationRole', resource: 'authorizationRole' },
    });
    expect(byUser.data).toHaveLength(2);
    expect(byUser.data.every((r) => r.userId === ours.admin.userId && r.status === 'success')).toBe(true);
    const paged = await auditLogs(ours.admin.token, {
      filter: { action: 'createAuthorizationRole', status: 'success' },
      pagination: { page: 1, pageSize: 1 },
    });
    expect(paged.data).toHaveLength(1);
    expect(paged.pageInfo).toMatchObject({ totalCount: 2, totalPages: 2, hasNextPage: true });
    const future = await auditLogs(ours.admin.token, { filter: { from: new Date(Date.now() + 60_000).toISOString() } });
    expect(future.data).toEqual([]);
    const past = await auditLogs(ours.admin.token, { filter: { to: new Date(Date.now() - 24 * 3600_000).toISOString() } });
    expect(past.data).toEqual([]);
  });

  it('refuses a reversed date range, an unknown status, readers without audit-logs:read and strangers', async () => {
    const reversed = await client.gql(
      AUDIT_LOGS,
      { filter: { from: '2025-02-01T00:00:00Z', to: '2025-01-01T00:00:00Z' } },
      ours.admin.token,
    );
    expect(errorOf(reversed).code).toBe('VALIDATION_FAILED');
    expect(errorOf(await client.gql(AUDIT_LOGS, { filter: { status: 'maybe' } }, ours.admin.token)).code).toBe('VALIDATION_FAILED');
    expect(errorOf(await client.gql(AUDIT_LOGS, { filter: { userId: 'x' } }, ours.admin.token)).code).toBe('VALIDATION_FAILED');
    expect(errorOf(await client.gql(AUDIT_LOGS, {}, contributor.token)).code).toBe('FORBIDDEN');
    expect(errorOf(await client.gql(AUDIT_LOGS, {})).code).toBe('UNAUTHENTICATED');
  });

  it("finds nothing of another organization's users through the filter, and NOT_FOUND per user", async () => {
    expect((await auditLogs(ours.admin.token, { filter: { userId: theirs.admin.userId } })).data).toEqual([]);
    expect(errorOf(await client.gql(USER_AUDIT_LOGS, { userId: theirs.admin.userId }, ours.admin.token)).code).toBe('NOT_FOUND');
    const own = await client.gql<{ userAuditLogs: { data: AuditLog[] } }>(
      USER_AUDIT_LOGS,
      { userId: contributor.userId },
      ours.admin.token,
    );
    // Newest first: the refused role creation, then the registration from the invitation.
    expect(own.data?.userAuditLogs.data.map((r) => [r.action, r.status])).toEqual([
      ['createAuthorizationRole', 'denied'],
      ['register', 'success'],
    ]);
  });
});

describe('login logs', () => {
  it("shows the organization's sign-in attempts only, newest first, with email and parsed user agent", async () => {
    const page = await loginLogs(ours.admin.token, { pagination: { page: 1, pageSize: 100 } });
    const userIds = new Set(page.data.map((r) => r.userId));
    expect(userIds).toEqual(new Set([ours.admin.userId, contributor.userId]));
    expect(page.data.map((r) => r.userId)).not.toContain(theirs.admin.userId);
    const times = page.data.map((r) => Date.parse(r.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(page.data[0]).toMatchObject({
      userId: contributor.userId,
      email: contributor.email,
      status: 'failure',
      method: 'password',
      browser: expect.stringContaining('Chrome'),
    });
  });

  it('filters by user, status, method and dates; per user; refuses strangers', async () => {
    const failures = await loginLogs(ours.admin.token, { filter: { status: 'failure' } });
    expect(failures.data.map((r) => r.userId)).toEqual([contributor.userId]);
    const emailCodes = await loginLogs(ours.admin.token, { filter: { method: 'Email', userId: ours.admin.userId, status: 'success' } });
    expect(emailCodes.data.length).toBeGreaterThanOrEqual(1);
    expect(emailCodes.data.every((r) => r.method === 'Email' && r.userId === ours.admin.userId)).toBe(true);
    expect((await loginLogs(ours.admin.token, { filter: { from: new Date(Date.now() + 60_000).toISOString() } })).data).toEqual([]);
    expect(errorOf(await client.gql(LOGIN_LOGS, { filter: { method: 'carrier-pigeon' } }, ours.admin.token)).code).toBe(
      'VALIDATION_FAILED',
    );
    const perUser = await client.gql<{ userLoginLogs: { data: LoginLog[] } }>(
      USER_LOGIN_LOGS,
      { userId: contributor.userId },
      ours.admin.token,
    );
    expect(perUser.data?.userLoginLogs.data.every((r) => r.userId === contributor.userId)).toBe(true);
    expect(perUser.data?.userLoginLogs.data.length).toBeGreaterThanOrEqual(2);
    expect(errorOf(await client.gql(USER_LOGIN_LOGS, { userId: theirs.admin.userId }, ours.admin.token)).code).toBe('NOT_FOUND');
    expect(errorOf(await client.gql(LOGIN_LOGS, {}, contributor.token)).code).toBe('FORBIDDEN');
    expect(errorOf(await client.gql(USER_LOGIN_LOGS, { userId: contributor.userId }, contributor.token)).code).toBe('FORBIDDEN');
  });
});
