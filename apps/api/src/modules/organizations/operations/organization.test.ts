import { invitations, organizationRelationships, organizationUsers } from '@tidewise/db/schema/organizations';
import { sessions } from '@tidewise/db/schema/sessions';
import { emailChangeRequests, organizationSettings } from '@tidewise/db/schema/organization-admin';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { errorOf, type Mailbox, outboxMailbox, uniqueEmail } from '../../../test/auth-test-kit.ts';
import { addMember, auditRows, CREATE_USER, newOrganization } from '../../../test/organization-test-kit.ts';

const ORGANIZATION = `query($id: ID) {
  organization(id: $id) { id name logo websiteUrl organizationType organizationTypeLabel location registrationStatus registrationNumber description }
}`;
const UPDATE_ORGANIZATION = `mutation($input: UpdateOrganizationInput!) {
  updateOrganization(input: $input) { id name logo websiteUrl location registrationNumber description }
}`;
const SETTING = `query { organizationSetting { measurementSystem currency timezone } }`;
const UPDATE_SETTING = `mutation($input: UpdateOrganizationSettingInput!) {
  updateOrganizationSetting(input: $input) { measurementSystem currency timezone }
}`;
const TIMEZONES = `query { timezones { name offset } }`;
const CLEAR = `mutation($input: ClearOrganizationDataInput!) { clearOrganizationData(input: $input) { success cleared { name count } } }`;
const INVITE_SUPPLIER = `mutation($input: InviteSupplierInput!) { inviteSupplier(input: $input) { relationship { id status } } }`;
const REQUEST_EMAIL_CHANGE = `mutation($input: RequestEmailChangeInput!) { requestEmailChange(input: $input) { id status } }`;

