import { type APIRequestContext, expect, test } from '@playwright/test';
import { openFromMenu } from '../admin/support.ts';
import { DEMO, screenshotPath, signInWithEmailCode } from '../identity/support.ts';
import { watchConsole } from '../support/console.ts';
import { expectAccessibleAtBothWidths } from '../support/accessibility.ts';

test.use({ actionTimeout: 20_000 });

/** POST /auth/token as a partner's system sends it: client id and secret as HTTP Basic, the client credentials grant. */
const requestToken = (request: APIRequestContext, tokenPath: string, clientId: string, secret: string) =>
  request.post(tokenPath, {
    headers: { authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}` },
    form: { grant_type: 'client_credentials' },
  });

const listFootprints = (request: APIRequestContext, apiPath: string, token: string) =>
  request.get(`${apiPath.replace(/\/+$/, '')}/2/footprints`, { headers: { authorization: `Bearer ${token}` } });

/**
 * An administrator issues PACT API credentials on the screen, reads the secret there once, and a partner's system
 * gets a token with them and lists the footprints; after the dialog closes the secret is nowhere on the page. Once
 * revoked, the same credentials get the spec's refusal at the token endpoint and the token issued before is refused.
 */
test('an administrator creates API credentials, sees the secret once, revokes them, and the revoked credentials are refused', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const errors = watchConsole(page);
  const shot = async (name: string) => {
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await page.screenshot({ path: screenshotPath(`pact-${name}.png`, (n) => testInfo.outputPath(n)), fullPage: true });
  };

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/auth/login');
  await signInWithEmailCode(page, request, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/app$/);

  // 1. PACT exchange from the menu: the published footprints, then every other screen of it.
  await openFromMenu(page, 'PACT exchange');
  await expect(page).toHaveURL(/\/app\/pact$/);
  await expect(page.getByRole('heading', { name: 'PACT exchange', level: 1 })).toBeVisible();
  await shot('footprints');
  await expectAccessibleAtBothWidths(page, 'published footprints');

  await page.getByRole('button', { name: 'Publish footprints' }).first().click();
  const publish = page.getByRole('dialog', { name: 'Publish footprints' });
  await expect(publish.getByLabel('Reference year')).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'publish dialog');
  await publish.getByRole('button', { name: 'Cancel' }).click();
  await expect(publish).toBeHidden();

  const pactNav = page.getByRole('navigation', { name: 'PACT exchange' });
  for (const [link, path, heading] of [
    ['Received footprints', '/app/pact/received', 'Received footprints'],
    ['Connections', '/app/pact/connections', 'Connections'],
    ['Events', '/app/pact/events', 'Events'],
  ] as const) {
    await pactNav.getByRole('link', { name: link }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await shot(link.toLowerCase().replaceAll(' ', '-'));
    await expectAccessibleAtBothWidths(page, link);
  }
  await pactNav.getByRole('link', { name: 'Connections' }).click();
  await page.getByRole('button', { name: 'Add connection' }).first().click();
  const addConnection = page.getByRole('dialog', { name: 'Add connection' });
  await expect(addConnection.getByLabel('Base URL')).toBeVisible();
  await shot('add-connection');
  await expectAccessibleAtBothWidths(page, 'add connection dialog');
  await addConnection.getByRole('button', { name: 'Cancel' }).click();
  await expect(addConnection).toBeHidden();

  // 2. API credentials: create "SAP SFM test" and read what the dialog shows this once.
  await pactNav.getByRole('link', { name: 'API credentials' }).click();
  await expect(page).toHaveURL(/\/app\/pact\/credentials$/);
  await page.getByRole('button', { name: 'Create credentials' }).first().click();
  const form = page.getByRole('dialog', { name: 'Create credentials' });
  await form.getByLabel('Name').fill('SAP SFM test');
  await form.getByRole('button', { name: 'Create credentials' }).click();

  const issued = page.getByRole('dialog', { name: 'Credentials for SAP SFM test' });
  await expect(issued).toBeVisible();
  await expect(issued.getByText('This is the only time the client secret is shown.', { exact: false })).toBeVisible();
  const clientId = (await issued.getByTestId('issued-client-id').innerText()).trim();
  const secret = (await issued.getByTestId('issued-client-secret').innerText()).trim();
  const tokenUrl = new URL((await issued.getByTestId('issued-token-url').innerText()).trim());
  const apiBase = new URL((await issued.getByTestId('issued-api-base-url').innerText()).trim());
  expect(clientId).not.toBe('');
  expect(secret.length).toBeGreaterThanOrEqual(32);
  expect(tokenUrl.pathname).toBe('/auth/token');
  for (const name of ['Copy the Client ID', 'Copy the Client secret', 'Copy the Token URL', 'Copy the API base URL']) {
    await expect(issued.getByRole('button', { name })).toBeVisible();
  }
  await shot('credentials-issued');
  await page.setViewportSize({ width: 375, height: 800 });
  await shot('credentials-issued-375');
  await page.setViewportSize({ width: 1440, height: 900 });
  await expectAccessibleAtBothWidths(page, 'issued credentials dialog');

  // 3. The partner's side: a token for the credentials, and the footprints with it.
  const token = await requestToken(request, tokenUrl.pathname, clientId, secret);
  expect(token.status()).toBe(200);
  const tokenBody = (await token.json()) as { access_token?: string; token_type?: string };
  expect(tokenBody.access_token).toBeTruthy();
  expect(tokenBody.token_type?.toLowerCase()).toBe('bearer');
  const accessToken = tokenBody.access_token as string;
  const footprints = await listFootprints(request, apiBase.pathname, accessToken);
  expect(footprints.status()).toBe(200);
  expect(Array.isArray(((await footprints.json()) as { data?: unknown }).data)).toBe(true);

  // 4. Closed, the dialog takes the secret with it: only its last four characters remain.
  await issued.getByRole('button', { name: 'I have stored the secret' }).click();
  await expect(issued).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: clientId });
  await expect(row).toContainText(secret.slice(-4));
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  expect(await page.content()).not.toContain(secret);
  expect(await page.evaluate(() => document.body.innerText)).not.toContain(secret);
  await shot('credentials');
  await expectAccessibleAtBothWidths(page, 'credentials');

  // 5. Revoke, after a confirmation.
  await row.getByRole('button', { name: 'Revoke SAP SFM test' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke SAP SFM test?' });
  await expect(confirm).toContainText(clientId);
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'SAP SFM test revoked.' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: clientId })).toHaveCount(0);

  // 6. The spec's refusals: the token endpoint answers invalid_client, the earlier token is refused.
  const refusedToken = await requestToken(request, tokenUrl.pathname, clientId, secret);
  expect(refusedToken.status()).toBe(400);
  expect(((await refusedToken.json()) as { error?: string }).error).toBe('invalid_client');
  const refusedList = await listFootprints(request, apiBase.pathname, accessToken);
  expect(refusedList.status()).toBe(403);
  expect(((await refusedList.json()) as { code?: string }).code).toBe('AccessDenied');

  // 7. Revoked credentials on request: greyed, with the day they were revoked, and no Revoke button.
  await page.getByLabel('Show revoked credentials').check();
  await expect(page).toHaveURL(/revoked=1/);
  const revokedRow = page.getByRole('row').filter({ hasText: clientId });
  await expect(revokedRow.getByText(/^Revoked \d{1,2} \w{3} \d{4}$/)).toBeVisible();
  await expect(revokedRow.getByRole('button', { name: /Revoke/ })).toHaveCount(0);
  await shot('credentials-revoked');
  await expectAccessibleAtBothWidths(page, 'revoked credentials');

  expect(errors).toEqual([]);
});
