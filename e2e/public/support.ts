import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

/** Every public page of the specification (section 2). */
export const PUBLIC_ROUTES = [
  '/',
  '/about',
  '/resources',
  '/partners',
  '/contact',
  '/privacy-policy',
  '/cookie-policy',
  '/organization-signup-demo',
] as const;

export const THEME_STORAGE_KEY = 'tidewise-theme';

/** Opens pages in the given theme (dark is the default; light is stored the way the toggle stores it). */
export const useTheme = async (page: Page, theme: 'dark' | 'light') => {
  await page.addInitScript(
    ([key, value]) => {
      window.localStorage.setItem(key, value);
    },
    [THEME_STORAGE_KEY, theme] as const,
  );
};

/** Scrolls to the bottom in steps so lazy images load and scroll-triggered content appears. */
export const scrollThrough = async (page: Page) => {
  await page.evaluate(async () => {
    const step = Math.max(200, Math.floor(window.innerHeight * 0.6));
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    window.scrollTo(0, document.documentElement.scrollHeight);
  });
};

/** Same-origin link targets and image sources on the current page, without fragments. */
export const sameOriginUrls = async (page: Page) =>
  page.evaluate(() => {
    const links = new Set<string>();
    const assets = new Set<string>();
    const add = (set: Set<string>, raw: string | null) => {
      if (!raw) return;
      const url = new URL(raw, window.location.href);
      if (url.origin !== window.location.origin) return;
      url.hash = '';
      set.add(url.pathname + url.search);
    };
    for (const a of Array.from(document.querySelectorAll('a[href]'))) add(links, a.getAttribute('href'));
    for (const img of Array.from(document.querySelectorAll('img[src]'))) add(assets, img.getAttribute('src'));
    for (const source of Array.from(document.querySelectorAll('source[srcset]'))) {
      for (const candidate of (source.getAttribute('srcset') ?? '').split(',')) add(assets, candidate.trim().split(/\s+/)[0] ?? null);
    }
    for (const link of Array.from(document.querySelectorAll('link[href]'))) add(assets, link.getAttribute('href'));
    return { links: [...links], assets: [...assets] };
  });

/** A path with a file extension is a file the server must have; anything else is a client route. */
export const isFilePath = (pathname: string) => /\.[a-z0-9]+$/i.test(pathname.split('?')[0] ?? '');

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/**
 * A second copy of the application server, started the way `npm run serve` starts it but with our
 * own environment (for example an SMTP_URL pointing at a test mail server), on a free port and a
 * fresh embedded database. Uses the web app already built for the main browser-test server.
 */
export const startAppServer = async (env: Record<string, string>) => {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tidewise-e2e-public-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the application server stopped with code ${child.exitCode}: ${stderr.slice(-2000)}`);
    }
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the application server did not start: ${stderr.slice(-2000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, stop };
};
