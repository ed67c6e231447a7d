import { type ContactRequestInput, CONTACT_REASON_LABELS } from '@tidewise/shared/contact';
import { contactRequests } from '@tidewise/db/schema/platform';
import type { Context } from '../../../context.ts';
import { createRateLimiter } from '../../../lib/rate-limit.ts';

const limiter = createRateLimiter({ limit: 5, windowMs: 10 * 60 * 1000 });

/**
 * Stores a contact request and emails it to CONTACT_EMAIL. A filled honeypot field marks a bot: the
 * answer is the same success, but nothing is stored or sent.
 */
export const submitContactRequest = async (ctx: Context, input: ContactRequestInput & { honeypot?: string | null }) => {
  limiter.hit(`contact:${ctx.requestMeta.ipAddress ?? 'unknown'}`, 'contact requests');
  if (input.honeypot) {
    ctx.logger.info('contact request dropped: honeypot filled');
    return;
  }
  const [row] = await ctx.db
    .insert(contactRequests)
    .values({
      name: input.name,
      email: input.email,
      company: input.company,
      reason: input.reason,
      message: input.message,
      ipAddress: ctx.requestMeta.ipAddress,
      userAgent: ctx.requestMeta.userAgent,
    })
    .returning({ id: contactRequests.id });
  await ctx.mailer.send({
    to: ctx.env.CONTACT_EMAIL,
    subject: `Contact request: ${CONTACT_REASON_LABELS[input.reason]} from ${input.company}`,
    text: [
      `Name: ${input.name}`,
      `Email: ${input.email}`,
      `Company: ${input.company}`,
      `Reason: ${CONTACT_REASON_LABELS[input.reason]}`,
      '',
      input.message,
      '',
      `Reference: ${row?.id}`,
    ].join('\n'),
    metadata: { kind: 'contact-request', contactRequestId: row?.id },
  });
};

export const resetContactRateLimit = () => limiter.reset();
