import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 3125);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'tidewise-e2e-'));
export const baseURL = `http://127.0.0.1:${port}`;

/**
 * Browser tests drive Debian's Chromium against the server started as `npm start` starts it (the
 * built web app served by the API), on a fresh embedded database. Emails go to the development
 * outbox unless a test starts its own SMTP server; /dev/outbox.json lets tests read codes.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: '../playwright-report' }]],
  outputDir: '../test-results',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'npm run serve',
    cwd: '..',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      SMTP_URL: process.env.E2E_SMTP === 'true' ? `smtp://127.0.0.1:${smtpPort}` : '',
      CONTACT_EMAIL: 'contact@tidewise.test',
      // POST /test/clock: the data-request test moves the server's clock past a deadline instead of waiting.
      TEST_HOOKS: 'true',
      PACT_ALLOW_INSECURE_URLS: 'true',
      // A private build of the web app (several people building at once); empty means the default dist.
      WEB_DIST: process.env.E2E_WEB_DIST ?? '',
    },
  },
});
