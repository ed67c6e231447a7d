import { type APIRequestContext, request as playwrightRequest, expect, test } from '@playwright/test';
import { startAppServer } from '../public/support.ts';
import { DEMO, signInWithEmailCode } from './support.ts';

/**
 * A server of its own whose access tokens live 6 seconds, so a real token really expires during the
 * test: the browser must renew it with the refresh token and answer the request without a detour.
 */
test.describe('with short-lived access tokens', () => {
  let app: Awaited<ReturnType<typeof startAppServer>> | undefined;
  let api: APIRequestContext;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    app = await startAppServer({ ACCESS_TOKEN_TTL_SECONDS: '6', WEB_DIST: process.env.E2E_WEB_DIST ?? '' });
    api = await playwrightRequest.newContext({ baseURL: app.url });
  });

  test.afterAll(async () => {
    await api?.dispose();
    await app?.stop();
  });

  test('an expired access token is renewed silently and the request answered', async ({ page }) => {
    // Renewal goes through the refresh cookie's route; the refresh token never appears in a request body.
    const refreshCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/session/refresh')) refreshCalls.push(request.url());
    });
    await page.goto(`${app?.url}/auth/login`);
    await signInWithEmailCode(page, api, DEMO.admin.email, DEMO.admin.password);
    await expect(page).toHaveURL(/\/app$/);
    const afterSignIn = refreshCalls.length;

    await page.waitForTimeout(7_000);
    await page.getByRole('link', { name: 'Suppliers', exact: true }).first().click();
    await expect(page).toHaveURL(/\/app\/suppliers$/);
    await expect(page.getByText('Baltic Marine Services').first()).toBeVisible();
    expect(refreshCalls.length).toBeGreaterThan(afterSignIn);
    await expect(page).not.toHaveURL(/\/auth\/reauth/);
  });
});
