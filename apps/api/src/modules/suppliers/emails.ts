import { PRODUCT_NAME } from '@tidewise/shared/product';
import type { MailMessage } from '../../lib/mail.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** To a supplier that already has an account: a new customer asks to share data with it. */
export const connectionRequestEmail = (to: string, options: { customerName: string; supplierName: string; url: string }): MailMessage => {
  const intro = `${options.customerName} invited ${options.supplierName} to share emissions data on ${PRODUCT_NAME}.`;
  const action = 'Sign in to accept the request.';
  return {
    to,
    subject: `${options.customerName} wants to share data with you on ${PRODUCT_NAME}`,
    text: [intro, `${action} ${options.url}`, PRODUCT_NAME].join('\n\n'),
    html: `<div style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5"><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(options.url)}">${escapeHtml(action)}</a></p></div>`,
    metadata: { kind: 'supplier-connection-request' },
  };
};
