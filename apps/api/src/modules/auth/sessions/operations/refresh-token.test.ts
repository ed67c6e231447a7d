import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/harness.ts';
import {
  clientFor,
  errorOf,
  LOGOUT,
  type Mailbox,
  outboxMailbox,
  REFRESH_TOKEN,
  type SessionData,
  signUpOrganization,
  VIEWER,
} from '../../../../test/auth-test-kit.ts';

const UNAUTHENTICATED = { code: 'UNAUTHENTICATED', message: 'Unauthenticated' };

describe('sessions and refresh tokens', () => {
  let server: TestServer;
  let mailbox: Mailbox;

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true' });
    mailbox = outboxMailbox(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('rotates the refresh token on every use and keeps the session', async () => {
    const client = clientFor(server);
    const { session } = await signUpOrganization(client, mailbox);
    const rotated = await client.gql<{ refreshToken: SessionData }>(REFRESH_TOKEN, { token: session.refreshToken });
    expect(rotated.errors).toBeUndefined();
    const next = rotated.data?.refreshToken;
    expect(next?.refreshToken).not.toBe(session.refreshToken);
    expect(next?.user.id).toBe(session.user.id);
    const viewer = await client.gql<{ viewer: { userId: string } }>(VIEWER, {}, next?.token);
    expect(viewer.data?.viewer.userId).toBe(session.user.id);
    const third = await client.gql<{ refreshToken: SessionData }>(REFRESH_TOKEN, { token: next?.refreshToken });
    expect(third.errors).toBeUndefined();
  });

  it('revokes the whole chain when a used refresh token comes back', async () => {
    const client = clientFor(server);
    const { session } = await signUpOrganization(client, mailbox);
    const rotated = await client.gql<{ refreshToken: SessionData }>(REFRESH_TOKEN, { token: session.refreshToken });
    const current = rotated.data?.refreshToken;
    const reuse = await client.gql(REFRESH_TOKEN, { token: session.refreshToken });
    expect(reuse.data).toBeNull();
    expect(errorOf(reuse)).toEqual(UNAUTHENTICATED);
    const latest = await client.gql(REFRESH_TOKEN, { token: current?.refreshToken });
    expect(errorOf(latest)).toEqual(UNAUTHENTICATED);
    const access = await client.gql(VIEWER, {}, current?.token);
    expect(errorOf(access)).toEqual(UNAUTHENTICATED);
  });

  it('refuses unknown tokens', async () => {
    const client = clientFor(server);
    const result = await client.gql(REFRESH_TOKEN, { token: 'not-a-real-token' });
    expect(errorOf(result)).toEqual(UNAUTHENTICATED);
  });

  it('logout ends the session: access and refresh tokens stop working', async () => {
    const client = clientFor(server);
    const { session } = await signUpOrganization(client, mailbox);
    const out = await client.gql(LOGOUT, { input: { refreshToken: session.refreshToken } }, session.token);
    expect(out.data).toEqual({ logout: { success: true, message: 'You have been signed out.' } });
    expect(errorOf(await client.gql(VIEWER, {}, session.token))).toEqual(UNAUTHENTICATED);
    expect(errorOf(await client.gql(REFRESH_TOKEN, { token: session.refreshToken }))).toEqual(UNAUTHENTICATED);
  });

  it('logout with only the refresh token (expired access token) ends that session', async () => {
    const client = clientFor(server);
    const { session } = await signUpOrganization(client, mailbox);
    const out = await client.gql(LOGOUT, { input: { refreshToken: session.refreshToken } });
    expect(out.errors).toBeUndefined();
    expect(errorOf(await client.gql(VIEWER, {}, session.token))).toEqual(UNAUTHENTICATED);
  });
});
