import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test/harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

describe('when the database is gone', () => {
  it('reports 503 on /healthz and masks the failure of a mutation, logging it with a request id', async () => {
    await server.database.close();
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: 'unavailable' });

    const result = await server.gql(
      'mutation($input: SubmitContactRequestInput!) { submitContactRequest(input: $input) { success } }',
      { input: { name: 'A', email: 'a@example.com', company: 'C', reason: 'demo', message: 'Hello' } },
      { headers: { 'x-request-id': 'req-failure-0001' } },
    );
    expect(result.errors?.[0]?.message).toBe('Something went wrong. Please try again.');
    expect(result.errors?.[0]?.extensions).toMatchObject({
      code: 'INTERNAL_SERVER_ERROR',
      details: { requestId: 'req-failure-0001' },
    });
    expect(JSON.stringify(result)).not.toMatch(/pglite|closed|sql/i);
  });
});
