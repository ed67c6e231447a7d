import type { Page } from '@playwright/test';

/** Collects console errors and uncaught page errors; a test fails if any appear. */
export const watchConsole = (page: Page) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
};
