import { expect, test } from '@playwright/test';
import { watchConsole } from '../support/console.ts';

test.describe('with normal motion', () => {
  test('the stakeholder network waits until it is visible, then animates after 3.2 s', async ({ page }) => {
    const errors = watchConsole(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    const network = page.getByTestId('stakeholder-network');
    await expect(network).toHaveAttribute('data-state', 'waiting');
    await page.waitForTimeout(3500);
    await expect(network, 'nothing runs while the diagram is off screen').toHaveAttribute('data-state', 'waiting');
    await network.scrollIntoViewIfNeeded();
    await page.waitForTimeout(2500);
    await expect(network, 'the start is delayed by 3.2 s').toHaveAttribute('data-state', 'waiting');
    await expect(network).toHaveAttribute('data-state', 'running', { timeout: 3000 });
    await expect(network.getByTestId('network-packet')).toHaveCount(10);
    const before = await network.getByTestId('network-packet').first().getAttribute('cy');
    await page.waitForTimeout(200);
    expect(await network.getByTestId('network-packet').first().getAttribute('cy')).not.toBe(before);
    expect(errors).toEqual([]);
  });

  test('on mobile the stakeholder cards appear as each one scrolls into view', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    const cards = page.getByTestId('stakeholder-card');
    await expect(cards).toHaveCount(10);
    await expect(cards.last()).toHaveAttribute('data-visible', 'false');
    await cards.last().scrollIntoViewIfNeeded();
    await expect(cards.last()).toHaveAttribute('data-visible', 'true');
  });

  test('the automation cards show the animated images', async ({ page }) => {
    await page.goto('/');
    const image = page.getByRole('img', { name: 'A route map with emission hotspots highlighted at ports' });
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/illustrations\/hotspot-mapping\.svg$/);
  });
});

test.describe('with reduced motion', () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
  });

  test('the stakeholder network is drawn once and never animates', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    const network = page.getByTestId('stakeholder-network');
    await network.scrollIntoViewIfNeeded();
    await expect(network).toHaveAttribute('data-state', 'static');
    await page.waitForTimeout(4000);
    await expect(network).toHaveAttribute('data-state', 'static');
    await expect(network.getByTestId('network-packet')).toHaveCount(0);
  });

  test('the mobile stakeholder cards are all shown without waiting for scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    const cards = page.getByTestId('stakeholder-card');
    await expect(cards).toHaveCount(10);
    for (const card of await cards.all()) await expect(card).toHaveAttribute('data-visible', 'true');
    const transition = await cards.last().evaluate((el) => getComputedStyle(el).transitionDuration);
    expect(transition.split(',').every((d) => Number.parseFloat(d) < 0.001)).toBe(true);
  });

  test('the automation cards show still images', async ({ page }) => {
    await page.goto('/');
    const images = page.locator('#automation img');
    await expect(images).toHaveCount(4);
    await images.first().scrollIntoViewIfNeeded();
    for (const image of await images.all()) {
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-static\.svg$/);
    }
  });
});
