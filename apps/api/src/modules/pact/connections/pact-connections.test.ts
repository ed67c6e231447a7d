import { randomUUID } from 'node:crypto';
import { pactConnections } from '@tidewise/db/schema/pact';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Mailbox, outboxMailbox } from '../../../test/auth-test-kit.ts';
import { dataOf, gqlOf, refusalOf } from '../../../test/graphql-test-kit.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { auditRows } from '../../../test/organization-test-kit.ts';
import { customerAndSupplier } from '../../../test/supplier-test-kit.ts';
import {
  CONNECTION,
  CONNECTIONS,
  type ConnectionView,
  CREATE_CONNECTION,
  DELETE_CONNECTION,
  UPDATE_CONNECTION,
} from './pact-connections-test-kit.ts';

/** Connections as an administrator makes them, on a server with the production URL rules (https, public addresses). */

let server: TestServer;
let mailbox: Mailbox;

beforeAll(async () => {
  server = await startTestServer();
  mailbox = outboxMailbox(server);
});
afterAll(async () => {
  await server?.close();
});

const SECRET = 'partner-secret-Ab3#9xQ';
const suffix = () => randomUUID().slice(0, 6);

describe('PACT connections', () => {
  it('are created, changed and deleted; the secret is stored encrypted and never readable', async () => {
    const { customer, supplier } = await customerAndSupplier(server, mailbox, {
      customer: `Conn Shipper ${suffix()}`,
      supplier: `Conn Oil ${suffix()}`,
    });
    const gql = gqlOf(customer);
    const created = dataOf(
      await gql<{ createPactConnection: ConnectionView }>(CREATE_CONNECTION, {
        input: {
          name: ' Oil supplier PACT ',
          supplierId: supplier.organizationId,
          baseUrl: 'https://1.1.1.1/pact/',
          clientId: 'tw-customer',
          clientSecret: SECRET,
        },
      }),
    ).createPactConnection;
    expect(created).toMatchObject({
      name: 'Oil supplier PACT',
      baseUrl: 'https://1.1.1.1/pact',
      tokenUrl: 'https://1.1.1.1/pact/auth/token',
      clientId: 'tw-customer',
      status: 'idle',
      footprintCount: 0,
      footprintsWithQuantity: 0,
      entriesFile: null,
      supplier: { organization: { id: supplier.organizationId } },
    });
    const [row] = await server.database.db.select().from(pactConnections).where(eq(pactConnections.id, created.id));
    expect(row?.clientSecretEncrypted).toMatch(/^v1:/);
    expect(row?.clientSecretEncrypted).not.toContain(SECRET);

    const oneOnly = refusalOf(
      await gql(CREATE_CONNECTION, {
        input: { name: 'Again', supplierId: supplier.organizationId, baseUrl: 'https://1.1.1.1', clientId: 'x', clientSecret: 'y' },
      }),
    );
    expect(oneOnly).toMatchObject({ code: 'CONFLICT', field: 'supplierId' });
    expect(oneOnly.message).toContain('already a connection');

    const updated = dataOf(
      await gql<{ updatePactConnection: ConnectionView }>(UPDATE_CONNECTION, {
        input: { id: created.id, name: 'Oil PACT', tokenUrl: 'https://8.8.8.8/oauth/token', clientSecret: 'new-secret-Zz9' },
      }),
    ).updatePactConnection;
    expect(updated).toMatchObject({
      name: 'Oil PACT',
      baseUrl: 'https://1.1.1.1/pact',
      tokenUrl: 'https://8.8.8.8/oauth/token',
      clientId: 'tw-customer',
    });
    const [after] = await server.database.db.select().from(pactConnections).where(eq(pactConnections.id, created.id));
    expect(after?.clientSecretEncrypted).not.toBe(row?.clientSecretEncrypted);

    const listed = dataOf(await gql<{ pactConnections: ConnectionView[] }>(CONNECTIONS)).pactConnections;
    expect(listed.map((c) => c.id)).toEqual([created.id]);
    const audit = [
      ...(await auditRows(server, customer.organizationId, 'createPactConnection')),
      ...(await auditRows(server, customer.organizationId, 'updatePactConnection')),
    ];
    expect(audit.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(audit)).not.toContain(SECRET);
    expect(JSON.stringify(audit)).not.toContain('new-secret-Zz9');
    expect(JSON.stringify(listed)).not.toContain(SECRET);

    expect(dataOf(await gql<{ deletePactConnection: boolean }>(DELETE_CONNECTION, { id: created.id })).deletePactConnection).toBe(true);
    expect(refusalOf(await gql(CONNECTION, { id: created.id })).code).toBe('NOT_FOUND');
  });

  it('refuse a URL the server must not call and name the field', async () => {
    const { customer, supplier } = await customerAndSupplier(server, mailbox, {
      customer: `Url Shipper ${suffix()}`,
      supplier: `Url Oil ${suffix()}`,
    });
    const gql = gqlOf(customer);
    const attempt = (input: Record<string, unknown>) =>
      gql(CREATE_CONNECTION, {
        input: { name: `Try ${suffix()}`, supplierId: supplier.organizationId, clientId: 'c', clientSecret: 's', ...input },
      });

    const http = refusalOf(await attempt({ baseUrl: 'http://1.1.1.1' }));
    expect(http).toMatchObject({ code: 'VALIDATION_FAILED', field: 'baseUrl' });
    expect(http.message).toContain('https://');

    const notAUrl = refusalOf(await attempt({ baseUrl: 'pact.example' }));
    expect(notAUrl).toMatchObject({ code: 'VALIDATION_FAILED', field: 'baseUrl' });

    for (const inner of [
      'https://127.0.0.1:8443',
      'https://10.1.2.3',
      'https://169.254.169.254/latest',
      'https://[::1]/',
      'https://localhost/',
    ])
      expect(refusalOf(await attempt({ baseUrl: inner })), inner).toMatchObject({ code: 'VALIDATION_FAILED', field: 'baseUrl' });
    const metadata = refusalOf(await attempt({ baseUrl: 'https://169.254.169.254' }));
    expect(metadata.message).toContain('not public');

    const token = refusalOf(await attempt({ baseUrl: 'https://1.1.1.1', tokenUrl: 'https://192.168.1.10/token' }));
    expect(token).toMatchObject({ code: 'VALIDATION_FAILED', field: 'tokenUrl' });

    const creds = refusalOf(await attempt({ baseUrl: 'https://user:pw@1.1.1.1' }));
    expect(creds).toMatchObject({ code: 'VALIDATION_FAILED', field: 'baseUrl' });

    expect(refusalOf(await attempt({ baseUrl: 'https://1.1.1.1', clientSecret: '' }))).toMatchObject({ field: 'clientSecret' });
    expect(refusalOf(await attempt({ baseUrl: 'https://1.1.1.1', name: '  ' }))).toMatchObject({ field: 'name' });

    const unknown = refusalOf(await attempt({ baseUrl: 'https://1.1.1.1', supplierId: randomUUID() }));
    expect(unknown.code).toBe('NOT_FOUND');
    const listed = dataOf(await gql<{ pactConnections: ConnectionView[] }>(CONNECTIONS)).pactConnections;
    expect(listed).toEqual([]);
  });
});
