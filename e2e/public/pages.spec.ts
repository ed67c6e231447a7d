import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { watchConsole } from '../support/console.ts';
import { isFilePath, PUBLIC_ROUTES, sameOriginUrls, scrollThrough, useTheme } from './support.ts';

/** Answers already checked in this run, so each URL is requested once. */
const checked = new Map<string, number>();
const routesSeen = new Set<string>();

for (const theme of ['dark', 'light'] as const) {
  for (const width of [375, 1440]) {
    test.describe(`${theme} theme at ${width} px`, () => {
      for (const route of PUBLIC_ROUTES) {
        test(`${route} has no console error, broken link, broken image or accessibility violation`, async ({ page, request }) => {
          const errors = watchConsole(page);
          await useTheme(page, theme);
          await page.setViewportSize({ width, height: 900 });
          const response = await page.goto(route);
          expect(response?.status()).toBe(200);
          await expect(page.locator('html')).toHaveClass(new RegExp(theme));
          await expect(page.locator('main h1')).toBeVisible();
          await expect(page).toHaveTitle(/Tidewise/);
          const description = await page.locator('meta[name="description"]').getAttribute('content');
          expect(description?.length ?? 0).toBeGreaterThan(50);
          await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Tidewise/);

          await scrollThrough(page);
          await page.waitForLoadState('networkidle');
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, 'no horizontal scrolling').toBeLessThanOrEqual(0);

          const brokenImages = await page.evaluate(() =>
            Array.from(document.images)
              .filter((img) => img.complete && img.naturalWidth === 0)
              .map((img) => img.currentSrc || img.src),
          );
          expect(brokenImages).toEqual([]);

          const { links, assets } = await sameOriginUrls(page);
          for (const url of [...assets, ...links.filter(isFilePath)]) {
            if (!checked.has(url)) checked.set(url, (await request.get(url)).status());
            expect(checked.get(url), `${url} answers 200`).toBe(200);
          }
          for (const link of links.filter((l) => !isFilePath(l))) routesSeen.add(link);

          const results = await new AxeBuilder({ page }).analyze();
          expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
          expect(errors).toEqual([]);
        });
      }
    });
  }
}

test('every internal page linked from the public pages exists', async ({ page }) => {
  const targets = new Set<string>(routesSeen);
  if (targets.size === 0) {
    // Run on its own: collect the links first.
    for (const route of PUBLIC_ROUTES) {
      await page.goto(route);
      await expect(page.locator('main h1')).toBeVisible();
      for (const link of (await sameOriginUrls(page)).links.filter((l) => !isFilePath(l))) targets.add(link);
    }
  }
  expect(targets.size).toBeGreaterThan(10);
  for (const target of targets) {
    await page.goto(target);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('#root'), `${target} renders`).not.toBeEmpty();
    await expect(page.getByRole('heading', { name: 'Page not found' }), `${target} exists`).toHaveCount(0);
  }
});

test('robots.txt and sitemap.xml list the public pages', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toMatch(/Sitemap: https:\/\/\S+\/sitemap\.xml/);
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  for (const route of PUBLIC_ROUTES) expect(xml).toContain(`<loc>https://tidewise.eu${route}</loc>`);
});
