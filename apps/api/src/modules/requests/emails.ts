import type { StoredReviewComment } from '@tidewise/db/schema/requests';
import { PRODUCT_NAME } from '@tidewise/shared/product';
import type { Env } from '../../env.ts';
import { customerRequestUrl, formatDeadline, requestEmail, supplierRequestUrl } from '../../lib/data-requests.ts';
import type { MailMessage } from '../../lib/mail.ts';

/** The emails of a request's life after it was sent (decision 5): each says what happened and links to the request. */

type TaskFacts = { id: string; title: string; deadline: Date };
type Names = { customerName: string; supplierName: string };
type UrlEnv = Pick<Env, 'APP_URL'>;

/** To the customer's requester: the supplier handed the answer in. */
export const submittedEmail = (to: string, env: UrlEnv, task: TaskFacts, names: Names): MailMessage =>
  requestEmail(to, {
    subject: `${names.supplierName} submitted "${task.title}"`,
    lines: [
      `${names.supplierName} submitted its answer to your request "${task.title}" on ${PRODUCT_NAME}.`,
      'Review the data, then accept it or return it with comments.',
    ],
    action: 'Review the answer',
    url: customerRequestUrl(env, task.id),
    kind: 'data-request-submitted',
    calendarTaskId: task.id,
  });

const commentLine = (c: StoredReviewComment) =>
  `- ${[c.rowNumber != null ? `Row ${c.rowNumber}` : null, c.field ? `field ${c.field}` : null].filter(Boolean).join(', ')}: ${c.message}`;

/** To the supplier's users: the customer returned the answer with its review. */
export const returnedEmail = (
  to: string,
  env: UrlEnv,
  task: TaskFacts,
  names: Names,
  review: { message: string; comments: readonly StoredReviewComment[] },
): MailMessage =>
  requestEmail(to, {
    subject: `${names.customerName} returned "${task.title}" with comments`,
    lines: [
      `${names.customerName} returned your answer to "${task.title}" with comments. Deadline: ${formatDeadline(task.deadline)}.`,
      review.message,
      ...(review.comments.length > 0 ? [review.comments.map(commentLine).join('\n')] : []),
    ],
    action: 'Fix and resubmit',
    url: supplierRequestUrl(env, task.id),
    kind: 'data-request-returned',
    calendarTaskId: task.id,
  });

/** To the supplier's users: the customer accepted the answer. */
export const acceptedEmail = (to: string, env: UrlEnv, task: TaskFacts, names: Names): MailMessage =>
  requestEmail(to, {
    subject: `${names.customerName} accepted "${task.title}"`,
    lines: [`${names.customerName} accepted your answer to "${task.title}". Nothing more is needed for this request.`],
    action: 'See the request',
    url: supplierRequestUrl(env, task.id),
    kind: 'data-request-accepted',
    calendarTaskId: task.id,
  });

/** To the supplier's users: the customer withdrew the request. */
export const cancelledEmail = (to: string, env: UrlEnv, task: TaskFacts, names: Names): MailMessage =>
  requestEmail(to, {
    subject: `${names.customerName} cancelled "${task.title}"`,
    lines: [`${names.customerName} cancelled its request "${task.title}". You no longer need to answer it.`],
    action: 'See the request',
    url: supplierRequestUrl(env, task.id),
    kind: 'data-request-cancelled',
    calendarTaskId: task.id,
  });
