import { auditLogs } from '@tidewise/db/schema/audit';
import { organizationRelationships, organizations } from '@tidewise/db/schema/organizations';
import { and, asc, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/harness.ts';
import {
  CREATE_ORGANIZATION_ACCOUNT,
  clientFor,
  codeIn,
  errorOf,
  exchangeHandoff,
  type Mailbox,
  outboxMailbox,
  REGISTER,
  seen,
  signUpOrganization,
  STRONG_PASSWORD,
  uniqueEmail,
  VERIFY_AUTHENTICATOR_SETUP,
  VERIFY_EMAIL_MFA,
  waitForNewMail,
} from '../../../../test/auth-test-kit.ts';
import { createInvitation } from '../../../../lib/identity/invitations.ts';
import { createSupplierOrganization } from '../../../../lib/identity/supplier-organizations.ts';

const VALIDATE_TOKEN_QUERY = `query($token: String!) {
  validateAuthenticationToken(token: $token) {
    id email
    organizationUser { firstName organization { name organizationType createdByOrganization { name } } }
  }
}`;
const VALIDATE_TOKEN_MUTATION = `mutation($token: String!) { validateAuthenticationToken(token: $token) { email } }`;
const COMPLETE = `mutation { completeSupplierRegistration { activated { status customerOrganization { name } } } }`;

describe('invitations and registration', () => {
  let server: TestServer;
  let mailbox: Mailbox;

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true', APP_URL: 'https://app.tidewise.example' });
    mailbox = outboxMailbox(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  const services = () => ({ db: server.database.db, mailer: server.app.services.mailer, env: server.env });

  const relationshipsOf = (supplierOrganizationId: string) =>
    server.database.db
      .select({ customer: organizations.name, status: organizationRelationships.status, verifiedAt: organizationRelationships.verifiedAt })
      .from(organizationRelationships)
      .innerJoin(organizations, eq(organizations.id, organizationRelationships.customerOrganizationId))
      .where(eq(organizationRelationships.supplierOrganizationId, supplierOrganizationId))
      .orderBy(asc(organizations.name));

  it('registers an invited supplier with the Email method; the relationship waits as pending until the supplier accepts', async () => {
    const client = clientFor(server);
    const customer = await signUpOrganization(client, mailbox, { organizationName: 'Skagerrak Tankers' });
    const customerOrganizationId = customer.session.user.organizationUser?.organizationId ?? '';
    const supplier = await createSupplierOrganization(server.database.db, { name: 'Fjord Bunkering', customerOrganizationId });
    // The shared status model (docs/decisions/0006): a new relationship is stored as `pending`.
    expect(await relationshipsOf(supplier.id)).toEqual([{ customer: 'Skagerrak Tankers', status: 'pending', verifiedAt: null }]);
    // Older data spelled the waiting state `invited`; it must still count as waiting.
    const legacy = await signUpOrganization(client, mailbox, { organizationName: 'Kattegat Lines' });
    await server.database.db.insert(organizationRelationships).values({
      customerOrganizationId: legacy.session.user.organizationUser?.organizationId ?? '',
      supplierOrganizationId: supplier.id,
      status: 'invited',
    });
    const email = uniqueEmail('supplier');
    const invitation = await createInvitation(services(), {
      kind: 'supplier',
      email,
      organizationId: supplier.id,
      invitedByUserId: customer.userId,
      firstName: 'Nils',
    });
    const [mail] = await mailbox.list(email);
    const link = mail?.text.match(/https:\/\/\S+/)?.[0] ?? '';
    expect(link).toBe(`https://app.tidewise.example/supplier/register?token=${invitation.token}`);
    expect(mail?.text).toContain('Skagerrak Tankers invited you');

    const token = new URL(link).searchParams.get('token');
    const welcome = await client.gql(VALIDATE_TOKEN_QUERY, { token });
    expect(welcome.data).toEqual({
      validateAuthenticationToken: {
        id: invitation.userId,
        email,
        organizationUser: {
          firstName: 'Nils',
          organization: { name: 'Fjord Bunkering', organizationType: 'supplier', createdByOrganization: { name: 'Skagerrak Tankers' } },
        },
      },
    });
    const asMutation = await client.gql(VALIDATE_TOKEN_MUTATION, { token });
    expect(asMutation.data).toEqual({ validateAuthenticationToken: { email } });

    const authenticator = await client.gql(REGISTER, { input: { token, password: STRONG_PASSWORD, mfaMethod: 'Authenticator' } });
    expect(errorOf(authenticator)).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Invited suppliers verify their sign-in with an email code.',
    });

    const before = await seen(mailbox, email);
    const registered = await client.gql<{ register: { userId: string; qrCodeDataURL: string | null } }>(REGISTER, {
      input: { token, password: STRONG_PASSWORD, mfaMethod: 'Email' },
    });
    expect(registered.data).toEqual({ register: { userId: invitation.userId, qrCodeDataURL: null, otpauthUri: null } });
    const code = codeIn(await waitForNewMail(mailbox, email, before));
    const verified = await client.gql<{ verifyEmailMfa: { token: string } }>(VERIFY_EMAIL_MFA, {
      input: { userId: invitation.userId, code },
    });
    expect(verified.errors).toBeUndefined();
    const session = await exchangeHandoff(client, verified.data?.verifyEmailMfa.token ?? '');
    expect(session.user).toMatchObject({
      email,
      role: 'supplier_contributor',
      organizationUser: { organization: { name: 'Fjord Bunkering' } },
    });
    const reused = await client.gql(VERIFY_EMAIL_MFA, { input: { userId: invitation.userId, code } });
    expect(errorOf(reused).code).toBe('EXPIRED');

    // Registering does not accept on the supplier's behalf; accepting activates both waiting customers.
    expect((await relationshipsOf(supplier.id)).map((r) => r.status)).toEqual(['invited', 'pending']);
    const accepted = await client.gql(COMPLETE, {}, session.token);
    expect(accepted.data).toEqual({
      completeSupplierRegistration: {
        activated: expect.arrayContaining([
          { status: 'active', customerOrganization: { name: 'Skagerrak Tankers' } },
          { status: 'active', customerOrganization: { name: 'Kattegat Lines' } },
        ]),
      },
    });
    const after = await relationshipsOf(supplier.id);
    expect(after.map((r) => [r.customer, r.status])).toEqual([
      ['Kattegat Lines', 'active'],
      ['Skagerrak Tankers', 'active'],
    ]);
    expect(after.every((r) => r.verifiedAt instanceof Date)).toBe(true);

    const again = await client.gql(VALIDATE_TOKEN_QUERY, { token });
    expect(errorOf(again)).toEqual({ code: 'VALIDATION_FAILED', message: 'Invalid or expired invitation token' });
    const registerAgain = await client.gql(REGISTER, { input: { token, password: STRONG_PASSWORD, mfaMethod: 'Email' } });
    expect(errorOf(registerAgain).message).toBe('Invalid or expired invitation token');
  });

  it('registers an invited organization user with an authenticator and links to /auth/register', async () => {
    const client = clientFor(server);
    const admin = await signUpOrganization(client, mailbox);
    const email = uniqueEmail('member');
    const invitation = await createInvitation(services(), {
      kind: 'organization_user',
      email,
      organizationId: admin.session.user.organizationUser?.organizationId ?? '',
      invitedByUserId: admin.userId,
    });
    expect(invitation.url).toBe(`https://app.tidewise.example/auth/register?token=${invitation.token}`);
    expect((await mailbox.list(email))[0]?.text).toContain(invitation.url);
    const weak = await client.gql(REGISTER, { input: { token: invitation.token, password: 'short', mfaMethod: 'Authenticator' } });
    expect(errorOf(weak)).toEqual({ code: 'VALIDATION_FAILED', message: 'Password must be at least 8 characters' });
    const registered = await client.gql<{ register: { userId: string; qrCodeDataURL: string; otpauthUri: string } }>(REGISTER, {
      input: { token: invitation.token, password: STRONG_PASSWORD, mfaMethod: 'Authenticator' },
    });
    expect(registered.data?.register.userId).toBe(invitation.userId);
    expect(registered.data?.register.qrCodeDataURL).toMatch(/^data:image\/png;base64,/);
    // The key behind the QR code, for typing by hand: an app given it produces codes the server accepts.
    const uri = new URL(registered.data?.register.otpauthUri ?? '');
    expect(uri.protocol).toBe('otpauth:');
    expect(`${uri.host}${decodeURIComponent(uri.pathname)}`).toBe(`totp/Tidewise:${email}`);
    const secret = uri.searchParams.get('secret') ?? '';
    const verified = await client.gql<{ verifyAuthenticatorSetup: { token: string } }>(VERIFY_AUTHENTICATOR_SETUP, {
      input: { userId: invitation.userId, token: await generate({ secret }) },
    });
    expect(verified.errors).toBeUndefined();
    expect(verified.data?.verifyAuthenticatorSetup.token).toEqual(expect.any(String));
    const trail = await server.database.db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.organizationId, admin.session.user.organizationUser?.organizationId ?? ''), eq(auditLogs.action, 'register')),
      );
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({
      userId: invitation.userId,
      status: 'success',
      description: `${email} accepted the invitation and registered`,
    });
  });

  it('refuses unknown and expired invitation tokens with the spec text', async () => {
    const client = clientFor(server);
    const admin = await signUpOrganization(client, mailbox);
    const unknown = await client.gql(VALIDATE_TOKEN_QUERY, { token: 'no-such-invitation' });
    expect(errorOf(unknown)).toEqual({ code: 'VALIDATION_FAILED', message: 'Invalid or expired invitation token' });
    const expired = await createInvitation(services(), {
      kind: 'organization_user',
      email: uniqueEmail('late'),
      organizationId: admin.session.user.organizationUser?.organizationId ?? '',
      expiresInDays: -1,
    });
    const late = await client.gql(VALIDATE_TOKEN_QUERY, { token: expired.token });
    expect(errorOf(late).message).toBe('Invalid or expired invitation token');
  });

  it('refuses a second organization account for the same email, in any letter case', async () => {
    const client = clientFor(server);
    const admin = await signUpOrganization(client, mailbox);
    const duplicate = await client.gql(CREATE_ORGANIZATION_ACCOUNT, {
      input: {
        organizationName: 'Copycat Shipping',
        firstName: 'A',
        lastName: 'B',
        email: admin.email.toUpperCase(),
        password: STRONG_PASSWORD,
        industry: 'shipping',
        companySize: '1-10',
        mfaMethod: 'Email',
      },
    });
    expect(errorOf(duplicate)).toEqual({
      code: 'CONFLICT',
      message: 'An account with this email address already exists. Sign in or reset your password.',
    });
    const missing = await client.gql(CREATE_ORGANIZATION_ACCOUNT, {
      input: {
        organizationName: 'X',
        firstName: 'A',
        lastName: 'B',
        email: uniqueEmail('x'),
        password: STRONG_PASSWORD,
        industry: '',
        companySize: '1-10',
        mfaMethod: 'Email',
      },
    });
    expect(errorOf(missing)).toEqual({ code: 'VALIDATION_FAILED', message: 'Please fill in all required fields' });
  });
});
