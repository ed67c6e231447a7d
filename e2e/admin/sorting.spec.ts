import { expect, type Page, test } from '@playwright/test';
import { watchConsole } from '../support/console.ts';
import { DEMO, signInWithEmailCode } from '../identity/support.ts';
import { openFromMenu } from './support.ts';

const emailsOnPage = async (page: Page) => {
  const table = page.getByRole('table', { name: /Users of the organisation/ });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  return table.locator('tbody tr td:nth-child(2)').allTextContents();
};

const invite = async (page: Page, email: string) => {
  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a user' });
  await dialog.getByLabel('First name').fill('Sorted');
  await dialog.getByLabel('Last name').fill('Colleague');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
};

const isAscending = (values: string[]) => values.every((v, i) => i === 0 || (values[i - 1] ?? '') <= v);

/**
 * A header orders the whole list on the server, not just the rows on screen: pressing it from the
 * keyboard sorts, says so with aria-sort, returns to page 1, and a next page continues the order.
 */
test('a users table header sorts the whole list on the server, from the keyboard, ascending then descending', async ({ page, request }) => {
  const errors = watchConsole(page);
  await page.goto('/auth/login');
  await signInWithEmailCode(page, request, DEMO.admin.email, DEMO.admin.password);
  await openFromMenu(page, 'Users');
  const tag = Date.now().toString(36);
  for (const email of [`zz-${tag}@sorting.example`, `a-${tag}@sorting.example`]) await invite(page, email);
  const header = page.getByRole('columnheader', { name: 'Email' });
  await expect(header).not.toHaveAttribute('aria-sort');

  await header.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  const first = await emailsOnPage(page);
  expect(isAscending(first)).toBe(true);

  const next = page.getByRole('button', { name: 'Next page' });
  if (await next.isVisible()) {
    await next.click();
    await expect(page.getByText(/Page 2 of/)).toBeVisible();
    const second = await emailsOnPage(page);
    expect(isAscending([...first, ...second])).toBe(true);
  }

  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByText(/Page 2 of/)).toHaveCount(0);
  await expect.poll(async () => (await emailsOnPage(page))[0]).not.toBe(first[0]);
  const descending = await emailsOnPage(page);
  expect(isAscending([...descending].reverse())).toBe(true);
  expect(errors).toEqual([]);
});
