import { Writable } from 'node:stream';
import type { Database } from '@tidewise/db/client';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../test/smtp.ts';
import { invitationEmail, loginCodeEmail } from './identity/emails.ts';
import { createMailer } from './mail.ts';

/** A logger at info level whose lines the test can read. */
const capturingLogger = () => {
  const lines: string[] = [];
  const stream = new Writable({
    write: (chunk, _encoding, done) => {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
};

/** Stands in for the outbox table: the test is about the log, not the insert. */
const stored: unknown[] = [];
const outboxDb = { insert: () => ({ values: async (row: unknown) => void stored.push(row) }) } as unknown as Database;

const CODE = '493817';
const TOKEN = 'invitation-token-QmFzZTY0dXJs';

describe('mail log', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('notes an outbox email and its recipient, never its code, subject or link', async () => {
    const { logger, lines } = capturingLogger();
    const mailer = createMailer({ SMTP_URL: undefined, MAIL_FROM: 'Tidewise <no-reply@tidewise.test>' }, outboxDb, logger);
    await mailer.send(loginCodeEmail('ada@tidewise-test.example', CODE));
    await mailer.send(
      invitationEmail('bo@tidewise-test.example', {
        organizationName: 'Nordwind',
        invitedBy: null,
        url: `http://127.0.0.1/auth/register?token=${TOKEN}`,
        expiresInDays: 7,
        supplier: false,
      }),
    );
    expect(stored).toHaveLength(2);
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.map((e) => [e.msg, e.to, e.kind])).toEqual([
      ['email stored in the development outbox', 'ada@tidewise-test.example', 'login-code'],
      ['email stored in the development outbox', 'bo@tidewise-test.example', 'user-invitation'],
    ]);
    const logged = lines.join('\n');
    expect(logged).not.toContain(CODE);
    expect(logged).not.toContain(TOKEN);
    expect(logged).not.toMatch(/subject|text|html/);
  });

  it('notes an SMTP delivery the same way', async () => {
    const { logger, lines } = capturingLogger();
    const mailer = createMailer({ SMTP_URL: smtp.url, MAIL_FROM: 'Tidewise <no-reply@tidewise.test>' }, outboxDb, logger);
    await mailer.send(loginCodeEmail('cy@tidewise-test.example', CODE));
    expect((await smtp.waitFor('cy@tidewise-test.example')).text).toContain(CODE);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ msg: 'email sent over SMTP', to: 'cy@tidewise-test.example', kind: 'login-code' });
    expect(lines[0]).not.toContain(CODE);
  });
});
