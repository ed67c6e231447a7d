import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { watchConsole } from '../support/console.ts';
import { DEMO, expectNoHorizontalScroll, screenshotPath, signInWithEmailCode } from '../identity/support.ts';
import { openFromMenu } from './support.ts';

const SCREENS = [
  { menu: 'Organisation', heading: 'Organisation', ready: 'Save settings' },
  { menu: 'Users', heading: 'Users', ready: 'Invite user' },
  { menu: 'Roles & permissions', heading: 'Roles & permissions', ready: 'New role' },
  { menu: 'Suppliers', heading: 'Suppliers', ready: 'Invite supplier' },
  { menu: 'Audit log', heading: 'Audit log', ready: 'Apply filters' },
  { menu: 'Sign-in log', heading: 'Sign-in log', ready: 'Apply filters' },
  { menu: 'My account', heading: 'My account', ready: 'Change method' },
];

for (const theme of ['dark', 'light'] as const) {
  for (const width of [1440, 375]) {
    test(`the administration screens are accessible and fit ${width} px in the ${theme} theme`, async ({ page, request }, testInfo) => {
      test.setTimeout(120_000);
      const errors = watchConsole(page);
      await page.setViewportSize({ width, height: 900 });
      await page.addInitScript((value) => localStorage.setItem('tidewise-theme', value), theme);
      await page.goto('/auth/login');
      await signInWithEmailCode(page, request, DEMO.admin.email, DEMO.admin.password);
      await expect(page).toHaveURL(/\/app$/);
      await expect(page.locator('html')).toHaveClass(new RegExp(theme));
      for (const screen of SCREENS) {
        await openFromMenu(page, screen.menu);
        await expect(page.getByRole('heading', { name: screen.heading, level: 1 })).toBeVisible();
        await expect(page.getByRole('button', { name: screen.ready }).first()).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        const slug = screen.menu.toLowerCase().replace(/[^a-z]+/g, '-');
        await page.screenshot({
          path: screenshotPath(`admin-${slug}-${width}-${theme}.png`, (n) => testInfo.outputPath(n)),
          fullPage: true,
        });
        await expectNoHorizontalScroll(page);
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
        expect(results.violations.map((v) => `${screen.menu}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      }
      expect(errors).toEqual([]);
    });
  }
}
