import { organizationRelationships, organizations } from '@tidewise/db/schema/organizations';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { clientFor, errorOf, type Mailbox, outboxMailbox, seen, uniqueEmail, waitForNewMail } from '../../../test/auth-test-kit.ts';
import {
  type Admin,
  addMember,
  auditRows,
  invitationToken,
  newOrganization,
  registerFromToken,
} from '../../../test/organization-test-kit.ts';

const INVITE = `mutation($input: InviteSupplierInput!) {
  inviteSupplier(input: $input) {
    createdOrganization
    relationship { id status verifiedAt customerOrganization { id name } supplierOrganization { id name organizationType registrationStatus } }
    possibleMatches { similarity relationshipStatus organization { id name } }
  }
}`;
const COMPLETE = `mutation { completeSupplierRegistration { organization { id registrationStatus } activated { id status verifiedAt customerOrganization { name } } } }`;
const RELATIONSHIPS = `query($status: RelationshipStatus, $search: String, $side: RelationshipSide) {
  organizationRelationships(status: $status, search: $search, side: $side) {
    data { id status customerOrganization { name } supplierOrganization { name } }
    pageInfo { totalCount }
  }
}`;
const SUPPLIER = `query($id: ID!) { supplier(id: $id) { id name organization { id name } relationship { id status } } }`;
const GROUPED = `query { groupedSuppliers { status label count suppliers { name } } }`;
const MATCHES = `query($name: String!) { supplierMatches(name: $name) { similarity organization { name } } }`;
const SET_STATUS = `mutation($id: ID!, $status: RelationshipStatus!) { updateOrganizationRelationshipStatus(id: $id, status: $status) { id status } }`;
const RESEND = `mutation($id: ID!) { resendSupplierInvitation(relationshipId: $id) { success message } }`;
const ORGANIZATION = `query($id: ID) { organization(id: $id) { id name } }`;

type Invited = {
  inviteSupplier: {
    createdOrganization: boolean;
    relationship: { id: string; status: string; supplierOrganization: { id: string; name: string; registrationStatus: string } };
    possibleMatches: { similarity: number; organization: { name: string } }[];
  };
};

