import { randomUUID } from 'node:crypto';
import type { GraphQLResult, TestServer } from './harness.ts';

/** Shared by the identity integration tests: GraphQL documents, a client per IP, and mailboxes. */

export const CHROME_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
export const STRONG_PASSWORD = 'Sturdy#Harbour-42';

export const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@tidewise-test.example`;

let ipCounter = 0;
/** Each test signs in from its own address, so the per-IP rate limits of one test never touch another. */
export const nextIp = () => {
  ipCounter += 1;
  return `10.${process.pid % 250}.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

export type Client = {
  ip: string;
  gql: <T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>, token?: string) => Promise<GraphQLResult<T>>;
};

/** A browser at one address (the server runs with TRUST_PROXY so X-Forwarded-For names it). */
export const clientFor = (server: TestServer, ip = nextIp(), userAgent = CHROME_UA): Client => ({
  ip,
  gql: (query, variables, token) =>
    server.gql(query, variables, { ...(token ? { token } : {}), headers: { 'x-forwarded-for': ip, 'user-agent': userAgent } }),
});

export type Mail = { id: string; to: string; subject: string; text: string; html: string | null };
export type Mailbox = { list: (to: string) => Promise<Mail[]> };

/** The development outbox, read as a client would: GET /dev/outbox.json. */
export const outboxMailbox = (server: TestServer): Mailbox => ({
  list: async (to) => {
    const response = await fetch(`${server.url}/dev/outbox.json?limit=1000`);
    const rows = (await response.json()) as { id: string; to: string; subject: string; text: string; html: string | null }[];
    return rows
      .filter((row) => row.to === to)
      .map((row) => ({ id: row.id, to: row.to, subject: row.subject, text: row.text, html: row.html }));
  },
});

/** Emails received by a real SMTP server (see test/smtp.ts). */
export const smtpMailbox = (received: { to: string[]; subject: string; text: string; html: string | null }[]): Mailbox => ({
  list: async (to) =>
    received.flatMap((mail, index) =>
      mail.to.includes(to) ? [{ id: String(index), to, subject: mail.subject, text: mail.text, html: mail.html }] : [],
    ),
});

/** Ids of what is already there, to wait for the next email after an action. */
export const seen = async (mailbox: Mailbox, to: string) => new Set((await mailbox.list(to)).map((m) => m.id));

