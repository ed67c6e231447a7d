import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { expectSortedAcrossPages, type SortArg } from '../../../test/sorting.ts';
import { type Mailbox, outboxMailbox, uniqueEmail } from '../../../test/auth-test-kit.ts';
import { type Admin, newOrganization } from '../../../test/organization-test-kit.ts';

const INVITE = `mutation($input: InviteSupplierInput!) { inviteSupplier(input: $input) { relationship { id } } }`;
const RELATIONSHIPS = `query($pagination: PaginationInput, $sort: OrganizationRelationshipSortInput) {
  organizationRelationships(pagination: $pagination, sort: $sort) {
    data { id status createdAt verifiedAt supplierOrganization { name } }
  }
}`;

type Row = { id: string; status: string; createdAt: string; verifiedAt: string | null; supplierOrganization: { name: string } };

describe('organization relationships sorted by the server', () => {
  let server: TestServer;
  let mailbox: Mailbox;
  let customer: Admin;
  let stranger: Admin;
  const tag = randomUUID().slice(0, 8);

  const fetch = (who: Admin) => async (sort: SortArg, page: number, pageSize: number) => {
    const result = await who.client.gql<{ organizationRelationships: { data: Row[] } }>(
      RELATIONSHIPS,
      { sort, pagination: { page, pageSize } },
      who.token,
    );
    if (!result.data) throw new Error(JSON.stringify(result.errors));
    return result.data.organizationRelationships.data;
  };

  beforeAll(async () => {
    server = await startTestServer();
    mailbox = outboxMailbox(server);
    [customer, stranger] = [await newOrganization(server, mailbox), await newOrganization(server, mailbox)];
    for (const name of ['Quayside Ropes', 'anchor Works', 'Mooring Hub', 'Beacon Tugs']) {
      const input = { organizationName: `${name} ${tag}`, email: uniqueEmail('supplier'), firstName: 'Sven', lastName: 'Dahl' };
      const result = await customer.client.gql(INVITE, { input }, customer.token);
      if (!result.data) throw new Error(JSON.stringify(result.errors));
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  it("pages by the other side's name, ignoring case, in both directions", async () => {
    await expectSortedAcrossPages(fetch(customer), 'name', (r) => r.supplierOrganization.name.toLowerCase());
    const names = (await fetch(customer)({ field: 'name', direction: 'DESC' }, 1, 100)).map((r) => r.supplierOrganization.name);
    expect(names).toEqual(['Quayside Ropes', 'Mooring Hub', 'Beacon Tugs', 'anchor Works'].map((n) => `${n} ${tag}`));
  });

  it('pages by status, invitation and verification time in both directions', async () => {
    await expectSortedAcrossPages(fetch(customer), 'status', (r) => r.status);
    await expectSortedAcrossPages(fetch(customer), 'createdAt', (r) => r.createdAt);
    await expectSortedAcrossPages(fetch(customer), 'verifiedAt', (r) => r.verifiedAt);
  });

  it("sorts only the caller's relationships", async () => {
    expect(await fetch(stranger)({ field: 'name', direction: 'ASC' }, 1, 100)).toEqual([]);
  });
});
