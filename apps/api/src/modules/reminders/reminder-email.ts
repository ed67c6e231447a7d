import { PRODUCT_NAME } from '@tidewise/shared/product';
import { localDateOf } from '@tidewise/shared/requests/zoned-time';
import type { Env } from '../../env.ts';
import type { MailMessage } from '../../lib/mail.ts';
import type { DueReminder } from './due-reminder.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const dayNumber = (date: { year: number; month: number; day: number }) => Date.UTC(date.year, date.month - 1, date.day) / 86_400_000;

/** "due today", "due tomorrow", "due in 7 days", "overdue by 3 days": counted in local days of the supplier's zone. */
export const dueText = (deadline: Date, now: Date, timeZone: string): string => {
  if (now.getTime() > deadline.getTime()) {
    const days = dayNumber(localDateOf(now, timeZone)) - dayNumber(localDateOf(deadline, timeZone));
    if (days <= 0) return 'overdue since earlier today';
    return `overdue by ${days} day${days === 1 ? '' : 's'}`;
  }
  const days = dayNumber(localDateOf(deadline, timeZone)) - dayNumber(localDateOf(now, timeZone));
  if (days <= 0) return 'due today';
  if (days === 1) return 'due tomorrow';
  return `due in ${days} days`;
};

/** The deadline as the supplier's users read it: "Fri 14 March 2025, 17:00 (Europe/Oslo)". */
export const deadlineText = (deadline: Date, timeZone: string): string =>
  `${new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(deadline)
    .replace(' at ', ', ')} (${timeZone})`;

/**
 * The day's reminder digest to one supplier user: every request that needs them, with its customer, title,
 * deadline in their zone, whether it is overdue or how many days are left, and its link; and how to mute.
 */
export const reminderDigestEmail = (
  env: Pick<Env, 'APP_URL'>,
  input: { email: string; day: string; now: Date; reminders: readonly DueReminder[] },
): MailMessage => {
  const items = input.reminders.map((r) => ({
    taskId: r.task.id,
    customer: r.task.customerName,
    title: r.task.title,
    deadline: deadlineText(r.task.deadline, r.timeZone),
    due: dueText(r.task.deadline, input.now, r.timeZone),
    overdue: r.point.kind === 'overdue',
    url: `${env.APP_URL}/app/inbox/${r.task.id}`,
  }));
  const overdue = items.filter((item) => item.overdue).length;
  const count = items.length;
  const subject =
    count === 1 && items[0]
      ? `Reminder: ${items[0].customer} asked for “${items[0].title}”, ${items[0].due}`
      : `Reminder: ${count} data requests need your answer${overdue > 0 ? ` (${overdue} overdue)` : ''}`;
  const account = `${env.APP_URL}/app/account`;
  const intro = count === 1 ? 'A data request is waiting for your answer:' : `${count} data requests are waiting for your answer:`;
  const mute = `You get at most one reminder email a day. To stop reminder emails, turn them off in your account settings: ${account}`;
  const text = [
    intro,
    ...items.map((item) => `- ${item.customer}: ${item.title}\n  Deadline ${item.deadline}, ${item.due}.\n  Open the request: ${item.url}`),
    mute,
    PRODUCT_NAME,
  ].join('\n\n');
  const html = `<div style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5"><p>${escapeHtml(intro)}</p><ul>${items
    .map(
      (item) =>
        `<li><p><strong>${escapeHtml(item.customer)}</strong>: ${escapeHtml(item.title)}<br>Deadline ${escapeHtml(item.deadline)}, <strong>${escapeHtml(item.due)}</strong>.<br><a href="${escapeHtml(item.url)}">Open the request</a></p></li>`,
    )
    .join(
      '',
    )}</ul><p style="color:#555">You get at most one reminder email a day. <a href="${escapeHtml(account)}">Turn reminder emails off</a> in your account settings.</p></div>`;
  return {
    to: input.email,
    subject,
    text,
    html,
    metadata: { kind: 'data-request-reminder', day: input.day, calendarTaskIds: items.map((item) => item.taskId) },
  };
};
