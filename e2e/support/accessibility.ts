import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * A screen once it has loaded (nothing `aria-busy`): no wider than the window and no axe violation of WCAG 2 A/AA.
 * Soft assertions, so one run reports every screen that fails rather than the first.
 */
export const expectAccessible = async (page: Page, screen: string) => {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect.soft(overflow, `${screen}: pixels wider than the window`).toBeLessThanOrEqual(0);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect.soft(results.violations.map((v) => `${screen}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
};

/** Checks a screen at 1440 px and again at 375 px, then goes back to 1440 px. */
export const expectAccessibleAtBothWidths = async (page: Page, screen: string) => {
  await expectAccessible(page, `${screen} 1440`);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectAccessible(page, `${screen} 375`);
  await page.setViewportSize({ width: 1440, height: 900 });
};
