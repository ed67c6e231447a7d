import type { Database } from '@tidewise/db/client';
import { outboxEmails } from '@tidewise/db/schema/platform';
import { desc } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Env } from '../env.ts';
import type { Logger } from './logger.ts';

export type MailMessage = {
  to: string;
  subject: string;
  /** Plain-text part; always present and always holds the code or link of the email. */
  text: string;
  html?: string;
  /** Structured facts for the development outbox (kind of email, related ids); never secrets. */
  metadata?: Record<string, unknown>;
};

export type Mailer = {
  transport: 'smtp' | 'outbox';
  send: (message: MailMessage) => Promise<void>;
};

/**
 * What the log may say about an email: that it left and to whom, with its kind. Never its subject,
 * text or link, which carry codes and tokens; a developer reads those in the development outbox.
 */
export const mailLogFields = (message: MailMessage) => ({
  to: message.to,
  kind: typeof message.metadata?.kind === 'string' ? message.metadata.kind : null,
});

/**
 * Sends over SMTP when SMTP_URL is set. Without it, emails go to the development outbox table
 * (readable at /dev/outbox), so codes can be read on a machine with no mail server. Either way the
 * log notes the delivery without the email's content.
 */
export const createMailer = (env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM'>, db: Database, logger: Logger): Mailer => {
  if (env.SMTP_URL) {
    const transporter = nodemailer.createTransport(env.SMTP_URL);
    return {
      transport: 'smtp',
      send: async (message) => {
        await transporter.sendMail({
          from: env.MAIL_FROM,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
        logger.info(mailLogFields(message), 'email sent over SMTP');
      },
    };
  }
  return {
    transport: 'outbox',
    send: async (message) => {
      await db.insert(outboxEmails).values({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        transport: 'outbox',
        metadata: message.metadata ?? {},
      });
      logger.info(mailLogFields(message), 'email stored in the development outbox');
    },
  };
};

export const listOutbox = (db: Database, limit = 50) => db.select().from(outboxEmails).orderBy(desc(outboxEmails.createdAt)).limit(limit);
