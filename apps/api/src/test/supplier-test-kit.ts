import { type Client, clientFor, type Mailbox, uniqueEmail } from './auth-test-kit.ts';
import { dataOf } from './graphql-test-kit.ts';
import type { TestServer } from './harness.ts';
import { type Admin, invitationToken, newOrganization, registerFromToken } from './organization-test-kit.ts';

/**
 * Shared by the tests in which a customer works with its supplier (requests, emissions, the flows across modules): a
 * customer organisation and a supplier made active through the public operations (invitation, registration,
 * completion), each a signed-in party.
 */

export type Party = { client: Client; token: string; organizationId: string; userId: string; email: string };

const partyOf = (admin: Admin): Party => ({
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
export const activeSupplierOf = async (
  server: TestServer,
  mailbox: Mailbox,
  customer: Pick<Party, 'client' | 'token'>,
  name: string,
): Promise<Party> => {
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

/** A new customer organisation, its signed-in administrator as a party. */
export const newCustomer = async (server: TestServer, mailbox: Mailbox, name: string) =>
  partyOf(await newOrganization(server, mailbox, name));

/** A customer organisation with one active supplier. */
export const customerAndSupplier = async (server: TestServer, mailbox: Mailbox, names: { customer: string; supplier: string }) => {
  const customer = await newCustomer(server, mailbox, names.customer);
  const supplier = await activeSupplierOf(server, mailbox, customer, names.supplier);
  return { customer, supplier };
};