export const waitForNewMail = async (mailbox: Mailbox, to: string, before: Set<string>, timeoutMs = 5000): Promise<Mail> => {
  const start = Date.now();
  for (;;) {
    const mail = (await mailbox.list(to)).find((m) => !before.has(m.id));
    if (mail) return mail;
    if (Date.now() - start > timeoutMs) throw new Error(`no new email to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
};

export const codeIn = (mail: Mail) => {
  const match = mail.text.match(/code is: (\d{6})/);
  if (!match?.[1]) throw new Error(`no code in email "${mail.subject}"`);
  return match[1];
};

/** A 6-digit code that is not the expected one. */
export const wrongCode = (right: string) => String((Number(right) + 1) % 1_000_000).padStart(6, '0');

export const LOGIN = `mutation($input: LoginInput!) { login(input: $input) { token userId mfaRequired mfaMethod } }`;
export const LOGIN_VALIDATE = `mutation($input: LoginValidateInput!) { loginValidate(input: $input) { token } }`;
export const VALIDATE_MFA = `mutation($input: ValidateMfaInput!) { validateMfa(input: $input) { success message } }`;
export const VERIFY_EMAIL_MFA = `mutation($input: VerifyEmailMfaInput!) { verifyEmailMfa(input: $input) { token } }`;
export const VERIFY_AUTHENTICATOR_SETUP = `mutation($input: VerifyAuthenticatorSetupInput!) { verifyAuthenticatorSetup(input: $input) { token } }`;
export const REGISTER = `mutation($input: RegisterInput!) { register(input: $input) { userId qrCodeDataURL otpauthUri } }`;
export const CREATE_ORGANIZATION_ACCOUNT = `mutation($input: CreateOrganizationAccountInput!) { createOrganizationAccount(input: $input) { userId qrCodeDataURL otpauthUri } }`;
export const REFRESH_TOKEN = `mutation($token: String!) {
  refreshToken(token: $token) {
    token refreshToken
    user { id role language email organizationUser { id organizationId firstName lastName organization { id name organizationType organizationTypeLabel } } }
  }
}`;
export const LOGOUT = `mutation($input: LogoutInput) { logout(input: $input) { success message } }`;
export const GET_AUTHENTICATION_USER = `query { getAuthenticationUser { id email mfaEnabled mfaMethod role lockedAt lockReason } }`;
export const UNLOCK = `mutation($userId: ID!) { unlockAuthenticationUser(userId: $userId) { id lockedAt lockReason } }`;
export const VIEWER = `query { viewer { userId organizationId permissions } }`;

export type SessionData = {
  token: string;
  refreshToken: string;
  user: { id: string; role: string; email: string; organizationUser: { organizationId: string; organization: { name: string } } | null };
};

export const exchangeHandoff = async (client: Client, handoff: string) => {
  const result = await client.gql<{ refreshToken: SessionData }>(REFRESH_TOKEN, { token: handoff });
  if (!result.data?.refreshToken) throw new Error(`refreshToken failed: ${JSON.stringify(result.errors)}`);
  return result.data.refreshToken;
};

/** Organisation sign-up with the Email method, confirmed with the emailed code: a signed-in administrator. */
export const signUpOrganization = async (
  client: Client,
  mailbox: Mailbox,
  overrides: { email?: string; organizationName?: string } = {},
) => {
  const email = overrides.email ?? uniqueEmail('admin');
  const organizationName = overrides.organizationName ?? `Test Shipping ${randomUUID().slice(0, 6)}`;
  const before = await seen(mailbox, email);
  const created = await client.gql<{ createOrganizationAccount: { userId: string; qrCodeDataURL: string | null } }>(
    CREATE_ORGANIZATION_ACCOUNT,
    {
      input: {
        organizationName,
        firstName: 'Freya',
        lastName: 'Lund',
        email,
        password: STRONG_PASSWORD,
        industry: 'shipping',
        companySize: '51-200',
        mfaMethod: 'Email',
      },
    },
  );
  const userId = created.data?.createOrganizationAccount.userId;
  if (!userId) throw new Error(`createOrganizationAccount failed: ${JSON.stringify(created.errors)}`);
  const code = codeIn(await waitForNewMail(mailbox, email, before));
  const verified = await client.gql<{ verifyEmailMfa: { token: string } }>(VERIFY_EMAIL_MFA, { input: { userId, code } });
  if (!verified.data) throw new Error(`verifyEmailMfa failed: ${JSON.stringify(verified.errors)}`);
  const session = await exchangeHandoff(client, verified.data.verifyEmailMfa.token);
  return { email, password: STRONG_PASSWORD, userId, organizationName, session };
};

/** Password, emailed code, hand-off: the Email-method sign-in a browser performs. */
export const signInWithEmailCode = async (client: Client, mailbox: Mailbox, email: string, password: string) => {
  const before = await seen(mailbox, email);
  const login = await client.gql<{ login: { token: string; userId: string; mfaMethod: string } }>(LOGIN, {
    input: { authKey: email, authSecret: password },
  });
  if (!login.data) throw new Error(`login failed: ${JSON.stringify(login.errors)}`);
  const code = codeIn(await waitForNewMail(mailbox, email, before));
  const validated = await client.gql<{ loginValidate: { token: string } }>(LOGIN_VALIDATE, {
    input: { token: `${login.data.login.token}:${code}` },
  });
  if (!validated.data) throw new Error(`loginValidate failed: ${JSON.stringify(validated.errors)}`);
  return exchangeHandoff(client, validated.data.loginValidate.token);
};

export const errorOf = (result: GraphQLResult<unknown>) => ({
  code: result.errors?.[0]?.extensions?.code,
  message: result.errors?.[0]?.message,
});
