import { MFA_CODE_TTL_MINUTES, RESET_CODE_TTL_MINUTES } from '@tidewise/shared/auth';
import { PRODUCT_NAME } from '@tidewise/shared/product';
import type { MailMessage } from '../mail.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const html = (paragraphs: string[], highlight: string) =>
  `<div style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5">${paragraphs
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('')}<p style="font-size:24px;font-weight:600;letter-spacing:.2em">${escapeHtml(highlight)}</p></div>`;

const codeEmail = (to: string, subject: string, intro: string, code: string, minutes: number, kind: string): MailMessage => {
  const lines = [
    intro,
    `Your verification code is: ${code}`,
    `It expires in ${minutes} minutes and works once.`,
    `If you did not ask for it, you can ignore this email.`,
  ];
  return {
    to,
    subject,
    text: `${lines.join('\n\n')}\n\n${PRODUCT_NAME}`,
    html: html([intro, `It expires in ${minutes} minutes and works once. If you did not ask for it, you can ignore this email.`], code),
    metadata: { kind },
  };
};

export const loginCodeEmail = (to: string, code: string) =>
  codeEmail(
    to,
    `${PRODUCT_NAME} sign-in code: ${code}`,
    `Use this code to finish signing in to ${PRODUCT_NAME}.`,
    code,
    MFA_CODE_TTL_MINUTES,
    'login-code',
  );

export const setupCodeEmail = (to: string, code: string) =>
  codeEmail(
    to,
    `${PRODUCT_NAME} verification code: ${code}`,
    `Use this code to confirm your email address and finish setting up your ${PRODUCT_NAME} account.`,
    code,
    MFA_CODE_TTL_MINUTES,
    'setup-code',
  );

export const resetCodeEmail = (to: string, code: string) =>
  codeEmail(
    to,
    `${PRODUCT_NAME} password reset code: ${code}`,
    `Use this code to reset your ${PRODUCT_NAME} password.`,
    code,
    RESET_CODE_TTL_MINUTES,
    'reset-code',
  );

export const invitationEmail = (
  to: string,
  options: { organizationName: string; invitedBy: string | null; url: string; expiresInDays: number; supplier: boolean },
): MailMessage => {
  const who = options.invitedBy ? `${options.invitedBy} invited you` : 'You have been invited';
  const intro = options.supplier
    ? `${who} to share emissions data on ${PRODUCT_NAME} as a supplier (${options.organizationName}).`
    : `${who} to join ${options.organizationName} on ${PRODUCT_NAME}.`;
  return {
    to,
    subject: `Your invitation to ${PRODUCT_NAME}`,
    text: [intro, `Create your account: ${options.url}`, `The link expires in ${options.expiresInDays} days.`, PRODUCT_NAME].join('\n\n'),
    html: `<div style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5"><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(options.url)}">Create your account</a></p><p>The link expires in ${options.expiresInDays} days.</p></div>`,
    metadata: { kind: options.supplier ? 'supplier-invitation' : 'user-invitation' },
  };
};
