import { expect, type Page, type Response, test } from '@playwright/test';
import { watchConsole } from '../support/console.ts';
import { DEMO, signInWithEmailCode } from '../identity/support.ts';

/** GraphQL answers that failed (HTTP error or errors in the body), collected as they arrive. */
const watchGraphql = (page: Page) => {
  const pending: Promise<void>[] = [];
  const failures: string[] = [];
  const operations: string[] = [];
  page.on('response', (response: Response) => {
    if (!response.url().endsWith('/graphql')) return;
    let operation = '?';
    try {
      operation = (response.request().postDataJSON() as { operationName?: string } | null)?.operationName ?? '?';
    } catch {
      // Not a JSON request.
    }
    operations.push(operation);
    pending.push(
      (async () => {
        const type = response.headers()['content-type'] ?? '';
        const body = type.includes('json') ? ((await response.json().catch(() => null)) as { errors?: unknown[] } | null) : null;
        if (response.status() >= 400 || body?.errors?.length) {
          failures.push(`${operation} ${response.status()} ${JSON.stringify(body?.errors)}`);
        }
      })(),
    );
  });
  return {
    operations,
    failures: async () => {
      await Promise.all(pending);
      return failures;
    },
  };
};

/** What the users, roles and log screens ask the API for. */
const GUARDED_SCREEN_OPERATIONS = [
  'OrganizationUsers',
  'EmailChangeRequests',
  'UserRoles',
  'RoleOptions',
  'AuthorizationRoles',
  'AuthorizationPermissions',
  'AuditLogs',
  'VerifyAuditLogChain',
  'LogUserOptions',
  'LoginLogs',
];

const NOT_AVAILABLE = "This area isn't open to you";

/** The screens a supplier user opens by address, and what each should show them. */
const SUPPLIER_VIEW = [
  { path: '/app', heading: `Welcome, ${DEMO.supplier.firstName}` },
  { path: '/app/organization', heading: 'Organisation' },
  { path: '/app/suppliers', heading: 'Customers' },
  { path: '/app/account', heading: 'My account' },
  { path: '/app/users', heading: NOT_AVAILABLE, area: 'Users' },
  { path: '/app/roles', heading: NOT_AVAILABLE, area: 'Roles & permissions' },
  { path: '/app/audit-log', heading: NOT_AVAILABLE, area: 'Audit log' },
  { path: '/app/sign-in-log', heading: NOT_AVAILABLE, area: 'Sign-in log' },
];

test('a supplier typing any application address sees their screen or a "not available" page, never an error', async ({ page, request }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  const graphql = watchGraphql(page);
  await page.goto('/auth/login');
  await signInWithEmailCode(page, request, DEMO.supplier.email, DEMO.supplier.password);
  await expect(page).toHaveURL(/\/app$/);

  for (const screen of SUPPLIER_VIEW) {
    await page.goto(screen.path);
    await expect(page.getByRole('heading', { name: screen.heading, level: 1 }), screen.path).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`${screen.path}$`));
    await expect(page.getByRole('alert'), `${screen.path} shows no error`).toHaveCount(0);
    if (screen.area) {
      await expect(page.getByText(`${screen.area} is part of a customer organisation's administration`)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/app');
      // Still inside the signed-in frame, with its navigation and sign-out.
      await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    }
  }
  expect(await graphql.failures()).toEqual([]);
  // The guarded screens asked for nothing of their own.
  expect(graphql.operations.filter((name) => GUARDED_SCREEN_OPERATIONS.includes(name))).toEqual([]);

  await page.getByRole('link', { name: 'Go to dashboard' }).click();
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${DEMO.supplier.firstName}` })).toBeVisible();
  expect(errors).toEqual([]);
});

test('an unknown application address answers inside the signed-in frame, with the dashboard as the way on', async ({ page, request }) => {
  await page.goto('/auth/login');
  await signInWithEmailCode(page, request, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/app$/);
  await page.goto('/app/nonexistent');
  await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Application' }).first()).toBeAttached();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to dashboard' }).click();
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${DEMO.admin.firstName}` })).toBeVisible();
});
