import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { startSmtpServer } from '../../test/smtp.ts';
import {
  clientFor,
  codeIn,
  type Mailbox,
  seen,
  signInWithEmailCode,
  signUpOrganization,
  smtpMailbox,
  uniqueEmail,
  waitForNewMail,
} from '../../test/auth-test-kit.ts';
import { createInvitation } from '../../lib/identity/invitations.ts';

const RESET_REQUEST = `mutation($input: PasswordResetRequestInput!) { passwordResetRequest(input: $input) }`;
const RESET_VALIDATE = `mutation($input: PasswordResetValidateInput!) { passwordResetValidate(input: $input) { success } }`;

/** With SMTP_URL set, every identity email leaves over SMTP with a plain-text part holding its code or link. */
describe('identity emails over SMTP', () => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let mailbox: Mailbox;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer({ TRUST_PROXY: 'true', SMTP_URL: smtp.url, MAIL_FROM: 'Tidewise <no-reply@tidewise.example>' });
    mailbox = smtpMailbox(smtp.received);
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('delivers the sign-up, sign-in, reset and invitation emails', async () => {
    const client = clientFor(server);
    const account = await signUpOrganization(client, mailbox);
    await signInWithEmailCode(client, mailbox, account.email, account.password);
    const subjects = smtp.received.filter((m) => m.to.includes(account.email)).map((m) => m.subject);
    expect(subjects).toEqual([
      expect.stringMatching(/^Tidewise verification code: \d{6}$/),
      expect.stringMatching(/^Tidewise sign-in code: \d{6}$/),
    ]);
    expect(smtp.received.every((m) => m.from === 'no-reply@tidewise.example')).toBe(true);

    const before = await seen(mailbox, account.email);
    const reset = await client.gql<{ passwordResetRequest: string }>(RESET_REQUEST, { input: { authKey: account.email } });
    const resetMail = await waitForNewMail(mailbox, account.email, before);
    expect(resetMail.subject).toMatch(/^Tidewise password reset code: \d{6}$/);
    expect(resetMail.text).toContain('It expires in 15 minutes');
    const validated = await client.gql(RESET_VALIDATE, { input: { token: reset.data?.passwordResetRequest, code: codeIn(resetMail) } });
    expect(validated.errors).toBeUndefined();

    const invitee = uniqueEmail('invitee');
    const invitation = await createInvitation(
      { db: server.database.db, mailer: server.app.services.mailer, env: server.env },
      { kind: 'organization_user', email: invitee, organizationId: account.session.user.organizationUser?.organizationId ?? '' },
    );
    const invite = await waitForNewMail(mailbox, invitee, new Set());
    expect(invite.text).toContain(invitation.url);
    expect(invite.html).toContain('Create your account');
  });
});
