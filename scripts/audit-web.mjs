// Lighthouse (mobile) on the landing page of the built web app, served by the real API server.
//
//   npm run audit:web            builds first, then runs this script
//   node scripts/audit-web.mjs   when the build is already there
//
// Starts the server on a free port with a throw-away data directory, runs Lighthouse against `/`,
// prints the four category scores and the gzip size of every script the landing page loads, and
// exits non-zero when a figure misses its target. CHROME_PATH chooses the browser (default: Debian's
// Chromium package).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'apps/web/dist');
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 95 };
const MAX_JS_GZIP_KB = 120;

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

const waitForHealth = async (url, server, timeoutMs = 120_000) => {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (server.exitCode !== null) throw new Error(`the server stopped with code ${server.exitCode}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer ${url}/healthz within ${timeoutMs / 1000} s`);
};

const startServer = async () => {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tidewise-audit-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SMTP_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, server);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
};

/** Gzip size of each same-origin script the page loaded, measured on the built files. */
const scriptSizes = (lhr, origin) => {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = items.filter((item) => item.resourceType === 'Script' && item.url.startsWith(origin));
  return scripts.map((item) => {
    const file = path.join(DIST, new URL(item.url).pathname);
    const bytes = existsSync(file) ? gzipSync(readFileSync(file)).length : item.transferSize;
    return { name: new URL(item.url).pathname, kb: bytes / 1024 };
  });
};

const main = async () => {
  if (!existsSync(path.join(DIST, 'index.html'))) throw new Error('The web app is not built: run `npm run audit:web` (it builds first).');
  const server = await startServer();
  let chrome;
  try {
    chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH || '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
    const runner = await lighthouse(`${server.url}/`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: Object.keys(TARGETS),
    });
    if (!runner) throw new Error('Lighthouse returned no result');
    const { lhr } = runner;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);

    const failures = [];
    console.log(`Lighthouse ${lhr.lighthouseVersion}, ${lhr.configSettings.formFactor}, ${lhr.finalDisplayedUrl}`);
    for (const [id, target] of Object.entries(TARGETS)) {
      const score = Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const ok = score >= target;
      if (!ok) failures.push(`${id} ${score} < ${target}`);
      console.log(
        `  ${id.padEnd(16)} ${String(score).padStart(3)}  (target ${target === 100 ? '100' : `>= ${target}`}) ${ok ? 'ok' : 'MISSED'}`,
      );
      if (!ok) {
        for (const ref of lhr.categories[id].auditRefs) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit.score !== null && audit.score < 0.9) {
            console.log(`      - ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
          }
        }
      }
    }
    for (const metric of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift']) {
      console.log(`  ${lhr.audits[metric].title.padEnd(26)} ${lhr.audits[metric].displayValue}`);
    }

    const scripts = scriptSizes(lhr, server.url);
    const totalKb = scripts.reduce((sum, s) => sum + s.kb, 0);
    console.log(`Landing page JavaScript: ${scripts.length} files, ${totalKb.toFixed(1)} KB gzip (target <= ${MAX_JS_GZIP_KB} KB)`);
    for (const s of scripts.sort((a, b) => b.kb - a.kb)) console.log(`  ${s.kb.toFixed(1).padStart(6)} KB  ${s.name}`);
    if (totalKb > MAX_JS_GZIP_KB) failures.push(`landing page JavaScript ${totalKb.toFixed(1)} KB > ${MAX_JS_GZIP_KB} KB gzip`);

    if (failures.length > 0) {
      console.log(`\nMissed: ${failures.join('; ')}`);
      process.exitCode = 1;
    } else {
      console.log('\nAll targets met.');
    }
  } finally {
    await chrome?.kill();
    await server.stop();
  }
};

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
