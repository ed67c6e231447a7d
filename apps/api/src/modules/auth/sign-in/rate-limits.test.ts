import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { clientFor, errorOf, LOGIN, LOGIN_VALIDATE } from '../../../test/auth-test-kit.ts';

const RESET_REQUEST = `mutation($input: PasswordResetRequestInput!) { passwordResetRequest(input: $input) }`;

describe('per-IP rate limits', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await server?.close();
  });

  const codesOf = async (times: number, call: () => Promise<unknown>) => {
    const codes: unknown[] = [];
    for (let i = 0; i < times; i += 1) codes.push(errorOf((await call()) as never).code);
    return codes;
  };

  it('answers RATE_LIMITED after 20 sign-in attempts a minute from one address, not from another', async () => {
    const client = clientFor(server);
    const login = () => client.gql(LOGIN, { input: { authKey: 'flood@tidewise-test.example', authSecret: 'Wrong#Pass1' } });
    const codes = await codesOf(20, login);
    expect(new Set(codes)).toEqual(new Set(['VALIDATION_FAILED']));
    const limited = await login();
    expect(errorOf(limited).code).toBe('RATE_LIMITED');
    expect(errorOf(limited).message).toMatch(/^Too many sign-in attempts\. Please wait \d+ seconds and try again\.$/);
    const elsewhere = await clientFor(server).gql(LOGIN, { input: { authKey: 'flood@tidewise-test.example', authSecret: 'Wrong#Pass1' } });
    expect(errorOf(elsewhere).code).toBe('VALIDATION_FAILED');
  });

  it('limits code checks to 30 a minute per address', async () => {
    const client = clientFor(server);
    const check = () => client.gql(LOGIN_VALIDATE, { input: { token: 'guess:123456' } });
    expect(new Set(await codesOf(30, check))).toEqual(new Set(['EXPIRED']));
    expect(errorOf(await check()).code).toBe('RATE_LIMITED');
  });

  it('limits password reset requests to 20 per 10 minutes per address', async () => {
    const client = clientFor(server);
    const request = () => client.gql(RESET_REQUEST, { input: { authKey: 'someone@tidewise-test.example' } });
    expect(new Set(await codesOf(20, request))).toEqual(new Set([undefined]));
    expect(errorOf(await request()).code).toBe('RATE_LIMITED');
  });
});
