import { organizationRelationships } from '@tidewise/db/schema/identity';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
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
  VERIFY_EMAIL_MFA,
  waitForNewMail,
} from '../auth-test-kit.ts';
import { createInvitation } from './create-invitation.ts';
import { createSupplierOrganization } from './create-supplier-organization.ts';

const VALIDATE_TOKEN_QUERY = `query($token: String!) {
  validateAuthenticationToken(token: $token) {
    id email
    organizationUser { firstName organization { name organizationType createdByOrganization { name } } }
  }
}`;
const VALIDATE_TOKEN_MUTATION = `mutation($token: String!) { validateAuthenticationToken(token: $token) { email } }`;

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

  it('registers an invited supplier with the Email method and activates the relationship', async () => {
    const client = clientFor(server);
    const customer = await signUpOrganization(client, mailbox, { organizationName: 'Skagerrak Tankers' });
    const customerOrganizationId = customer.session.user.organizationUser?.organizationId ?? '';
    const supplier = await createSupplierOrganization(server.database.db, { name: 'Fjord Bunkering', customerOrganizationId });
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
    expect(registered.data).toEqual({ register: { userId: invitation.userId, qrCodeDataURL: null } });
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

    const [relationship] = await server.database.db
      .select()
      .from(organizationRelationships)
      .where(eq(organizationRelationships.supplierOrganizationId, supplier.id));
    expect(relationship).toMatchObject({ customerOrganizationId, status: 'active' });
    expect(relationship?.verifiedAt).toBeInstanceOf(Date);

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
    const registered = await client.gql<{ register: { userId: string; qrCodeDataURL: string } }>(REGISTER, {
      input: { token: invitation.token, password: STRONG_PASSWORD, mfaMethod: 'Authenticator' },
    });
    expect(registered.data?.register.userId).toBe(invitation.userId);
    expect(registered.data?.register.qrCodeDataURL).toMatch(/^data:image\/png;base64,/);
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
