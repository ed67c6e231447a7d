import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { watchConsole } from '../support/console.ts';

for (const { route, first, second } of [
  { route: '/privacy-policy', first: '1. Who we are', second: '2. Our role: controller and processor' },
  { route: '/cookie-policy', first: '1. Summary', second: '2. What we store in your browser' },
]) {
  test(`${route}: numbered sections open and close independently`, async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto(route);
    const one = page.getByRole('button', { name: first });
    const two = page.getByRole('button', { name: second });
    await expect(page.getByTestId('policy-section')).not.toHaveCount(0);
    await expect(one).toHaveAttribute('aria-expanded', 'false');
    await expect(two).toHaveAttribute('aria-expanded', 'false');

    await one.click();
    await expect(one).toHaveAttribute('aria-expanded', 'true');
    await two.click();
    await expect(one).toHaveAttribute('aria-expanded', 'true');
    await expect(two).toHaveAttribute('aria-expanded', 'true');
    const regionOne = page.getByRole('region', { name: first });
    await expect(regionOne).toBeVisible();

    await one.click();
    await expect(one).toHaveAttribute('aria-expanded', 'false');
    await expect(regionOne).toBeHidden();
    await expect(two).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('region', { name: second })).toBeVisible();

    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
    expect(errors).toEqual([]);
  });
}

test('the policy accordion works with the keyboard', async ({ page }) => {
  await page.goto('/privacy-policy');
  const triggers = page.locator('[data-testid="policy-section"] button');
  const first = triggers.nth(0);
  const second = triggers.nth(1);
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(second).toBeFocused();
  await page.keyboard.press('Space');
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('End');
  await expect(triggers.last()).toBeFocused();
  await page.keyboard.press('Home');
  await expect(first).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  // Section headings are real headings, so screen-reader users can list and jump between them.
  await expect(page.getByRole('heading', { level: 2, name: '3. The personal data we process' })).toBeVisible();
});
