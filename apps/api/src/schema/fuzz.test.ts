import type { GraphQLField } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMailbox, VIEWER } from '../test/auth-test-kit.ts';
import { type Mode, operationFor, type Random, seededRandom, variablesFor } from '../test/fuzz-input.ts';
import type { TestServer } from '../test/harness.ts';
import { startTestServer } from '../test/harness.ts';
import { fullSelection, rootFields } from '../test/isolation-walk.ts';
import { type Admin, newOrganization } from '../test/organization-test-kit.ts';
import { buildSchema } from './index.ts';

/**
 * Type-shaped random input for every root field, anonymous and signed in: hostile strings, extreme
 * numbers, wrong enum values, random and malformed ids, nested input objects and lists, as variables
 * or as literals. Any INTERNAL_SERVER_ERROR, 5xx, leaked stack or SQL, or crash fails the test.
 * Driven by the schema, so new operations are fuzzed without editing this file.
 *
 * Seeded: the seed is printed; FUZZ_SEED=<n> replays a run (the server's own state, such as rate
 * limits, is not replayed). Bounded: FUZZ_ROUNDS rounds (default 4) or FUZZ_SECONDS (default 20),
 * whichever ends first, and never less than one full round.
 */

const seed = Number(process.env.FUZZ_SEED ?? (process.env.CI ? 20_250_601 : Math.floor(Math.random() * 2 ** 31)));
const maxRounds = Number(process.env.FUZZ_ROUNDS ?? 4);
const budgetMs = Number(process.env.FUZZ_SECONDS ?? 20) * 1000;

type Kind = 'query' | 'mutation' | 'subscription';
type Target = { kind: Kind; field: GraphQLField<unknown, unknown>; selection: string };

let server: TestServer;
let admin: Admin;
let ipCounter = 0;
const sessionsLost = new Map<string, number>();

/** A fresh address per call: per-IP rate limits answer RATE_LIMITED (accepted) far less often. */
const nextIp = () => {
  ipCounter += 1;
  return `100.${64 + ((ipCounter >> 16) % 64)}.${(ipCounter >> 8) % 256}.${ipCounter % 256}`;
};

/** What the fuzzer holds against an answer, or null when it is a fine answer (data or a client error). */
const problemWith = (status: number, text: string): string | null => {
  if (status >= 500) return `HTTP ${status}`;
  if (/INTERNAL_SERVER_ERROR/.test(text)) return 'INTERNAL_SERVER_ERROR';
  if (/Failed query|\bparams:|\n\s+at [\w.<]+ \(|node_modules/.test(text)) return 'leaked a stack or SQL';
  return null;
};

/** One call as a client makes it; a subscription is read for a moment over SSE, then dropped. */
const call = async (target: Target, body: { query: string; variables: Record<string, unknown> }, token?: string) => {
  const subscription = target.kind === 'subscription';
  const controller = new AbortController();
  const timer = subscription ? setTimeout(() => controller.abort(), 400) : undefined;
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    signal: controller.signal,
    headers: {
      'content-type': 'application/json',
      accept: subscription ? 'text/event-stream' : 'application/graphql-response+json, application/json',
      'x-forwarded-for': nextIp(),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  let text = '';
  try {
    text = await response.text();
  } catch (error) {
    if (!(subscription && controller.signal.aborted)) throw error;
  } finally {
    clearTimeout(timer);
  }
  return { status: response.status, text };
};

const isSignedIn = async (token: string) => {
  const result = await server.gql<{ viewer: { userId: string } | null }>(VIEWER, {}, { token, headers: { 'x-forwarded-for': nextIp() } });
  return Boolean(result.data?.viewer);
};

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
  admin = await newOrganization(server, outboxMailbox(server));
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('fuzzing every root field', () => {
  const schema = buildSchema();
  const { query, mutation, subscription } = rootFields(schema);
  const targets: Target[] = [
    ...query.map((field) => ({ kind: 'query' as const, field, selection: fullSelection(field.type) })),
    ...mutation.map((field) => ({ kind: 'mutation' as const, field, selection: fullSelection(field.type) })),
    ...subscription.map((field) => ({ kind: 'subscription' as const, field, selection: fullSelection(field.type) })),
  ];

  it('never answers INTERNAL_SERVER_ERROR, a 5xx or a stack, and never falls over', async () => {
    console.info(`fuzz seed: ${seed} (replay with FUZZ_SEED=${seed})`);
    const random: Random = seededRandom(seed);
    const started = Date.now();
    const failures: string[] = [];
    const calls = new Map<string, number>();
    const answers = new Map<string, number>();
    let rounds = 0;

    const fuzzOnce = async (target: Target, signedIn: boolean) => {
      const mode = random.pick<Mode>(['plausible', 'tainted', 'hostile', 'mixed']);
      const variables = variablesFor(target.field, random, mode);
      const body = operationFor(target.kind, target.field, variables, target.selection, random.chance(0.25));
      const where = `${target.kind} ${target.field.name} (${signedIn ? 'signed in' : 'anonymous'}, ${mode})`;
      let answer: { status: number; text: string };
      try {
        answer = await call(target, body, signedIn ? admin.token : undefined);
      } catch (error) {
        failures.push(`${where}: the request failed (${String(error)}); body ${JSON.stringify(body).slice(0, 400)}`);
        return;
      }
      calls.set(target.field.name, (calls.get(target.field.name) ?? 0) + 1);
      const code = answer.text.match(/"code":"([A-Z_]+)"/)?.[1] ?? (answer.status === 200 ? 'data' : `HTTP ${answer.status}`);
      answers.set(code, (answers.get(code) ?? 0) + 1);
      const problem = problemWith(answer.status, answer.text);
      if (problem) failures.push(`${where}: ${problem}: ${answer.text.slice(0, 300)}; body ${JSON.stringify(body).slice(0, 600)}`);
      // Logging out, clearing data or locking oneself out ends the session: carry on as a new administrator.
      if (signedIn && target.kind === 'mutation' && !(await isSignedIn(admin.token))) {
        sessionsLost.set(target.field.name, (sessionsLost.get(target.field.name) ?? 0) + 1);
        admin = await newOrganization(server, outboxMailbox(server));
      }
    };

    while (rounds < maxRounds && (rounds === 0 || Date.now() - started < budgetMs)) {
      for (const target of targets) {
        await fuzzOnce(target, false);
        await fuzzOnce(target, true);
        if (failures.length > 20) break;
      }
      rounds += 1;
      if (failures.length > 20) break;
    }

    const health = await fetch(`${server.url}/healthz`);
    expect(health.status, 'the server stopped answering /healthz').toBe(200);
    console.info(
      `fuzz: ${rounds} rounds, ${[...calls.values()].reduce((a, b) => a + b, 0)} calls over ${targets.length} root fields in ${Math.round(
        (Date.now() - started) / 1000,
      )} s; answers ${JSON.stringify(Object.fromEntries(answers))}; skipped fields: none; sessions ended by ${
        JSON.stringify(Object.fromEntries(sessionsLost)) || '{}'
      }`,
    );
    expect(failures, `seed ${seed}`).toEqual([]);
    expect(targets.filter((t) => (calls.get(t.field.name) ?? 0) < 2).map((t) => t.field.name)).toEqual([]);
  }, 120_000);
});
