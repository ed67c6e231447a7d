import type { Context } from '../context.ts';
import type { Mailer, MailMessage } from './mail.ts';

/**
 * Runs `work` in one transaction with a mailer that only queues, and sends the queue once the
 * transaction has committed: a refused or failed operation emails nobody, and the development
 * outbox (itself a table) is never written from inside a transaction it would wait for.
 * A delivery failure after commit is logged; the change stands and the invitation can be resent.
 */
export const inTransactionWithMail = async <T>(
  ctx: Context,
  work: (tx: Parameters<Parameters<Context['db']['transaction']>[0]>[0], mailer: Mailer) => Promise<T>,
): Promise<T> => {
  const queue: MailMessage[] = [];
  const mailer: Mailer = {
    transport: ctx.mailer.transport,
    send: async (message) => {
      queue.push(message);
    },
  };
  const result = await ctx.db.transaction((tx) => work(tx, mailer));
  for (const message of queue) {
    try {
      await ctx.mailer.send(message);
    } catch (error) {
      ctx.logger.error({ err: error, kind: message.metadata?.kind }, 'could not send an email after the change was saved');
    }
  }
  return result;
};
