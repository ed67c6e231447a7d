import { afterAll, describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';
import { createStorage } from './lib/storage/create-storage.ts';
import { createObjectKey } from './lib/storage/object-key.ts';
import { securityHeaders } from './server.ts';
import { startTestServer, type TestServer } from './test/harness.ts';

/**
 * The Content-Security-Policy's connect-src follows the file storage: our origin only with local storage,
 * and with S3 the origin the browser PUTs the bytes to, checked against a URL the SDK actually presigned.
 */

const KEYS = { S3_ACCESS_KEY_ID: 'tidewise', S3_SECRET_ACCESS_KEY: 'tidewise-secret' };
const SIGNING = { tokenSigningKey: new Uint8Array(32).fill(7) };

const connectSourcesOf = (policy: string | null | undefined) =>
  (policy ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith('connect-src '))
    ?.split(' ')
    .slice(1) ?? [];

const uploadOriginOf = async (env: Parameters<typeof createStorage>[0]) => {
  const upload = await createStorage(env, SIGNING).createUploadUrl({
    key: createObjectKey('6f1c2f8e-3b7a-4c1d-9e2f-0a1b2c3d4e5f'),
    maxBytes: 1000,
    contentLength: 10,
    contentType: 'text/csv',
  });
  return new URL(upload.url).origin;
};

/** connect-src for a configuration, and the origin of an upload URL that configuration hands out. */
const forConfiguration = async (variables: Record<string, string>) => {
  const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: '/nonexistent', ...variables });
  return {
    sources: connectSourcesOf(securityHeaders(env)['content-security-policy']),
    uploadOrigin: await uploadOriginOf(env),
  };
};

describe('connect-src of the Content-Security-Policy as the server sends it', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
  });

  const served = async (variables: Record<string, string>) => {
    const server = await startTestServer(variables);
    servers.push(server);
    const response = await fetch(`${server.url}/auth/login`);
    return { server, sources: connectSourcesOf(response.headers.get('content-security-policy')) };
  };

  it('is our own origin only with local storage, where uploads go to this server', async () => {
    const { server, sources } = await served({});
    expect(sources).toEqual(["'self'"]);
    expect(await uploadOriginOf(server.env)).toBe(new URL(server.env.APP_URL).origin);
  });

  it('adds the endpoint of an S3-compatible store, where the browser sends the bytes', async () => {
    const { server, sources } = await served({ S3_BUCKET: 'tidewise-files', S3_ENDPOINT: 'http://127.0.0.1:9000', ...KEYS });
    const upload = await server.app.services.storage.createUploadUrl({
      key: createObjectKey('6f1c2f8e-3b7a-4c1d-9e2f-0a1b2c3d4e5f'),
      maxBytes: 1000,
      contentLength: 10,
      contentType: 'text/csv',
    });
    expect(new URL(upload.url).origin).toBe('http://127.0.0.1:9000');
    expect(sources).toEqual(["'self'", 'http://127.0.0.1:9000']);
  });
});

describe('connect-src for each way of addressing a bucket', () => {
  it("adds the bucket's host on a store addressed by bucket subdomain", async () => {
    const { sources, uploadOrigin } = await forConfiguration({
      S3_BUCKET: 'tidewise-files',
      S3_ENDPOINT: 'https://objects.example.net',
      S3_FORCE_PATH_STYLE: 'false',
      ...KEYS,
    });
    expect(uploadOrigin).toBe('https://tidewise-files.objects.example.net');
    expect(sources).toContain(uploadOrigin);
    expect(sources[0]).toBe("'self'");
  });

  it("adds the bucket's AWS origins, whichever addressing the SDK picks for the name", async () => {
    const aws = await forConfiguration({ S3_BUCKET: 'tidewise-files', S3_REGION: 'eu-north-1', ...KEYS });
    expect(aws.uploadOrigin).toBe('https://tidewise-files.s3.eu-north-1.amazonaws.com');
    expect(aws.sources).toEqual(["'self'", 'https://tidewise-files.s3.eu-north-1.amazonaws.com', 'https://s3.eu-north-1.amazonaws.com']);
    // A name with dots cannot be a TLS host name: the SDK addresses it by path.
    const dotted = await forConfiguration({ S3_BUCKET: 'tidewise.files', S3_REGION: 'us-east-1', ...KEYS });
    expect(dotted.uploadOrigin).toBe('https://s3.us-east-1.amazonaws.com');
    expect(dotted.sources).toContain(dotted.uploadOrigin);
    // Path-style asked for on AWS.
    const pathStyle = await forConfiguration({ S3_BUCKET: 'tidewise-files', S3_REGION: 'eu-west-1', S3_FORCE_PATH_STYLE: 'true', ...KEYS });
    expect(pathStyle.sources).toContain(pathStyle.uploadOrigin);
  });
});
