// Measures the PACT v2 host API as a partner's software sees it: the token endpoint, listing every footprint page by
// page along the Link header, a $filter whose only match is the oldest footprint (the list is filtered in memory over
// keyset batches, decision 0020, so this is its slowest case), and reading single footprints. In-process server on an
// in-memory embedded database. Prints figures; asserts nothing.
//   npm run bench:pact [-- FOOTPRINTS]   (default 2,000 footprints of one organisation)
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '@tidewise/db/client';
import { organizations } from '@tidewise/db/schema/organizations';
import { pactClients, pactFootprints } from '@tidewise/db/schema/pact';
import { PACT_SPEC_VERSION } from '@tidewise/shared/pact/product-footprint';
import { createApp } from '../apps/api/src/app.ts';
import { loadEnv } from '../apps/api/src/env.ts';
import { hashPassword } from '../apps/api/src/lib/identity/passwords.ts';
import { createLogger } from '../apps/api/src/lib/logger.ts';

const FOOTPRINTS = Number(process.argv[2] ?? 2000);
const PAGE = 100;

const dataDir = await mkdtemp(path.join(tmpdir(), 'tidewise-bench-pact-'));
const env = loadEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_SEED: 'false', WEB_DIST: dataDir });
const database = await openDatabase({ dataDir: 'memory://' });
const app = await createApp({ env, database, logger: createLogger('silent') });
const url = await app.server.listen(0, '127.0.0.1');
const db = app.services.db;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const start = performance.now();
  const value = await work();
  return [value, performance.now() - start];
};

// One carrier with credentials and FOOTPRINTS transport footprints, one a day backwards from today.
const [organization] = await db.insert(organizations).values({ name: 'Bench Carriers', organizationType: 'customer' }).returning();
if (!organization) throw new Error('no organisation');
const clientId = `twpact_${randomBytes(16).toString('hex')}`;
const secret = randomBytes(32).toString('base64url');
await db.insert(pactClients).values({
  organizationId: organization.id,
  name: 'Bench ERP',
  clientId,
  secretHash: await hashPassword(secret),
  secretHint: secret.slice(-4),
});
const day = 24 * 60 * 60 * 1000;
const rows = Array.from({ length: FOOTPRINTS }, (_, i) => {
  const id = randomUUID();
  const created = new Date(Date.now() - i * day);
  const year = 2000 + (i % 25);
  const document = {
    id,
    specVersion: PACT_SPEC_VERSION,
    version: 1,
    created: created.toISOString(),
    status: 'Active',
    companyName: 'Bench Carriers',
    companyIds: [`urn:uuid:${organization.id}`],
    productDescription: 'Sea freight transport, per tonne-kilometre',
    productIds: [`urn:pact:bench:product-${i}`],
    productCategoryCpc: '6521',
    productNameCompany: `Sea freight ${i}`,
    comment: 'Benchmark footprint',
    pcf: {
      declaredUnit: 'ton kilometer',
      unitaryProductAmount: '1',
      pCfExcludingBiogenic: '0.00886654',
      fossilGhgEmissions: '0.00886654',
      fossilCarbonContent: '0',
      biogenicCarbonContent: '0',
      characterizationFactors: 'AR6',
      ipccCharacterizationFactorsSources: ['AR6'],
      crossSectoralStandardsUsed: ['GHG Protocol Product standard'],
      boundaryProcessesDescription: 'Well-to-wake fuel of the voyages',
      referencePeriodStart: `${year}-01-01T00:00:00Z`,
      referencePeriodEnd: `${year + 1}-01-01T00:00:00Z`,
      exemptedEmissionsPercent: 0,
      exemptedEmissionsDescription: '',
      packagingEmissionsIncluded: false,
      primaryDataShare: 100,
    },
  };
  return {
    id,
    organizationId: organization.id,
    productKey: `bench:${i}`,
    version: 1,
    status: 'Active',
    document,
    created,
    referencePeriodStart: new Date(document.pcf.referencePeriodStart),
    referencePeriodEnd: new Date(document.pcf.referencePeriodEnd),
  };
});
for (let i = 0; i < rows.length; i += 500) await db.insert(pactFootprints).values(rows.slice(i, i + 500));

