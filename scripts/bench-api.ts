// Measures the API as a client sees it: requests per second and latency percentiles for a public
// query, an authenticated-field rejection and an SSE subscription, against an in-process server on
// an in-memory embedded database. Prints figures; asserts nothing.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '@tidewise/db/client';
import { createApp } from '../apps/api/src/app.ts';
import { loadEnv } from '../apps/api/src/env.ts';
import { createLogger } from '../apps/api/src/lib/logger.ts';

const REQUESTS = Number(process.argv[2] ?? 2000);
const CONCURRENCY = Number(process.argv[3] ?? 16);

const dataDir = await mkdtemp(path.join(tmpdir(), 'tidewise-bench-'));
const env = loadEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_SEED: 'false', WEB_DIST: dataDir });
const database = await openDatabase({ dataDir: 'memory://' });
const app = await createApp({ env, database, logger: createLogger('silent') });
const url = await app.server.listen(0, '127.0.0.1');

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const measure = async (name: string, body: string, headers: Record<string, string> = {}) => {
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < REQUESTS) {
      next += 1;
      const start = performance.now();
      const response = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
      await response.text();
      latencies.push(performance.now() - start);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(34)} ${String(Math.round(latencies.length / seconds)).padStart(6)} req/s   p50 ${percentile(latencies, 50).toFixed(1)} ms   p95 ${percentile(latencies, 95).toFixed(1)} ms   p99 ${percentile(latencies, 99).toFixed(1)} ms`,
  );
};

console.log(`Tidewise API benchmark: ${REQUESTS} requests per case, ${CONCURRENCY} concurrent, embedded database in memory`);
await measure('public query (serverInfo)', JSON.stringify({ query: '{ serverInfo { productName time } }' }));
await measure('protected field, no token', JSON.stringify({ query: '{ viewer { userId } }' }));
await measure('SSE subscription (1 tick)', JSON.stringify({ query: 'subscription { clock(ticks: 1) }' }), { accept: 'text/event-stream' });
const memory = process.memoryUsage();
console.log(`memory: rss ${(memory.rss / 1048576).toFixed(0)} MiB, heap used ${(memory.heapUsed / 1048576).toFixed(0)} MiB`);

await app.close();
await database.close();
await rm(dataDir, { recursive: true, force: true });
