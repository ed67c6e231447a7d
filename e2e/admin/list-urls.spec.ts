import { expect, type Page, test } from '@playwright/test';
import { watchConsole } from '../support/console.ts';
import { apiSignIn, DEMO, graphql, signInWithEmailCode } from '../identity/support.ts';
import { openFromMenu } from './support.ts';

const table = (page: Page) => page.getByRole('table', { name: /Users of the organisation/ });
const emailsOnPage = (page: Page) => table(page).locator('tbody tr td:nth-child(2)').allTextContents();

/**
 * A list's search, sort, rows per page and page live in the URL: the link survives a reload, and
 * the back button walks back through the states the person went through.
 */
test('a filtered, sorted, paged users list survives a reload, and the back button returns to the previous list state', async ({
  page,
  request,
}) => {
  const errors = watchConsole(page);
  const tag = `url${Date.now().toString(36)}`;
  const token = await apiSignIn(request, DEMO.admin.email, DEMO.admin.password);
  const emails = Array.from({ length: 12 }, (_, i) => `${tag}-${String(i).padStart(2, '0')}@list-urls.example`);
  for (const email of emails) {
    await graphql(
      request,
      'mutation($input: CreateOrganizationUserInput!) { createOrganizationUser(input: $input) { id } }',
      { input: { email, firstName: 'Listed', lastName: 'Colleague' } },
      token,
    );
  }
  const descending = [...emails].reverse();

  await page.goto('/auth/login');
  await signInWithEmailCode(page, request, DEMO.admin.email, DEMO.admin.password);
  await openFromMenu(page, 'Users');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();

  await page.getByLabel('Search users').fill(tag);
  await expect(page).toHaveURL(new RegExp(`\\?search=${tag}$`));
  await expect(page.getByText('12 results')).toBeVisible();
  const header = page.getByRole('columnheader', { name: 'Email' });
  await header.getByRole('button').click();
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await page.getByLabel('Rows per page').selectOption('10');
  await expect(page.getByText('Page 1 of 2, 12 results')).toBeVisible();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/users\\?search=${tag}&sort=email&dir=desc&page=2&size=10$`));
  await expect.poll(() => emailsOnPage(page)).toEqual(descending.slice(10));

  await page.reload();
  await expect(page).toHaveURL(new RegExp(`/app/users\\?search=${tag}&sort=email&dir=desc&page=2&size=10$`));
  await expect(page.getByLabel('Search users')).toHaveValue(tag);
  await expect(page.getByRole('columnheader', { name: 'Email' })).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByText('Page 2 of 2, 12 results')).toBeVisible();
  await expect(page.getByLabel('Rows per page')).toHaveValue('10');
  await expect.poll(() => emailsOnPage(page)).toEqual(descending.slice(10));

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`\\?search=${tag}&sort=email&dir=desc&size=10$`));
  await expect(page.getByText('Page 1 of 2, 12 results')).toBeVisible();
  await expect.poll(() => emailsOnPage(page)).toEqual(descending.slice(0, 10));

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`\\?search=${tag}&sort=email&dir=desc$`));
  await expect(page.getByText('12 results', { exact: true })).toBeVisible();
  await expect.poll(async () => (await emailsOnPage(page)).length).toBe(12);

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`\\?search=${tag}&sort=email$`));
  await expect(page.getByRole('columnheader', { name: 'Email' })).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(() => emailsOnPage(page)).toEqual(emails);
  expect(errors).toEqual([]);
});
