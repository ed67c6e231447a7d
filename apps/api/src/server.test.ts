import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from './lib/access-token.ts';
import { startTestServer, type TestServer } from './test/harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  const dist = server.env.WEB_DIST as string;
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Tidewise</title><div id="root"></div>');
  await writeFile(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
});

afterAll(async () => {
  await server?.close();
});

describe('HTTP surface', () => {
  it('answers the smallest GraphQL query as the README shows', async () => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{__typename}' }),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('{"data":{"__typename":"Query"}}');
  });

  it('speaks application/graphql-response+json when asked', async () => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
      body: JSON.stringify({ query: '{ serverInfo { productName } }' }),
    });
    expect(response.headers.get('content-type')).toContain('application/graphql-response+json');
    expect(await response.json()).toEqual({ data: { serverInfo: { productName: 'Tidewise' } } });
  });

  it('refuses GET on /graphql', async () => {
    const response = await fetch(`${server.url}/graphql?query=%7B__typename%7D`);
    expect(response.status).toBe(405);
  });

  it('reports health when the database answers', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('serves index.html for client routes and real 404s for missing assets', async () => {
    const route = await fetch(`${server.url}/auth/login`);
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<div id="root">');
    const asset = await fetch(`${server.url}/assets/app-1234.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const missing = await fetch(`${server.url}/assets/missing.js`);
    expect(missing.status).toBe(404);
    const traversal = await fetch(`${server.url}/..%2f..%2fpackage.json`);
    expect(await traversal.text()).not.toContain('"workspaces"');
  });

  it('sends security headers and a request id', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
  });
});

describe('authentication contract', () => {
  it('answers UNAUTHENTICATED on a protected field without a token', async () => {
    const result = await server.gql('{ viewer { userId } }');
    expect(result.data).toBeNull();
    expect(result.errors?.[0]?.message).toBe('Unauthenticated');
    expect(result.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('answers UNAUTHENTICATED for a forged or expired token', async () => {
    const forged = await signAccessToken(new TextEncoder().encode('x'.repeat(48)), {
      userId: 'u1',
      organizationId: 'o1',
      sessionId: 's1',
    });
    const expired = await signAccessToken(
      server.app.services.secrets.tokenSigningKey,
      { userId: 'u1', organizationId: 'o1', sessionId: 's1' },
      -10,
    );
    for (const token of [forged, expired, 'not-a-jwt']) {
      const result = await server.gql('{ viewer { userId } }', {}, { token });
      expect(result.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
  });

  it('keeps public fields working next to a protected one that fails (partial data)', async () => {
    const result = await server.gql('{ serverInfo { productName } viewer { userId } }');
    expect(result.errors?.[0]?.path).toEqual(['viewer']);
    expect(result.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('errors', () => {
  it('carries code, field and details for a validation error', async () => {
    const result = await server.gql('subscription { clock(ticks: 50) }');
    expect(result.errors?.[0]).toMatchObject({
      message: 'ticks must be at most 10',
      extensions: { code: 'VALIDATION_FAILED', field: 'ticks' },
    });
  });
});

describe('subscriptions over SSE', () => {
  it('streams data: events over a POST and completes', async () => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ query: 'subscription { clock(ticks: 3, intervalMs: 20) }' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const body = await response.text();
    const events = body
      .split('\n')
      .filter((line) => line.startsWith('data:') && line.length > 'data:'.length)
      .map((line) => JSON.parse(line.slice('data:'.length)) as { data: { clock: string } });
    expect(events).toHaveLength(3);
    for (const event of events) expect(Date.parse(event.data.clock)).not.toBeNaN();
    expect(body).toContain('event: complete');
  });
});

describe('compression', () => {
  it('serves text assets brotli- or gzip-compressed as the client accepts, and images as they are', async () => {
    const { request } = await import('node:http');
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const get = (pathname: string, acceptEncoding: string) =>
      new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
        const req = request(`${server.url}${pathname}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        });
        req.on('error', reject);
        req.end();
      });
    const br = await get('/assets/app-1234.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe('console.log(1)');
    const gz = await get('/auth/login', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toContain('<div id="root">');
    const plain = await get('/assets/app-1234.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe('console.log(1)');
  });
});
