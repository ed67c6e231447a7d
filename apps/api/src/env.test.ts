import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from './env.ts';

describe('loadEnv', () => {
  it('applies the documented defaults', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe('127.0.0.1');
    expect(env.DATA_DIR).toBe(path.resolve('./data'));
    expect(env.APP_URL).toBe('http://127.0.0.1:3000');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.DEMO_SEED).toBe(true);
    expect(env.LOG_LEVEL).toBe('info');
  });

  it('names every bad variable and the value it got', () => {
    let error: unknown;
    try {
      loadEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', DEMO_SEED: 'maybe' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toContain('PORT: must be a number (got "eighty")');
    expect(message).toContain('DATABASE_URL: must start with postgres:// or postgresql://');
    expect(message).toContain('LOG_LEVEL: must be one of');
    expect(message).toContain('DEMO_SEED: must be true or false');
  });

  it('drops a trailing slash from APP_URL and treats empty values as unset', () => {
    const env = loadEnv({ APP_URL: 'https://app.example.com/', SMTP_URL: '' });
    expect(env.APP_URL).toBe('https://app.example.com');
    expect(env.SMTP_URL).toBeUndefined();
  });
});

describe('ACCESS_TOKEN_TTL_SECONDS', () => {
  it('defaults to 15 minutes and refuses lifetimes outside 5 s to 1 h', () => {
    expect(loadEnv({}).ACCESS_TOKEN_TTL_SECONDS).toBe(900);
    expect(loadEnv({ ACCESS_TOKEN_TTL_SECONDS: '30' }).ACCESS_TOKEN_TTL_SECONDS).toBe(30);
    expect(() => loadEnv({ ACCESS_TOKEN_TTL_SECONDS: '1' })).toThrow('ACCESS_TOKEN_TTL_SECONDS: must be at least 5 (got "1")');
  });
});

describe('API edge limits', () => {
  it('default to 1 MiB bodies and documented GraphQL limits, and refuse values outside their range', () => {
    const env = loadEnv({});
    expect(env.MAX_BODY_BYTES).toBe(1024 * 1024);
    expect([
      env.GRAPHQL_MAX_TOKENS,
      env.GRAPHQL_MAX_DEPTH,
      env.GRAPHQL_MAX_ALIASES,
      env.GRAPHQL_MAX_DIRECTIVES,
      env.GRAPHQL_MAX_COST,
    ]).toEqual([2000, 10, 15, 20, 2000]);
    expect(loadEnv({ MAX_BODY_BYTES: '52428800' }).MAX_BODY_BYTES).toBe(52428800);
    expect(() => loadEnv({ MAX_BODY_BYTES: '10' })).toThrow('MAX_BODY_BYTES: must be at least 1024 (got "10")');
    expect(() => loadEnv({ GRAPHQL_MAX_DEPTH: '100' })).toThrow('GRAPHQL_MAX_DEPTH: must be at most 30 (got "100")');
    expect(() => loadEnv({ GRAPHQL_MAX_ALIASES: 'many' })).toThrow('GRAPHQL_MAX_ALIASES: must be a number (got "many")');
  });
});

describe('jobs and live events', () => {
  it('work jobs two at a time in-process by default, and refuse a bad concurrency or Redis URL', () => {
    const env = loadEnv({});
    expect([env.JOBS_ENABLED, env.JOB_CONCURRENCY, env.REDIS_URL]).toEqual([true, 2, undefined]);
    const worker = loadEnv({ JOBS_ENABLED: 'false', JOB_CONCURRENCY: '8', REDIS_URL: 'redis://127.0.0.1:6379' });
    expect([worker.JOBS_ENABLED, worker.JOB_CONCURRENCY, worker.REDIS_URL]).toEqual([false, 8, 'redis://127.0.0.1:6379']);
    expect(() => loadEnv({ JOB_CONCURRENCY: '0' })).toThrow('JOB_CONCURRENCY: must be at least 1 (got "0")');
    expect(() => loadEnv({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow('REDIS_URL: must start with redis:// or rediss://');
  });
});

describe('file storage', () => {
  it('defaults to the local disk with a 200 MiB limit and 15-minute URLs', () => {
    const env = loadEnv({});
    expect(env.S3_BUCKET).toBeUndefined();
    expect(env.S3_REGION).toBe('us-east-1');
    expect(env.S3_FORCE_PATH_STYLE).toBeUndefined();
    expect(env.UPLOAD_MAX_FILE_BYTES).toBe(200 * 1024 * 1024);
    expect(env.UPLOAD_URL_TTL_SECONDS).toBe(900);
    expect(() => loadEnv({ UPLOAD_MAX_FILE_BYTES: String(6 * 1024 ** 3) })).toThrow('UPLOAD_MAX_FILE_BYTES: must be at most 5368709120');
    expect(() => loadEnv({ UPLOAD_URL_TTL_SECONDS: '30' })).toThrow('UPLOAD_URL_TTL_SECONDS: must be at least 60 (got "30")');
  });

  it('names the missing S3 variable when the settings are incomplete', () => {
    expect(() => loadEnv({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow('S3_BUCKET: must be set when S3_ENDPOINT is set (not set)');
    let error: unknown;
    try {
      loadEnv({ S3_BUCKET: 'files', S3_ENDPOINT: 'http://127.0.0.1:9000' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'S3_ACCESS_KEY_ID: must be set when S3_ENDPOINT is set (not set)',
      'S3_SECRET_ACCESS_KEY: must be set when S3_ENDPOINT is set (not set)',
    ]);
    expect(() => loadEnv({ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(
      'S3_SECRET_ACCESS_KEY: must be set when the other S3 key is set (not set)',
    );
    expect(() => loadEnv({ S3_BUCKET: 'files', S3_ENDPOINT: 'ftp://x' })).toThrow('S3_ENDPOINT: must start with http:// or https://');
  });

  it('accepts a complete S3-compatible store, or a bucket alone on AWS (credentials from the SDK chain)', () => {
    const env = loadEnv({
      S3_BUCKET: 'files',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'minio',
      S3_SECRET_ACCESS_KEY: 'minio-secret',
      S3_FORCE_PATH_STYLE: 'false',
    });
    expect([env.S3_BUCKET, env.S3_ENDPOINT, env.S3_FORCE_PATH_STYLE]).toEqual(['files', 'http://127.0.0.1:9000', false]);
    expect(loadEnv({ S3_BUCKET: 'files', S3_REGION: 'eu-north-1' }).S3_REGION).toBe('eu-north-1');
  });
});
