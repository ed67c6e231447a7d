import type { listOutbox } from './mail.ts';

type OutboxRow = Awaited<ReturnType<typeof listOutbox>>[number];

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The development outbox as a plain page, newest first. Never served in production. */
export const renderOutboxPage = (rows: OutboxRow[]) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development outbox</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;background:#0b1220;color:#e2e8f0}
article{border:1px solid #334155;border-radius:.5rem;padding:1rem;margin:1rem 0}h2{font-size:1rem;margin:0}
pre{white-space:pre-wrap;background:#111827;padding:.75rem;border-radius:.375rem}small{color:#94a3b8}</style></head>
<body><h1>Development outbox</h1><p>Emails are kept here because no SMTP server is configured (set <code>SMTP_URL</code> to send them).</p>
${rows.length === 0 ? '<p>No emails yet.</p>' : ''}
${rows
  .map(
    (row) =>
      `<article><h2>${escapeHtml(row.subject)}</h2><small>To ${escapeHtml(row.to)} · ${row.createdAt.toISOString()}</small><pre>${escapeHtml(row.text)}</pre></article>`,
  )
  .join('\n')}
</body></html>`;
