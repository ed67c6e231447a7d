import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { outboxWatcher } from '../identity/support.ts';

type OutboxRow = { to: string; subject: string; text: string; metadata: Record<string, unknown> | null; createdAt: string };

/** The path and query of the newest invitation link emailed to an address (`user-invitation` or `supplier-invitation`). */
export const invitationPath = async (request: APIRequestContext, to: string, kind: 'user-invitation' | 'supplier-invitation') => {
  let path = '';
  await expect
    .poll(
      async () => {
        const rows = (await (await request.get('/dev/outbox.json?limit=50')).json()) as OutboxRow[];
        const row = rows
          .filter((r) => r.to === to && r.metadata?.kind === kind)
          .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0];
        const url = row?.text.match(/https?:\/\/\S+/)?.[0];
        path = url ? `${new URL(url).pathname}${new URL(url).search}` : '';
        return path;
      },
      { message: `a ${kind} email for ${to}`, timeout: 15_000 },
    )
    .not.toBe('');
  return path;
};

/** The administration menu of the signed-in frame (its own navigation landmark). */
export const administrationMenu = (page: Page) => page.getByRole('navigation', { name: 'Administration' });

/** Opens a screen from the sidebar (or the drawer on narrow screens). */
export const openFromMenu = async (page: Page, name: string) => {
  const open = page.getByRole('button', { name: 'Open navigation' });
  if (await open.isVisible()) await open.click();
  await page.getByRole('link', { name, exact: true }).first().click();
};

/** Answers the 6-digit email code of a registration: the newest `setup-code` or `login-code` for the address. */
export const registrationCode = (request: APIRequestContext, to: string) => outboxWatcher(request, to, 'setup-code');
