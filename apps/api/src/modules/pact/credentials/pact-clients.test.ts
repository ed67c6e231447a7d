import { randomUUID } from 'node:crypto';
import { pactClients } from '@tidewise/db/schema/pact';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../lib/identity/passwords.ts';
import { type Mailbox, outboxMailbox } from '../../../test/auth-test-kit.ts';
import { dataOf, gqlOf, refusalOf } from '../../../test/graphql-test-kit.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { addMember, auditRows, newOrganization } from '../../../test/organization-test-kit.ts';
import { activeSupplierOf } from '../../../test/supplier-test-kit.ts';
import { CREATE_PACT_CLIENT, issuePactClient, PACT_CLIENTS, type PactClientView, REVOKE_PACT_CLIENT } from './pact-clients-test-kit.ts';

let server: TestServer;
let mailbox: Mailbox;

beforeAll(async () => {
  server = await startTestServer();
  mailbox = outboxMailbox(server);
});
afterAll(async () => {
  await server?.close();
});

const storedRow = async (id: string) => (await server.database.db.select().from(pactClients).where(eq(pactClients.id, id)))[0];

describe('PACT API credentials', () => {
  it('show the secret once, list only its hint, and store a hash that verifies against it', async () => {
    const admin = await newOrganization(server, mailbox, `Credentials Shipping ${randomUUID().slice(0, 6)}`);
    const gql = gqlOf(admin);

    const issued = await issuePactClient(gql, '  Shipper ERP  ');
    expect(issued.client).toMatchObject({
      name: 'Shipper ERP',
      active: true,
      revokedAt: null,
      lastUsedAt: null,
      createdByEmail: admin.email,
      secretHint: issued.clientSecret.slice(-4),
    });
    expect(issued.client.clientId).toMatch(/^twpact_[0-9a-f]{32}$/);
    // 32 random bytes, base64url: 43 characters of the URL-safe alphabet.
    expect(issued.clientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(issued.tokenUrl).toBe(`${server.env.APP_URL}/auth/token`);
    expect(issued.apiBaseUrl).toBe(server.env.APP_URL);

    const listed = dataOf(await gql<{ pactClients: PactClientView[] }>(PACT_CLIENTS)).pactClients;
    expect(listed).toEqual([issued.client]);
    expect(JSON.stringify(listed)).not.toContain(issued.clientSecret);

    const row = await storedRow(issued.client.id);
    expect(row?.secretHash).toMatch(/^\$argon2id\$/);
    expect(row?.secretHash).not.toContain(issued.clientSecret);
    expect(await verifyPassword(row?.secretHash ?? null, issued.clientSecret)).toBe(true);
    expect(await verifyPassword(row?.secretHash ?? null, `${issued.clientSecret}x`)).toBe(false);

    const [audit] = await auditRows(server, admin.organizationId, 'createPactClient');
    expect(audit).toMatchObject({ resource: 'pactClient', resourceId: issued.client.id, status: 'success' });
    expect(audit?.description).toContain(issued.client.clientId);
    expect(JSON.stringify(audit)).not.toContain(issued.clientSecret);

    // A second one lists first (newest first); every issue has its own client id and secret.
    const second = await issuePactClient(gql, 'Second system');
    expect(second.client.clientId).not.toBe(issued.client.clientId);
    expect(second.clientSecret).not.toBe(issued.clientSecret);
    const both = dataOf(await gql<{ pactClients: PactClientView[] }>(PACT_CLIENTS)).pactClients;
    expect(both.map((c) => c.id)).toEqual([second.client.id, issued.client.id]);
  });

  it('revoke once with an audit row; revoked ones list only when asked for, and revoking again is refused', async () => {
    const admin = await newOrganization(server, mailbox, `Revoking Shipping ${randomUUID().slice(0, 6)}`);
    const gql = gqlOf(admin);
    const issued = await issuePactClient(gql, 'Old ERP');

    const revoked = dataOf(await gql<{ revokePactClient: PactClientView }>(REVOKE_PACT_CLIENT, { id: issued.client.id })).revokePactClient;
    expect(revoked).toMatchObject({ id: issued.client.id, active: false });
    expect(revoked.revokedAt).not.toBeNull();
    expect((await storedRow(issued.client.id))?.revokedByUserId).toBe(admin.session.user.id);

    expect(dataOf(await gql<{ pactClients: PactClientView[] }>(PACT_CLIENTS)).pactClients).toEqual([]);
    const all = dataOf(await gql<{ pactClients: PactClientView[] }>(PACT_CLIENTS, { includeRevoked: true })).pactClients;
    expect(all.map((c) => [c.id, c.active])).toEqual([[issued.client.id, false]]);

    const again = refusalOf(await gql(REVOKE_PACT_CLIENT, { id: issued.client.id }));
    expect(again.code).toBe('CONFLICT');
    expect(again.message).toContain('"Old ERP" were already revoked');

    const audits = await auditRows(server, admin.organizationId, 'revokePactClient');
    expect(audits.map((a) => a.status)).toEqual(['success', 'failure']);
    expect(audits[0]?.changes).toMatchObject({ revokedAt: { before: null } });

    // The name of revoked credentials is free again.
    const reissued = await issuePactClient(gql, 'Old ERP');
    expect(reissued.client.active).toBe(true);

    const unknown = refusalOf(await gql(REVOKE_PACT_CLIENT, { id: randomUUID() }));
    expect(unknown.code).toBe('NOT_FOUND');
  });

  it('refuse an empty, too long or taken name and an unknown connection, saying which field', async () => {
    const admin = await newOrganization(server, mailbox, `Naming Shipping ${randomUUID().slice(0, 6)}`);
    const gql = gqlOf(admin);
    await issuePactClient(gql, 'Shipper ERP');

    expect(refusalOf(await gql(CREATE_PACT_CLIENT, { input: { name: '   ' } }))).toEqual({
      code: 'VALIDATION_FAILED',
      field: 'name',
      message: 'Give the credentials a name (who or what will use them).',
    });
    expect(refusalOf(await gql(CREATE_PACT_CLIENT, { input: { name: 'x'.repeat(101) } }))).toEqual({
      code: 'VALIDATION_FAILED',
      field: 'name',
      message: 'The name is 101 characters long; it may have at most 100.',
    });
    expect(refusalOf(await gql(CREATE_PACT_CLIENT, { input: { name: 'shipper erp' } }))).toEqual({
      code: 'CONFLICT',
      field: 'name',
      message: 'Active credentials named "shipper erp" already exist: choose another name or revoke those first.',
    });
    const connection = refusalOf(await gql(CREATE_PACT_CLIENT, { input: { name: 'Linked', connectionId: randomUUID() } }));
    expect(connection).toMatchObject({ code: 'NOT_FOUND', field: 'connectionId' });

    expect(dataOf(await gql<{ pactClients: PactClientView[] }>(PACT_CLIENTS)).pactClients.map((c) => c.name)).toEqual(['Shipper ERP']);
  });

  it('are issued and revoked by administrators only, listed by data roles, and invisible to a supplier', async () => {
    const admin = await newOrganization(server, mailbox, `Roles Shipping ${randomUUID().slice(0, 6)}`);
    const gql = gqlOf(admin);
    const issued = await issuePactClient(gql, 'Shipper ERP');

    const viewer = await addMember(mailbox, admin, 'viewer');
    const asViewer = gqlOf({ client: admin.client, token: viewer.token });
    expect(dataOf(await asViewer<{ pactClients: PactClientView[] }>(PACT_CLIENTS)).pactClients.map((c) => c.id)).toEqual([
      issued.client.id,
    ]);
    expect(refusalOf(await asViewer(CREATE_PACT_CLIENT, { input: { name: 'Viewer made' } })).code).toBe('FORBIDDEN');
    expect(refusalOf(await asViewer(REVOKE_PACT_CLIENT, { id: issued.client.id })).code).toBe('FORBIDDEN');

    const supplier = await activeSupplierOf(server, mailbox, admin, `Roles Supplier ${randomUUID().slice(0, 6)}`);
    const asSupplier = gqlOf(supplier);
    expect(refusalOf(await asSupplier(PACT_CLIENTS)).code).toBe('FORBIDDEN');
    expect(refusalOf(await asSupplier(REVOKE_PACT_CLIENT, { id: issued.client.id })).code).toBe('FORBIDDEN');

    expect((await storedRow(issued.client.id))?.revokedAt).toBeNull();
    expect(dataOf(await gql<{ pactClients: PactClientView[] }>(PACT_CLIENTS)).pactClients.map((c) => c.name)).toEqual(['Shipper ERP']);
  });
});
