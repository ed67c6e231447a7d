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
