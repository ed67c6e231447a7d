import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { expectSortedAcrossPages, type SortArg } from '../../../test/sorting.ts';
import { errorOf, type Mailbox, outboxMailbox, uniqueEmail } from '../../../test/auth-test-kit.ts';
import { type Admin, CREATE_USER, newOrganization } from '../../../test/organization-test-kit.ts';

const USERS = `query($pagination: PaginationInput, $sort: OrganizationUserSortInput) {
  organizationUsers(pagination: $pagination, sort: $sort) { data { id email firstName lastName role createdAt } }
}`;

type Row = { id: string; email: string; firstName: string | null; lastName: string | null; role: string; createdAt: string };

describe('organization users sorted by the server', () => {
  let server: TestServer;
  let mailbox: Mailbox;
  let admin: Admin;
  let other: Admin;

  const fetch = (who: Admin) => async (sort: SortArg, page: number, pageSize: number) => {
    const result = await who.client.gql<{ organizationUsers: { data: Row[] } }>(USERS, { sort, pagination: { page, pageSize } }, who.token);
    if (!result.data) throw new Error(JSON.stringify(result.errors));
    return result.data.organizationUsers.data;
  };

  beforeAll(async () => {
    server = await startTestServer();
    mailbox = outboxMailbox(server);
    [admin, other] = [await newOrganization(server, mailbox), await newOrganization(server, mailbox)];
    const people = [
      ['Dag', 'dahl', 'viewer'],
      ['Ada', 'Aasen', 'contributor'],
      ['Cato', 'Carlsen', 'viewer'],
      ['Bo', 'Berg', 'organization_admin'],
      ['Ada', 'Berg', 'contributor'],
    ] as const;
    for (const [firstName, lastName, roleKey] of people) {
      const created = await admin.client.gql(
        CREATE_USER,
        { input: { email: uniqueEmail(firstName), firstName, lastName, roleKey } },
        admin.token,
      );
      if (!created.data) throw new Error(JSON.stringify(created.errors));
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  it('pages by name (last, then first name, ignoring case) in both directions', async () => {
    await expectSortedAcrossPages(fetch(admin), 'name', (r) => `${r.lastName ?? ''}|${r.firstName ?? ''}`.toLowerCase());
    const names = (await fetch(admin)({ field: 'name', direction: 'ASC' }, 1, 100)).map((r) => `${r.firstName} ${r.lastName}`);
    expect(names.indexOf('Ada Aasen')).toBeLessThan(names.indexOf('Ada Berg'));
    expect(names.indexOf('Ada Berg')).toBeLessThan(names.indexOf('Bo Berg'));
    expect(names.indexOf('Cato Carlsen')).toBeLessThan(names.indexOf('Dag dahl'));
  });

  it('pages by email, role and creation time in both directions', async () => {
    await expectSortedAcrossPages(fetch(admin), 'email', (r) => r.email);
    await expectSortedAcrossPages(fetch(admin), 'role', (r) => r.role);
    await expectSortedAcrossPages(fetch(admin), 'createdAt', (r) => r.createdAt);
  });

  it("sorts only the caller's organization's users", async () => {
    const theirs = await fetch(other)({ field: 'email', direction: 'ASC' }, 1, 100);
    const ours = await fetch(admin)({ field: 'email', direction: 'ASC' }, 1, 100);
    expect(theirs).toHaveLength(1);
    expect(ours.map((r) => r.id)).not.toContain(theirs[0]?.id);
  });

  it('refuses a field outside the list, naming sort', async () => {
    const result = await admin.client.gql(USERS, { sort: { field: 'passwordHash', direction: 'ASC' } }, admin.token);
    expect(result.data ?? null).toBeNull();
    expect(JSON.stringify(errorOf(result) ?? result.errors)).toContain('sort');
  });
});