describe('organization profile, settings and clearing data', () => {
  let server: TestServer;
  let mailbox: Mailbox;

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true' });
    mailbox = outboxMailbox(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('reads the own organization, and answers NOT_FOUND for an unrelated one', async () => {
    const admin = await newOrganization(server, mailbox, 'Nordlys Shipping');
    const other = await newOrganization(server, mailbox);
    const mine = await admin.client.gql<{ organization: Record<string, unknown> }>(ORGANIZATION, {}, admin.token);
    expect(mine.data?.organization).toMatchObject({
      id: admin.organizationId,
      name: 'Nordlys Shipping',
      organizationType: 'customer',
      organizationTypeLabel: 'Customer',
      registrationStatus: 'registered',
    });
    const byId = await admin.client.gql(ORGANIZATION, { id: admin.organizationId }, admin.token);
    expect(byId.errors).toBeUndefined();
    expect(errorOf(await admin.client.gql(ORGANIZATION, { id: other.organizationId }, admin.token))).toEqual({
      code: 'NOT_FOUND',
      message: 'Organization not found',
    });
    expect(errorOf(await admin.client.gql(ORGANIZATION, { id: 'not-a-uuid' }, admin.token)).code).toBe('NOT_FOUND');
    expect(errorOf(await admin.client.gql(ORGANIZATION, {})).code).toBe('UNAUTHENTICATED');
  });

  it('updates the profile with an audit diff, validates input, and needs organization:update', async () => {
    const admin = await newOrganization(server, mailbox);
    const updated = await admin.client.gql<{ updateOrganization: Record<string, unknown> }>(
      UPDATE_ORGANIZATION,
      {
        input: {
          name: 'Kattegat Lines',
          websiteUrl: 'https://kattegat.example',
          location: 'Aarhus',
          registrationNumber: 'DK123',
          description: 'Ro-ro',
        },
      },
      admin.token,
    );
    expect(updated.data?.updateOrganization).toMatchObject({
      name: 'Kattegat Lines',
      websiteUrl: 'https://kattegat.example',
      location: 'Aarhus',
      registrationNumber: 'DK123',
      logo: null,
    });
    const cleared = await admin.client.gql<{ updateOrganization: Record<string, unknown> }>(
      UPDATE_ORGANIZATION,
      { input: { location: '' } },
      admin.token,
    );
    expect(cleared.data?.updateOrganization).toMatchObject({ name: 'Kattegat Lines', location: null, registrationNumber: 'DK123' });
    const [first] = await auditRows(server, admin.organizationId, 'updateOrganization');
    expect(first?.changes).toMatchObject({ location: { before: null, after: 'Aarhus' }, name: { after: 'Kattegat Lines' } });

    const invalid = await admin.client.gql(UPDATE_ORGANIZATION, { input: { websiteUrl: 'javascript:alert(1)' } }, admin.token);
    expect(errorOf(invalid)).toEqual({ code: 'VALIDATION_FAILED', message: 'The website must start with http:// or https://' });
    expect(errorOf(await admin.client.gql(UPDATE_ORGANIZATION, { input: { name: ' ' } }, admin.token)).code).toBe('VALIDATION_FAILED');

    const viewer = await addMember(mailbox, admin, 'viewer');
    const refused = await admin.client.gql(UPDATE_ORGANIZATION, { input: { name: 'Hijacked' } }, viewer.token);
    expect(errorOf(refused).code).toBe('FORBIDDEN');
    const denied = await auditRows(server, admin.organizationId, 'updateOrganization');
    expect(denied.at(-1)).toMatchObject({ status: 'denied', userId: viewer.userId });
  });

  it('reads default settings and updates them with ISO 4217 and IANA checks', async () => {
    const admin = await newOrganization(server, mailbox);
    const defaults = await admin.client.gql(SETTING, {}, admin.token);
    expect(defaults.data).toEqual({ organizationSetting: { measurementSystem: 'metric', currency: 'EUR', timezone: 'Europe/Copenhagen' } });
    const updated = await admin.client.gql(UPDATE_SETTING, { input: { currency: 'nok', timezone: 'Europe/Oslo' } }, admin.token);
    expect(updated.data).toEqual({ updateOrganizationSetting: { measurementSystem: 'metric', currency: 'NOK', timezone: 'Europe/Oslo' } });
    const again = await admin.client.gql(UPDATE_SETTING, { input: { measurementSystem: 'imperial' } }, admin.token);
    expect(again.data).toEqual({ updateOrganizationSetting: { measurementSystem: 'imperial', currency: 'NOK', timezone: 'Europe/Oslo' } });

    expect(errorOf(await admin.client.gql(UPDATE_SETTING, { input: { currency: 'ABC' } }, admin.token))).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Currency must be an ISO 4217 code, like EUR',
    });
    expect(errorOf(await admin.client.gql(UPDATE_SETTING, { input: { timezone: 'Europe/Atlantis' } }, admin.token)).code).toBe(
      'VALIDATION_FAILED',
    );
    expect(errorOf(await admin.client.gql(UPDATE_SETTING, { input: { measurementSystem: 'furlongs' } }, admin.token)).code).toBe(
      'VALIDATION_FAILED',
    );

    const other = await newOrganization(server, mailbox);
    expect((await other.client.gql(SETTING, {}, other.token)).data).toEqual({
      organizationSetting: { measurementSystem: 'metric', currency: 'EUR', timezone: 'Europe/Copenhagen' },
    });
    const [row] = await auditRows(server, admin.organizationId, 'updateOrganizationSetting');
    expect(row?.changes).toEqual({
      currency: { before: 'EUR', after: 'NOK' },
      timezone: { before: 'Europe/Copenhagen', after: 'Europe/Oslo' },
    });
  });

  it("lists the runtime's time zones with their current offsets", async () => {
    const admin = await newOrganization(server, mailbox);
    const result = await admin.client.gql<{ timezones: { name: string; offset: string }[] }>(TIMEZONES, {}, admin.token);
    const zones = result.data?.timezones ?? [];
    expect(zones.length).toBe(Intl.supportedValuesOf('timeZone').length + (Intl.supportedValuesOf('timeZone').includes('UTC') ? 0 : 1));
    expect(zones.find((z) => z.name === 'Asia/Tokyo')).toEqual({ name: 'Asia/Tokyo', offset: '+09:00' });
    expect(zones.every((z) => /^[+-]\d{2}:\d{2}$/.test(z.offset))).toBe(true);
    expect(errorOf(await admin.client.gql(TIMEZONES, {})).code).toBe('UNAUTHENTICATED');
  });

  it('clears business data after the typed name and a recent sign-in, keeping users and the audit trail', async () => {
    const admin = await newOrganization(server, mailbox, 'Skaw Offshore');
    const db = server.database.db;
    const member = await addMember(mailbox, admin);
    await admin.client.gql(CREATE_USER, { input: { email: uniqueEmail('pending'), firstName: 'P', lastName: 'Q' } }, admin.token);
    await admin.client.gql(UPDATE_SETTING, { input: { currency: 'USD' } }, admin.token);
    const invited = await admin.client.gql(
      INVITE_SUPPLIER,
      { input: { organizationName: 'Skaw Bunkers', email: uniqueEmail('supplier'), firstName: 'S', lastName: 'B' } },
      admin.token,
    );
    expect(invited.errors).toBeUndefined();
    await admin.client.gql(REQUEST_EMAIL_CHANGE, { input: { newEmail: uniqueEmail('moved') } }, member.token);
    const other = await newOrganization(server, mailbox);
    await other.client.gql(UPDATE_SETTING, { input: { currency: 'SEK' } }, other.token);

    const wrongName = await admin.client.gql(CLEAR, { input: { confirmation: 'skaw offshore' } }, admin.token);
    expect(errorOf(wrongName)).toEqual({ code: 'VALIDATION_FAILED', message: 'Type the organization name exactly to confirm.' });

    await db.update(sessions).set({ createdAt: sql`now() - interval '16 minutes'` }).where(eq(sessions.userId, admin.userId));
    const stale = await admin.client.gql(CLEAR, { input: { confirmation: 'Skaw Offshore' } }, admin.token);
    expect(stale.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', details: { reason: 'recent-sign-in-required' } });
    expect(await db.select().from(organizationSettings).where(eq(organizationSettings.organizationId, admin.organizationId))).toHaveLength(
      1,
    );

    await db.update(sessions).set({ createdAt: sql`now()` }).where(eq(sessions.userId, admin.userId));
    const notAllowed = await admin.client.gql(CLEAR, { input: { confirmation: 'Skaw Offshore' } }, member.token);
    expect(errorOf(notAllowed).code).toBe('FORBIDDEN');

    const auditBefore = (await auditRows(server, admin.organizationId, 'updateOrganizationSetting')).length;
    const cleared = await admin.client.gql<{ clearOrganizationData: { success: boolean; cleared: { name: string; count: number }[] } }>(
      CLEAR,
      { input: { confirmation: 'Skaw Offshore' } },
      admin.token,
    );
    expect(cleared.data?.clearOrganizationData).toEqual({
      success: true,
      cleared: [
        { name: 'supplierRelationships', count: 1 },
        { name: 'pendingInvitations', count: 1 },
        { name: 'emailChangeRequests', count: 1 },
        { name: 'organizationSetting', count: 1 },
      ],
    });
    expect(
      await db.select().from(organizationRelationships).where(eq(organizationRelationships.customerOrganizationId, admin.organizationId)),
    ).toEqual([]);
    expect(await db.select().from(emailChangeRequests).where(eq(emailChangeRequests.organizationId, admin.organizationId))).toEqual([]);
    const open = await db.select().from(invitations).where(eq(invitations.organizationId, admin.organizationId));
    expect(open.every((i) => i.acceptedAt !== null)).toBe(true);
    expect(await db.select().from(organizationUsers).where(eq(organizationUsers.organizationId, admin.organizationId))).toHaveLength(3);
    expect((await admin.client.gql(SETTING, {}, admin.token)).data).toEqual({
      organizationSetting: { measurementSystem: 'metric', currency: 'EUR', timezone: 'Europe/Copenhagen' },
    });
    expect((await auditRows(server, admin.organizationId, 'updateOrganizationSetting')).length).toBe(auditBefore);
    expect(await auditRows(server, admin.organizationId, 'clearOrganizationData')).toContainEqual(
      expect.objectContaining({ status: 'success', description: 'Cleared the business data of Skaw Offshore' }),
    );
    expect((await other.client.gql(SETTING, {}, other.token)).data).toMatchObject({ organizationSetting: { currency: 'SEK' } });
  });
});