describe('suppliers', () => {
  let server: TestServer;
  let mailbox: Mailbox;

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true', APP_URL: 'https://app.tidewise.example' });
    mailbox = outboxMailbox(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  const invite = async (customer: Admin, organizationName: string, email = uniqueEmail('supplier')) => {
    const result = await customer.client.gql<Invited>(
      INVITE,
      { input: { organizationName, email, firstName: 'Sven', lastName: 'Dahl' } },
      customer.token,
    );
    return { result, email, invited: result.data?.inviteSupplier };
  };

  /** Registers the supplier contact from the emailed link and signs in. */
  const registerSupplier = async (email: string) => {
    const { path, token } = await invitationToken(mailbox, email);
    expect(path).toBe('/supplier/register');
    const session = await registerFromToken(clientFor(server), mailbox, email, token);
    return { token: session.token, session, client: clientFor(server) };
  };

  it('invites a new supplier (pending), who registers and completes: active on both sides, audited', async () => {
    const customer = await newOrganization(server, mailbox, 'Hanstholm Ferries');
    const { invited, email } = await invite(customer, 'Limfjord Marine Fuels');
    expect(invited).toMatchObject({
      createdOrganization: true,
      relationship: {
        status: 'pending',
        verifiedAt: null,
        customerOrganization: { id: customer.organizationId, name: 'Hanstholm Ferries' },
        supplierOrganization: { name: 'Limfjord Marine Fuels', organizationType: 'supplier', registrationStatus: 'invited' },
      },
      possibleMatches: [],
    });
    const mail = (await mailbox.list(email))[0];
    expect(mail?.text).toContain('Hanstholm Ferries invited you');
    expect(mail?.text).toContain('https://app.tidewise.example/supplier/register?token=');

    const supplier = await registerSupplier(email);
    const completed = await supplier.client.gql<{ completeSupplierRegistration: Record<string, unknown> }>(COMPLETE, {}, supplier.token);
    expect(completed.data?.completeSupplierRegistration).toMatchObject({
      organization: { registrationStatus: 'registered' },
      activated: [
        {
          id: invited?.relationship.id,
          status: 'active',
          verifiedAt: expect.any(String),
          customerOrganization: { name: 'Hanstholm Ferries' },
        },
      ],
    });
    const again = await supplier.client.gql(COMPLETE, {}, supplier.token);
    expect(again.data).toMatchObject({ completeSupplierRegistration: { activated: [] } });

    const asCustomer = await customer.client.gql(RELATIONSHIPS, {}, customer.token);
    expect(asCustomer.data).toEqual({
      organizationRelationships: {
        data: [
          {
            id: invited?.relationship.id,
            status: 'active',
            customerOrganization: { name: 'Hanstholm Ferries' },
            supplierOrganization: { name: 'Limfjord Marine Fuels' },
          },
        ],
        pageInfo: { totalCount: 1 },
      },
    });
    // A supplier contributor sees the customers it supplies.
    const asSupplier = await supplier.client.gql(RELATIONSHIPS, { side: 'supplier' }, supplier.token);
    expect(asSupplier.data).toMatchObject({ organizationRelationships: { data: [{ status: 'active' }], pageInfo: { totalCount: 1 } } });
    // An active relationship shares the organization profile both ways.
    const supplierId = invited?.relationship.supplierOrganization.id ?? '';
    expect((await customer.client.gql(ORGANIZATION, { id: supplierId }, customer.token)).data).toEqual({
      organization: { id: supplierId, name: 'Limfjord Marine Fuels' },
    });
    expect((await supplier.client.gql(ORGANIZATION, { id: customer.organizationId }, supplier.token)).errors).toBeUndefined();

    const customerAudit = await auditRows(server, customer.organizationId, 'inviteSupplier');
    expect(customerAudit.at(-1)).toMatchObject({
      status: 'success',
      resource: 'organizationRelationship',
      resourceId: invited?.relationship.id,
    });
    const supplierAudit = await auditRows(server, supplierId, 'completeSupplierRegistration');
    // Registration already marked the organization registered; the second, empty call leaves the wrapper's plain row.
    expect(supplierAudit.map((r) => r.resource)).toEqual(['organizationRelationship', 'completeSupplierRegistration']);
    const acceptance = await auditRows(server, customer.organizationId, 'completeSupplierRegistration');
    expect(acceptance).toHaveLength(1);
    expect(acceptance[0]).toMatchObject({
      resourceId: invited?.relationship.id,
      description: 'Limfjord Marine Fuels accepted the supplier relationship',
      changes: { status: { before: 'pending', after: 'active' } },
    });
  });

  it('refuses completing by a customer organization, and inviting by a supplier or without suppliers:invite', async () => {
    const customer = await newOrganization(server, mailbox);
    expect(errorOf(await customer.client.gql(COMPLETE, {}, customer.token)).code).toBe('VALIDATION_FAILED');
    const viewer = await addMember(mailbox, customer, 'viewer');
    expect(
      errorOf(
        await customer.client.gql(
          INVITE,
          { input: { organizationName: 'X', email: uniqueEmail('x'), firstName: 'A', lastName: 'B' } },
          viewer.token,
        ),
      ).code,
    ).toBe('FORBIDDEN');
    const { email } = await invite(customer, 'Thyborøn Nets');
    const supplier = await registerSupplier(email);
    await supplier.client.gql(COMPLETE, {}, supplier.token);
    const supplierAdminInvite = await supplier.client.gql(
      INVITE,
      { input: { organizationName: 'Sub supplier', email: uniqueEmail('sub'), firstName: 'A', lastName: 'B' } },
      supplier.token,
    );
    expect(errorOf(supplierAdminInvite).code).toBe('FORBIDDEN');
    expect(
      errorOf(
        await customer.client.gql(INVITE, { input: { organizationName: '', email: 'bad', firstName: 'A', lastName: 'B' } }, customer.token),
      ).code,
    ).toBe('VALIDATION_FAILED');
  });

  it('suspends, resumes and ends by the rules; illegal changes name from and to; the supplier side cannot change it', async () => {
    const customer = await newOrganization(server, mailbox);
    const { invited, email } = await invite(customer, 'Esbjerg Cranes');
    const id = invited?.relationship.id ?? '';
    expect(errorOf(await customer.client.gql(SET_STATUS, { id, status: 'active' }, customer.token))).toEqual({
      code: 'CONFLICT',
      message: 'A supplier relationship cannot change from pending to active. It becomes active when the supplier accepts the invitation.',
    });
    const supplier = await registerSupplier(email);
    await supplier.client.gql(COMPLETE, {}, supplier.token);

    const steps = [
      ['suspended', 'suspended'],
      ['active', 'active'],
      ['ended', 'ended'],
    ] as const;
    for (const [to, expected] of steps) {
      const changed = await customer.client.gql(SET_STATUS, { id, status: to }, customer.token);
      expect(changed.data).toEqual({ updateOrganizationRelationshipStatus: { id, status: expected } });
    }
    expect(errorOf(await customer.client.gql(SET_STATUS, { id, status: 'active' }, customer.token))).toEqual({
      code: 'CONFLICT',
      message: 'A supplier relationship cannot change from ended to active.',
    });
    expect(errorOf(await customer.client.gql(SET_STATUS, { id, status: 'ended' }, customer.token)).message).toBe(
      'The supplier relationship is already ended.',
    );
    expect(errorOf(await supplier.client.gql(SET_STATUS, { id, status: 'ended' }, supplier.token)).code).toBe('FORBIDDEN');
    // The supplier's ended relationship no longer shares the profile.
    expect(errorOf(await supplier.client.gql(ORGANIZATION, { id: customer.organizationId }, supplier.token)).code).toBe('NOT_FOUND');

    const audit = await auditRows(server, customer.organizationId, 'updateOrganizationRelationshipStatus');
    expect(audit.filter((r) => r.status === 'success').map((r) => r.changes)).toEqual([
      { status: { before: 'active', after: 'suspended' } },
      { status: { before: 'suspended', after: 'active' } },
      { status: { before: 'active', after: 'ended' } },
    ]);
    expect(audit.filter((r) => r.status === 'failure')).toHaveLength(3);

    // A new invitation reopens an ended relationship as pending; the registered contact is asked to accept.
    const before = await seen(mailbox, email);
    const reopened = await customer.client.gql<Invited>(
      INVITE,
      { input: { organizationName: 'Esbjerg Cranes', email, firstName: 'Sven', lastName: 'Dahl' } },
      customer.token,
    );
    expect(reopened.data?.inviteSupplier).toMatchObject({ createdOrganization: false, relationship: { id, status: 'pending' } });
    const request = await waitForNewMail(mailbox, email, before);
    expect(request.text).toContain('Sign in to accept the request.');
    const accepted = await supplier.client.gql(COMPLETE, {}, supplier.token);
    expect(accepted.data).toMatchObject({ completeSupplierRegistration: { activated: [{ id, status: 'active' }] } });
  });

  it('keeps other organizations out of relationships, suppliers and status changes', async () => {
    const customer = await newOrganization(server, mailbox);
    const intruder = await newOrganization(server, mailbox);
    const { invited } = await invite(customer, 'Frederikshavn Paints');
    const id = invited?.relationship.id ?? '';
    const supplierId = invited?.relationship.supplierOrganization.id ?? '';
    expect(errorOf(await intruder.client.gql(SET_STATUS, { id, status: 'ended' }, intruder.token)).code).toBe('NOT_FOUND');
    expect(errorOf(await intruder.client.gql(RESEND, { id }, intruder.token)).code).toBe('NOT_FOUND');
    expect(errorOf(await intruder.client.gql(SUPPLIER, { id: supplierId }, intruder.token)).code).toBe('NOT_FOUND');
    expect(errorOf(await intruder.client.gql(ORGANIZATION, { id: supplierId }, intruder.token)).code).toBe('NOT_FOUND');
    expect((await intruder.client.gql(RELATIONSHIPS, {}, intruder.token)).data).toEqual({
      organizationRelationships: { data: [], pageInfo: { totalCount: 0 } },
    });
    expect((await intruder.client.gql(MATCHES, { name: 'Frederikshavn Paints' }, intruder.token)).data).toEqual({ supplierMatches: [] });
    const [row] = await server.database.db.select().from(organizationRelationships).where(eq(organizationRelationships.id, id));
    expect(row?.status).toBe('pending');
    // A pending relationship does not share the profile yet.
    expect(errorOf(await customer.client.gql(ORGANIZATION, { id: supplierId }, customer.token)).code).toBe('NOT_FOUND');
  });

  it('never attaches an invitee to another customer’s supplier by name, and adds contacts to my own unregistered supplier', async () => {
    const first = await newOrganization(server, mailbox);
    const second = await newOrganization(server, mailbox);
    const a = await invite(first, 'Skagen Ropes');
    const b = await invite(second, 'Skagen Ropes');
    expect(b.invited?.createdOrganization).toBe(true);
    expect(b.invited?.relationship.supplierOrganization.id).not.toBe(a.invited?.relationship.supplierOrganization.id);

    const contact = await invite(first, 'skagen ropes');
    expect(contact.invited).toMatchObject({
      createdOrganization: false,
      relationship: {
        id: a.invited?.relationship.id,
        status: 'pending',
        supplierOrganization: { id: a.invited?.relationship.supplierOrganization.id },
      },
    });
    const twice = await first.client.gql(
      INVITE,
      { input: { organizationName: 'Other name', email: a.email, firstName: 'S', lastName: 'D' } },
      first.token,
    );
    expect(errorOf(twice)).toEqual({ code: 'CONFLICT', message: 'This supplier has already been invited. Resend the invitation instead.' });
    const customerEmail = await first.client.gql(
      INVITE,
      { input: { organizationName: 'Y', email: second.email, firstName: 'S', lastName: 'D' } },
      first.token,
    );
    expect(errorOf(customerEmail).code).toBe('CONFLICT');
  });

  it('resends a pending invitation only; the older link stops working', async () => {
    const customer = await newOrganization(server, mailbox);
    const { invited, email } = await invite(customer, 'Hirtshals Welding');
    const id = invited?.relationship.id ?? '';
    const old = await invitationToken(mailbox, email);
    const before = await seen(mailbox, email);
    const resent = await customer.client.gql(RESEND, { id }, customer.token);
    expect(resent.data).toEqual({ resendSupplierInvitation: { success: true, message: `A new invitation has been sent to ${email}.` } });
    const fresh = await invitationToken(mailbox, email, before);
    expect(fresh.token).not.toBe(old.token);
    const stale = await clientFor(server).gql(`mutation($input: RegisterInput!) { register(input: $input) { userId } }`, {
      input: { token: old.token, password: 'Sturdy#Harbour-42', mfaMethod: 'Email' },
    });
    expect(stale.errors?.[0]?.message).toBe('Invalid or expired invitation token');
    const session = await registerFromToken(clientFor(server), mailbox, email, fresh.token);
    await clientFor(server).gql(COMPLETE, {}, session.token);
    expect(errorOf(await customer.client.gql(RESEND, { id }, customer.token))).toEqual({
      code: 'CONFLICT',
      message: 'Only a pending invitation can be resent; this relationship is active.',
    });
  });

  it('lists, filters, groups and matches suppliers', async () => {
    const customer = await newOrganization(server, mailbox);
    const names = ['Aalborg Ship Supplies', 'Aalborg Ship Supply', 'Bergen Bunkers', 'Cuxhaven Chains'];
    const ids: Record<string, string> = {};
    for (const name of names) {
      const { invited } = await invite(customer, name);
      ids[name] = invited?.relationship.id ?? '';
    }
    await customer.client.gql(SET_STATUS, { id: ids['Cuxhaven Chains'], status: 'ended' }, customer.token);
    const ended = await customer.client.gql(RELATIONSHIPS, { status: 'ended' }, customer.token);
    expect(ended.data).toMatchObject({
      organizationRelationships: { data: [{ supplierOrganization: { name: 'Cuxhaven Chains' } }], pageInfo: { totalCount: 1 } },
    });
    const searched = await customer.client.gql(RELATIONSHIPS, { search: 'aalborg' }, customer.token);
    expect(searched.data).toMatchObject({ organizationRelationships: { pageInfo: { totalCount: 2 } } });

    const grouped = await customer.client.gql(GROUPED, {}, customer.token);
    expect(grouped.data).toEqual({
      groupedSuppliers: [
        {
          status: 'pending',
          label: 'Pending',
          count: 3,
          suppliers: [{ name: 'Aalborg Ship Supplies' }, { name: 'Aalborg Ship Supply' }, { name: 'Bergen Bunkers' }],
        },
        { status: 'active', label: 'Active', count: 0, suppliers: [] },
        { status: 'suspended', label: 'Suspended', count: 0, suppliers: [] },
        { status: 'ended', label: 'Ended', count: 1, suppliers: [{ name: 'Cuxhaven Chains' }] },
      ],
    });

    const matches = await customer.client.gql<{ supplierMatches: { similarity: number; organization: { name: string } }[] }>(
      MATCHES,
      { name: 'Aalborg Ship Supplies A/S' },
      customer.token,
    );
    expect(matches.data?.supplierMatches.map((m) => m.organization.name)).toEqual(['Aalborg Ship Supplies', 'Aalborg Ship Supply']);
    expect(matches.data?.supplierMatches.every((m) => m.similarity > 0.3)).toBe(true);
    const { invited } = await invite(customer, 'Aalborg Ship Supplys');
    expect(invited?.possibleMatches.map((m) => m.organization.name)).toEqual(['Aalborg Ship Supply', 'Aalborg Ship Supplies']);

    const supplierId = (
      await server.database.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, 'Bergen Bunkers'))
    )[0]?.id;
    const one = await customer.client.gql(SUPPLIER, { id: supplierId }, customer.token);
    expect(one.data).toEqual({
      supplier: {
        id: supplierId,
        name: 'Bergen Bunkers',
        organization: { id: supplierId, name: 'Bergen Bunkers' },
        relationship: { id: ids['Bergen Bunkers'], status: 'pending' },
      },
    });
  });
});
