import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { invitationToken, newOrganization, registerFromToken } from '../../../test/organization-test-kit.ts';
import { clientFor, type Mailbox, outboxMailbox, seen, uniqueEmail, waitForNewMail } from '../../../test/auth-test-kit.ts';

const INVITE = `mutation($input: InviteSupplierInput!) {
  inviteSupplier(input: $input) { createdOrganization relationship { supplierOrganization { id } } }
}`;
const COMPLETE = `mutation { completeSupplierRegistration { activated { customerOrganization { name } } } }`;
const ORGANIZATION = `query($id: ID) { organization(id: $id) { id name createdByOrganization { id name } } }`;
const SUPPLIER = `query($id: ID!) {
  supplier(id: $id) { name organization { createdByOrganization { name } } relationship { status supplierOrganization { createdByOrganization { name } } } }
}`;
const RELATIONSHIPS = `query { organizationRelationships { data { status supplierOrganization { name createdByOrganization { name } } } } }`;
const VALIDATE_TOKEN = `query($token: String!) {
  validateAuthenticationToken(token: $token) { email organizationUser { organization { name createdByOrganization { name } } } }
}`;
const REFRESH = `mutation($token: String!) {
  refreshToken(token: $token) { user { organizationUser { organization { name createdByOrganization { name } } } } }
}`;

/**
 * Which customer first invited a supplier is known to the supplier and to that customer only: a
 * second customer of the same supplier must not learn who else the supplier works for.
 */
describe('Organization.createdByOrganization', () => {
  let server: TestServer;
  let mailbox: Mailbox;

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true', APP_URL: 'https://app.tidewise.example' });
    mailbox = outboxMailbox(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('shows the creator to the supplier and to the creator, never to another customer of the supplier', async () => {
    const creator = await newOrganization(server, mailbox, 'Bergen Tankers');
    const other = await newOrganization(server, mailbox, 'Aalborg Ferries');
    const contact = uniqueEmail('supplier');

    // Bergen Tankers invites a new supplier; the invitation page names Bergen Tankers.
    const first = await creator.client.gql<{ inviteSupplier: { relationship: { supplierOrganization: { id: string } } } }>(
      INVITE,
      { input: { organizationName: 'Skagen Marine Fuels', email: contact, firstName: 'Sofie', lastName: 'Krogh' } },
      creator.token,
    );
    const supplierId = first.data?.inviteSupplier.relationship.supplierOrganization.id ?? '';
    expect(supplierId).not.toBe('');
    const { token } = await invitationToken(mailbox, contact);
    const publicClient = clientFor(server);
    expect((await publicClient.gql(VALIDATE_TOKEN, { token })).data).toEqual({
      validateAuthenticationToken: {
        email: contact,
        organizationUser: { organization: { name: 'Skagen Marine Fuels', createdByOrganization: { name: 'Bergen Tankers' } } },
      },
    });
    const supplierSession = await registerFromToken(publicClient, mailbox, contact, token);
    const supplierClient = clientFor(server);
    await supplierClient.gql(COMPLETE, {}, supplierSession.token);

    // Aalborg Ferries invites the same supplier through its contact's address; the supplier accepts.
    const before = await seen(mailbox, contact);
    const second = await other.client.gql<{ inviteSupplier: { createdOrganization: boolean } }>(
      INVITE,
      { input: { organizationName: 'Skagen Fuels', email: contact, firstName: 'Sofie', lastName: 'Krogh' } },
      other.token,
    );
    expect(second.data).toEqual({
      inviteSupplier: { createdOrganization: false, relationship: { supplierOrganization: { id: supplierId } } },
    });
    await waitForNewMail(mailbox, contact, before);
    const accepted = await supplierClient.gql(COMPLETE, {}, supplierSession.token);
    expect(accepted.data).toEqual({ completeSupplierRegistration: { activated: [{ customerOrganization: { name: 'Aalborg Ferries' } }] } });

    // Aalborg Ferries reads its active supplier every way it can: the creator stays hidden.
    expect((await other.client.gql(ORGANIZATION, { id: supplierId }, other.token)).data).toEqual({
      organization: { id: supplierId, name: 'Skagen Marine Fuels', createdByOrganization: null },
    });
    expect((await other.client.gql(SUPPLIER, { id: supplierId }, other.token)).data).toEqual({
      supplier: {
        name: 'Skagen Marine Fuels',
        organization: { createdByOrganization: null },
        relationship: { status: 'active', supplierOrganization: { createdByOrganization: null } },
      },
    });
    expect((await other.client.gql(RELATIONSHIPS, {}, other.token)).data).toEqual({
      organizationRelationships: {
        data: [{ status: 'active', supplierOrganization: { name: 'Skagen Marine Fuels', createdByOrganization: null } }],
      },
    });

    // The creator and the supplier itself still see it, also in a newly started session.
    const creatorRef = { id: creator.organizationId, name: 'Bergen Tankers' };
    expect((await creator.client.gql(ORGANIZATION, { id: supplierId }, creator.token)).data).toEqual({
      organization: { id: supplierId, name: 'Skagen Marine Fuels', createdByOrganization: creatorRef },
    });
    expect((await supplierClient.gql(ORGANIZATION, {}, supplierSession.token)).data).toEqual({
      organization: { id: supplierId, name: 'Skagen Marine Fuels', createdByOrganization: creatorRef },
    });
    expect((await supplierClient.gql(REFRESH, { token: supplierSession.refreshToken })).data).toEqual({
      refreshToken: {
        user: { organizationUser: { organization: { name: 'Skagen Marine Fuels', createdByOrganization: { name: 'Bergen Tankers' } } } },
      },
    });
  });
});
