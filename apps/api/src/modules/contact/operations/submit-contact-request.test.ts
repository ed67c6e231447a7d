import { contactRequests, outboxEmails } from '@tidewise/db/schema/platform';
import { auditLogs } from '@tidewise/db/schema/audit';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { startSmtpServer } from '../../../test/smtp.ts';
import { resetContactRateLimit } from './submit-contact-request.ts';

const MUTATION = `mutation($input: SubmitContactRequestInput!) {
  submitContactRequest(input: $input) { success message errors { message } }
}`;

const valid = {
  name: 'Ingrid Hansen',
  email: 'ingrid@northsea-offshore.example',
  company: 'North Sea Offshore',
  reason: 'demo',
  message: 'We would like to see how supplier fuel data is collected.',
};

describe('submitContactRequest', () => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer({ SMTP_URL: smtp.url, CONTACT_EMAIL: 'sales@tidewise.example' });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });
  beforeEach(() => resetContactRateLimit());

  it('stores the request and emails it to CONTACT_EMAIL over SMTP', async () => {
    const result = await server.gql(MUTATION, { input: valid });
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      submitContactRequest: {
        success: true,
        message: 'Thank you. We will answer within 24 hours on business days.',
        errors: [],
      },
    });
    const mail = await smtp.waitFor('sales@tidewise.example');
    expect(mail.subject).toBe('Contact request: Book a demo from North Sea Offshore');
    expect(mail.text).toContain('ingrid@northsea-offshore.example');
    const rows = await server.database.db.select().from(contactRequests).where(eq(contactRequests.email, valid.email));
    expect(rows).toHaveLength(1);
  });

  it('says which field is wrong and stores nothing', async () => {
    const result = await server.gql(MUTATION, { input: { ...valid, email: 'not-an-email', company: 'Bad Input AS' } });
    expect(result.errors?.[0]?.message).toBe('Enter a valid email address, like name@company.com');
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION_FAILED', field: 'input.email' });
    const rows = await server.database.db.select().from(contactRequests).where(eq(contactRequests.company, 'Bad Input AS'));
    expect(rows).toHaveLength(0);
  });

  it('answers a filled honeypot with success but stores and sends nothing', async () => {
    const before = smtp.received.length;
    const result = await server.gql(MUTATION, { input: { ...valid, company: 'Bot Corp', honeypot: 'http://spam' } });
    expect(result.data).toMatchObject({ submitContactRequest: { success: true } });
    const rows = await server.database.db.select().from(contactRequests).where(eq(contactRequests.company, 'Bot Corp'));
    expect(rows).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.received.length).toBe(before);
  });

  it('limits each address to 5 requests per 10 minutes', async () => {
    for (let i = 0; i < 5; i += 1) {
      const ok = await server.gql(MUTATION, { input: { ...valid, company: `Rate ${i}` } });
      expect(ok.errors).toBeUndefined();
    }
    const refused = await server.gql(MUTATION, { input: valid });
    expect(refused.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
  });
});

describe('submitContactRequest without SMTP', () => {
  it('keeps the email in the development outbox', async () => {
    const server = await startTestServer({ CONTACT_EMAIL: 'outbox@tidewise.example' });
    try {
      resetContactRateLimit();
      await server.gql(MUTATION, { input: valid });
      const rows = await server.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, 'outbox@tidewise.example'));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.text).toContain('We would like to see how supplier fuel data is collected.');
      const page = await fetch(`${server.url}/dev/outbox`);
      expect(await page.text()).toContain('Contact request: Book a demo from North Sea Offshore');
    } finally {
      await server.close();
    }
  });
});

describe('submitContactRequest in the audit trail', () => {
  it('leaves a success row and a failure row in the platform chain, without the message text', async () => {
    const server = await startTestServer();
    try {
      resetContactRateLimit();
      const ids = [`contact-audit-${randomUUID()}`, `contact-audit-${randomUUID()}`];
      await server.gql(MUTATION, { input: { ...valid, company: 'Audit AS' } }, { headers: { 'x-request-id': ids[0] ?? '' } });
      await server.gql(MUTATION, { input: { ...valid, email: 'broken' } }, { headers: { 'x-request-id': ids[1] ?? '' } });
      const rows = await server.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.chainKey, 'platform'), inArray(sql`${auditLogs.metadata}->>'requestId'`, ids)))
        .orderBy(asc(auditLogs.sequence));
      expect(rows.map((r) => r.status)).toEqual(['success', 'failure']);
      expect(rows[1]?.description).toBe('submitContactRequest refused: Enter a valid email address, like name@company.com');
      expect(rows[1]?.metadata).toMatchObject({ errorCode: 'VALIDATION_FAILED' });
      expect(JSON.stringify(rows)).not.toContain('supplier fuel data');
    } finally {
      await server.close();
    }
  });
});