console.log(`PACT host benchmark: ${FOOTPRINTS} footprints of one organisation, embedded database in memory`);

// Token endpoint: Argon2id verification of the secret on every request.
const basic = `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;
const tokenTimes: number[] = [];
let token = '';
for (let i = 0; i < 10; i++) {
  const [response, ms] = await timed(() =>
    fetch(`${url}/auth/token`, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    }),
  );
  token = ((await response.json()) as { access_token: string }).access_token;
  tokenTimes.push(ms);
}
console.log(`token            p50 ${percentile(tokenTimes, 50).toFixed(1)} ms   p95 ${percentile(tokenTimes, 95).toFixed(1)} ms`);
const bearer = { authorization: `Bearer ${token}` };

// Every page along the Link header.
const pageTimes: number[] = [];
let next: string | null = `${url}/2/footprints?limit=${PAGE}`;
let listed = 0;
const [, listMs] = await timed(async () => {
  while (next) {
    const [response, ms] = await timed(() => fetch(next as string, { headers: bearer }));
    const body = (await response.json()) as { data: unknown[] };
    listed += body.data.length;
    pageTimes.push(ms);
    next = response.headers.get('link')?.match(/<([^>]+)>;\s*rel="next"/)?.[1] ?? null;
  }
});
console.log(
  `list             ${listed} footprints in ${pageTimes.length} pages of ${PAGE}, ${listMs.toFixed(0)} ms; page p50 ${percentile(pageTimes, 50).toFixed(1)} ms   p95 ${percentile(pageTimes, 95).toFixed(1)} ms`,
);

// A filter whose only match is the oldest footprint: every row is read and evaluated.
const oldest = `urn:pact:bench:product-${FOOTPRINTS - 1}`;
const filter = encodeURIComponent(`productIds/any(p:(p eq '${oldest}'))`);
const filterTimes: number[] = [];
for (let i = 0; i < 10; i++) {
  const [response, ms] = await timed(() => fetch(`${url}/2/footprints?limit=10&$filter=${filter}`, { headers: bearer }));
  const body = (await response.json()) as { data: unknown[] };
  if (body.data.length !== 1) throw new Error(`the filter matched ${body.data.length}`);
  filterTimes.push(ms);
}
console.log(`filter, last row p50 ${percentile(filterTimes, 50).toFixed(1)} ms   p95 ${percentile(filterTimes, 95).toFixed(1)} ms`);

// Single footprints, 8 at a time.
const getTimes: number[] = [];
let at = 0;
const worker = async () => {
  while (at < 400) {
    const row = rows[(at * 7) % rows.length];
    at += 1;
    const [response, ms] = await timed(() => fetch(`${url}/2/footprints/${row?.id}`, { headers: bearer }));
    await response.text();
    getTimes.push(ms);
  }
};
await Promise.all(Array.from({ length: 8 }, worker));
console.log(
  `get one          p50 ${percentile(getTimes, 50).toFixed(1)} ms   p95 ${percentile(getTimes, 95).toFixed(1)} ms (400 requests, 8 at a time)`,
);

const rss = process.memoryUsage().rss / 1048576;
console.log(
  `bench:pact footprints=${FOOTPRINTS} token_p50_ms=${percentile(tokenTimes, 50).toFixed(0)} list_page_p95_ms=${percentile(pageTimes, 95).toFixed(1)} filter_worst_p95_ms=${percentile(filterTimes, 95).toFixed(1)} get_p95_ms=${percentile(getTimes, 95).toFixed(1)} rss_mb=${rss.toFixed(0)}`,
);

await app.close();
await database.close();
await rm(dataDir, { recursive: true, force: true });
