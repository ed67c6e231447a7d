import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { startSmtpServer } from '../../test/smtp.ts';
import { clientFor, type Mailbox, smtpMailbox, uniqueEmail } from '../../test/auth-test-kit.ts';
import { invitationToken, newOrganization, registerFromToken } from '../../test/organization-test-kit.ts';

const INVITE = `mutation($input: InviteSupplierInput!) { inviteSupplier(input: $input) { relationship { id status } } }`;
const COMPLETE = `mutation { completeSupplierRegistration { activated { status } } }`;

describe('supplier emails over SMTP', () => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let mailbox: Mailbox;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer({ TRUST_PROXY: 'true', SMTP_URL: smtp.url, APP_URL: 'https://app.tidewise.example' });
    mailbox = smtpMailbox(smtp.received);
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('delivers the supplier invitation with its /supplier/register link, and nothing for a refused invitation', async () => {
    const customer = await newOrganization(server, mailbox, 'Grenaa Ro-Ro');
    const email = uniqueEmail('supplier');
    const invited = await customer.client.gql(
      INVITE,
      { input: { organizationName: 'Djursland Lubricants', email, firstName: 'Mette', lastName: 'Kjær' } },
      customer.token,
    );
    expect(invited.errors).toBeUndefined();
    const { path, token, mail } = await invitationToken(mailbox, email);
    expect(path).toBe('/supplier/register');
    expect(mail.subject).toBe('Your invitation to Tidewise');
    expect(mail.text).toContain('Grenaa Ro-Ro invited you to share emissions data on Tidewise as a supplier (Djursland Lubricants).');

    const refusedEmail = customer.email;
    const refused = await customer.client.gql(
      INVITE,
      { input: { organizationName: 'Anything', email: refusedEmail, firstName: 'A', lastName: 'B' } },
      customer.token,
    );
    expect(refused.errors?.[0]?.extensions?.code).toBe('CONFLICT');

    const session = await registerFromToken(clientFor(server), mailbox, email, token);
    const completed = await clientFor(server).gql(COMPLETE, {}, session.token);
    expect(completed.data).toEqual({ completeSupplierRegistration: { activated: [{ status: 'active' }] } });
    expect(smtp.received.filter((m) => m.subject === 'Your invitation to Tidewise' && m.to.includes(refusedEmail))).toEqual([]);
  });
});
