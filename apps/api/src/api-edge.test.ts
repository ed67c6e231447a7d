import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Env } from './env.ts';
import { createLogger } from './lib/logger.ts';
import { type AppServer, createAppServer } from './server.ts';
import { outboxMailbox } from './test/auth-test-kit.ts';
import type { GraphQLResult, TestServer } from './test/harness.ts';
import { startTestServer } from './test/harness.ts';
import { type Admin, newOrganization } from './test/organization-test-kit.ts';

/**
 * The API edge as a client meets it: bad text refused where it enters, documents and bodies bounded,
 * the same answer in every environment, and nothing of a refused request stored or logged.
 */

let server: TestServer;
let admin: Admin;
/** Log lines of the edge server below, as JSON text. */
const logLines: string[] = [];
let edgeUrl: string;
const extraServers: AppServer[] = [];
let ipCounter = 0;

/** The same application (database, secrets, mail) behind another HTTP server, with other settings or a readable log. */
const serverWith = async (envOverrides: Partial<Env>, log = false) => {
  const services = {
    ...server.app.services,
    env: { ...server.env, ...envOverrides },
    ...(log ? { logger: createLogger('debug', { write: (line: string) => void logLines.push(line) }) } : {}),
  };
  const app = createAppServer(services, server.database, server.env.WEB_DIST as string);
  extraServers.push(app);
  return { app, url: await app.listen(0, '127.0.0.1') };
};

type Answer = { status: number; text: string; json: GraphQLResult };

/** POSTs a raw body as a client would; each call from its own address so rate limits stay out of the way. */
const post = async (body: string, options: { url?: string; token?: string; headers?: Record<string, string> } = {}): Promise<Answer> => {
  ipCounter += 1;
  const response = await fetch(`${options.url ?? edgeUrl}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `192.0.2.${ipCounter % 250}`,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body,
  });
  const text = await response.text();
  let json: GraphQLResult = {};
  try {
    json = JSON.parse(text) as GraphQLResult;
  } catch {
    // Not JSON: the assertions on `text` say what was wrong.
  }
  return { status: response.status, text, json };
};

const gql = (query: string, variables?: Record<string, unknown>, token?: string) =>
  post(JSON.stringify({ query, variables }), token ? { token } : {});

/** Rows anywhere in the database whose text contains the marker. */
const rowsMentioning = async (marker: string) => {
  const { rows: tables } = (await server.database.db.execute(sql`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '__drizzle%'`)) as unknown as {
    rows: { table_name: string }[];
  };
  const found: string[] = [];
  for (const { table_name: table } of tables) {
    const { rows } = (await server.database.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} t where t::text like ${`%${marker}%`}`,
    )) as unknown as { rows: { n: number }[] };
    if ((rows[0]?.n ?? 0) > 0) found.push(table);
  }
  return found;
};

const firstError = (answer: Answer) => answer.json.errors?.[0];

/** Text sent in this file's requests; none of it may reach the log. */
const markers: string[] = [];
const newMarker = () => {
  const marker = `edge${randomUUID().slice(0, 8)}`;
  markers.push(marker);
  return marker;
};
const FAILING_STATEMENT_REQUEST = 'edge-failing-statement-0001';

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
  admin = await newOrganization(server, outboxMailbox(server));
  edgeUrl = (await serverWith({}, true)).url;
}, 60_000);

afterAll(async () => {
  for (const app of extraServers) await app.close();
  await server?.close();
});

describe('control characters in text input', () => {
  const NUL = '\u0000';
  type Case = { name: string; query: string; variables: (marker: string) => Record<string, unknown>; field: string; signedIn: boolean };
  const cases: Case[] = [
    {
      name: 'passwordResetRequest',
      query: 'mutation($input: PasswordResetRequestInput!) { passwordResetRequest(input: $input) }',
      variables: (m) => ({ input: { authKey: `${m}${NUL}@example.com` } }),
      field: 'input.authKey',
      signedIn: false,
    },
    {
      name: 'login',
      query: 'mutation($input: LoginInput!) { login(input: $input) { token } }',
      variables: (m) => ({ input: { authKey: `${m}${NUL}@example.com`, authSecret: 'Sturdy#Harbour-42' } }),
      field: 'input.authKey',
      signedIn: false,
    },
    {
      name: 'resendPasswordResetRequest',
      query: 'mutation($input: ResendPasswordResetRequestInput!) { resendPasswordResetRequest(input: $input) }',
      variables: (m) => ({ input: { authKey: `${m}@example.com${NUL}` } }),
      field: 'input.authKey',
      signedIn: false,
    },
    {
      name: 'submitContactRequest',
      query: 'mutation($input: SubmitContactRequestInput!) { submitContactRequest(input: $input) { success } }',
      variables: (m) => ({ input: { name: 'Ada', email: `${m}@example.com`, company: `C${NUL}`, reason: 'demo', message: `Hello ${m}` } }),
      field: 'input.company',
      signedIn: false,
    },
    {
      name: 'authorizationRoleByName',
      query: 'query($name: String!) { authorizationRoleByName(name: $name) { id } }',
      variables: (m) => ({ name: `${m}${NUL}` }),
      field: 'name',
      signedIn: true,
    },
    {
      name: 'organizationUsers(search:)',
      query: 'query($search: String) { organizationUsers(search: $search) { data { id } } }',
      variables: (m) => ({ search: `${m}${NUL}` }),
      field: 'search',
      signedIn: true,
    },
    {
      name: 'createAuthorizationRole',
      query: 'mutation($input: CreateAuthorizationRoleInput!) { createAuthorizationRole(input: $input) { id } }',
      variables: (m) => ({ input: { name: `Role ${m}`, description: `bell\u0007${m}`, permissionIds: [] } }),
      field: 'input.description',
      signedIn: true,
    },
    {
      name: 'supplierMatches',
      query: 'query($name: String!) { supplierMatches(name: $name) { similarity } }',
      variables: (m) => ({ name: `${m}${NUL}` }),
      field: 'name',
      signedIn: true,
    },
    {
      name: 'updateOrganization',
      query: 'mutation($input: UpdateOrganizationInput!) { updateOrganization(input: $input) { name } }',
      variables: (m) => ({ input: { name: `Org ${m}\u001b[31m`, description: m } }),
      field: 'input.name',
      signedIn: true,
    },
  ];

  it.each(cases)('$name: VALIDATION_FAILED naming $field, nothing stored, nothing logged', async (c) => {
    const marker = newMarker();
    const linesBefore = logLines.length;
    const answer = await gql(c.query, c.variables(marker), c.signedIn ? admin.token : undefined);
    expect(answer.status).toBe(200);
    expect(answer.json.errors).toHaveLength(1);
    expect(firstError(answer)?.extensions).toMatchObject({ code: 'VALIDATION_FAILED', field: c.field });
    expect(firstError(answer)?.message).toBe(`${c.field} must not contain control characters.`);
    expect(answer.json.data ?? null).toBeNull();
    expect(await rowsMentioning(marker)).toEqual([]);
    const logged = logLines.slice(linesBefore).join('\n');
    expect(logged).not.toContain(marker);
    expect(logged).not.toMatch(/Failed query|params:/);
  });

  it('refuses the same characters written into the document, naming the path through input objects and lists', async () => {
    const inline = await gql(
      'mutation { createAuthorizationRole(input: { name: "Inline", description: "a\\u0000b", permissionIds: [] }) { id } }',
      undefined,
      admin.token,
    );
    expect(firstError(inline)?.extensions).toMatchObject({ code: 'VALIDATION_FAILED', field: 'input.description' });
    const listed = await gql(
      'mutation($ids: [ID!]!) { deleteManyAuthorizationRoles(ids: $ids) }',
      { ids: [randomUUID(), `x${'\u0001'}`] },
      admin.token,
    );
    expect(firstError(listed)?.extensions).toMatchObject({ code: 'VALIDATION_FAILED', field: 'ids.1' });
  });

  it('checks variables the operation does not use, and refuses broken Unicode; tab, newline and emoji pass', async () => {
    const unused = await gql('query { serverInfo { productName } }', { stray: { deep: ['fine', 'x\u007f'] } });
    expect(firstError(unused)?.extensions).toMatchObject({ code: 'VALIDATION_FAILED', field: 'stray.deep.1' });
    const surrogate = await gql(
      'query($name: String!) { supplierMatches(name: $name) { similarity } }',
      { name: 'half \ud83d' },
      admin.token,
    );
    expect(firstError(surrogate)?.extensions).toMatchObject({ code: 'VALIDATION_FAILED', field: 'name' });
    expect(firstError(surrogate)?.message).toBe('name must be valid Unicode text.');
    const fine = await gql(
      'query($search: String) { organizationUsers(search: $search) { data { id } } }',
      { search: 'tab\tnew\nline ⚓ 🚢' },
      admin.token,
    );
    expect(fine.json.errors).toBeUndefined();
  });
});

describe('failed SQL statements in the log', () => {
  it('logs the statement without its parameters or the row PostgreSQL quotes back', async () => {
    const marker = newMarker();
    const constraint = `edge_test_${randomUUID().slice(0, 8)}`;
    await server.database.db.execute(
      sql.raw(`alter table contact_requests add constraint ${constraint} check (company <> 'Refused ${marker}') not valid`),
    );
    try {
      const linesBefore = logLines.length;
      const answer = await post(
        JSON.stringify({
          query: 'mutation($input: SubmitContactRequestInput!) { submitContactRequest(input: $input) { success } }',
          variables: {
            input: { name: 'Ada', email: `${marker}@example.com`, company: `Refused ${marker}`, reason: 'demo', message: 'Hello' },
          },
        }),
        { headers: { 'x-request-id': FAILING_STATEMENT_REQUEST } },
      );
      expect(firstError(answer)?.extensions).toMatchObject({ code: 'INTERNAL_SERVER_ERROR' });
      const logged = logLines.slice(linesBefore).join('\n');
      expect(logged).toContain('Failed query: insert into \\"contact_requests\\"');
      expect(logged).toContain('params: [redacted]');
      expect(logged).toContain('23514');
      expect(logged).not.toContain(marker.slice(4));
    } finally {
      await server.database.db.execute(sql.raw(`alter table contact_requests drop constraint ${constraint}`));
    }
  });
});

describe('document limits', () => {
  const deep = (open: string, close: string, inner: string, levels = 5000) => `${open.repeat(levels)}${inner}${close.repeat(levels)}`;

  it.each([
    ['selections', `{ ${deep('a { ', ' }', 'b')} }`],
    ['list literals', `{ groupedSuppliers(limit: ${deep('[', ']', '1')}) { count } }`],
    ['object literals', `{ organizationUsers(pagination: ${deep('{ page: ', ' }', '1')}) { data { id } } }`],
  ])('refuses 5,000 levels of %s before parsing: 400 GRAPHQL_PARSE_FAILED', async (_kind, query) => {
    const answer = await post(JSON.stringify({ query }));
    expect(answer.status).toBe(400);
    expect(firstError(answer)?.extensions).toMatchObject({
      code: 'GRAPHQL_PARSE_FAILED',
      details: { limit: 'MAX_DOCUMENT_NESTING', max: 64 },
    });
  });

  it('answers deeply nested variables with a client error, never a crash', async () => {
    const query = 'query($limit: Int) { groupedSuppliers(limit: $limit) { count } }';
    for (const nested of [deep('[', ']', '', 100_000), deep('{"a":', '}', '"x"', 100_000), deep('[', ']', '"\\u0000"', 100_000)]) {
      const answer = await post(`{"query":${JSON.stringify(query)},"variables":{"limit":${nested}}}`, { token: admin.token });
      expect(answer.status).toBeLessThan(500);
      expect(['GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT', 'VALIDATION_FAILED', undefined]).toContain(
        firstError(answer)?.extensions?.code,
      );
      expect(firstError(answer)?.extensions?.code).not.toBe('INTERNAL_SERVER_ERROR');
    }
  });

  it('refuses a document of more tokens than GRAPHQL_MAX_TOKENS', async () => {
    const answer = await post(JSON.stringify({ query: `{ ${'__typename '.repeat(2001)} }` }));
    expect(answer.status).toBe(400);
    expect(firstError(answer)?.message).toBe('Document has more than 2000 tokens (GRAPHQL_MAX_TOKENS). Split it into smaller operations.');
    expect(firstError(answer)?.extensions).toMatchObject({ code: 'GRAPHQL_PARSE_FAILED', details: { limit: 'GRAPHQL_MAX_TOKENS' } });
  });

  it('refuses 1,000 aliases of organizationUsers and of auditLogs, naming the limit, without running them', async () => {
    for (const field of ['organizationUsers(search: "a") { data { id email } }', 'auditLogs { data { id changes metadata } }']) {
      const query = `{ ${Array.from({ length: 1000 }, (_, i) => `a${i}: ${field}`).join(' ')} }`;
      const answer = await post(JSON.stringify({ query }), {
        token: admin.token,
        url: (await serverWith({ GRAPHQL_MAX_TOKENS: 100_000 })).url,
      });
      expect(answer.status).toBe(400);
      expect(answer.json.data).toBeUndefined();
      expect(firstError(answer)?.message).toBe('Aliases limit of 15 exceeded, found 1000 (GRAPHQL_MAX_ALIASES).');
      expect(firstError(answer)?.extensions).toMatchObject({
        code: 'GRAPHQL_VALIDATION_FAILED',
        details: { limit: 'GRAPHQL_MAX_ALIASES', max: 15 },
      });
    }
  });

  it('refuses too deep, too costly and too many directives, each naming its limit; the limits are configurable', async () => {
    const depth = await post(
      JSON.stringify({ query: `{ organization { ${'createdByOrganization { '.repeat(12)} id ${'} '.repeat(12)} } }` }),
      {
        token: admin.token,
      },
    );
    expect(depth.status).toBe(400);
    expect(firstError(depth)?.message).toMatch(/^Query depth limit of 10 exceeded, found \d+ \(GRAPHQL_MAX_DEPTH\)\.$/);

    const wide = Array.from(
      { length: 15 },
      (_, i) => `a${i}: organizationRelationships { data { id status supplierOrganization { id name } customerOrganization { id name } } }`,
    );
    const cost = await post(JSON.stringify({ query: `{ ${wide.join(' ')} }` }), {
      token: admin.token,
      url: (await serverWith({ GRAPHQL_MAX_COST: 200 })).url,
    });
    expect(cost.status).toBe(400);
    expect(firstError(cost)?.message).toMatch(/^Query Cost limit of 200 exceeded, found [\d.]+ \(GRAPHQL_MAX_COST\)\.$/);

    const directives = await post(
      JSON.stringify({
        query: `{ serverInfo { ${Array.from({ length: 21 }, (_, i) => `p${i}: productName @include(if: true)`).join(' ')} } }`,
      }),
      {
        url: (await serverWith({ GRAPHQL_MAX_ALIASES: 100 })).url,
      },
    );
    expect(directives.status).toBe(400);
    expect(firstError(directives)?.extensions).toMatchObject({
      code: 'GRAPHQL_VALIDATION_FAILED',
      details: { limit: 'GRAPHQL_MAX_DIRECTIVES', max: 20 },
    });

    const strict = await serverWith({ GRAPHQL_MAX_ALIASES: 1 });
    const twoAliases = await post(JSON.stringify({ query: '{ a: serverInfo { productName } b: serverInfo { productName } }' }), {
      url: strict.url,
    });
    expect(firstError(twoAliases)?.message).toBe('Aliases limit of 1 exceeded, found 2 (GRAPHQL_MAX_ALIASES).');
  });

  it('still answers what the web app sends', async () => {
    const answer = await post(
      JSON.stringify({
        query: '{ organizationUsers(pagination: { page: 1, pageSize: 20 }) { data { id email } pageInfo { totalCount } } }',
      }),
      {
        token: admin.token,
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.json.errors).toBeUndefined();
  });
});

describe('request body limit', () => {
  /** Sends a body of `size` bytes in 64 KiB chunks, declared by length or chunked, and reads the answer. */
  const stream = (url: string, size: number, chunked: boolean, marker: string) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const target = new URL(`${url}/graphql`);
      const head = `{"query":"mutation($i: SubmitContactRequestInput!) { submitContactRequest(input: $i) { success } }","variables":{"i":{"name":"Ada","email":"${marker}@example.com","company":"C","reason":"demo","message":"`;
      const tail = '"}}}';
      const req = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': `198.51.100.${++ipCounter % 250}`,
            ...(chunked ? {} : { 'content-length': String(size) }),
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => {
            text += chunk.toString();
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      const chunk = 'x'.repeat(64 * 1024);
      let sent = head.length;
      req.write(head);
      const pump = () => {
        while (sent + chunk.length <= size - tail.length) {
          sent += chunk.length;
          if (!req.write(chunk)) {
            req.once('drain', pump);
            return;
          }
        }
        req.end(`${'x'.repeat(size - tail.length - sent)}${tail}`);
      };
      pump();
    });

  it.each([
    ['chunked', true],
    ['with Content-Length', false],
  ])('stops a 10 MB body sent %s at 1 MiB with 413, and runs nothing', async (_how, chunked) => {
    const marker = newMarker();
    const answer = await stream(edgeUrl, 10 * 1024 * 1024, chunked as boolean, marker);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toEqual({
      errors: [
        {
          message: 'Request body is larger than 1048576 bytes',
          extensions: { code: 'PAYLOAD_TOO_LARGE', field: null, details: { limit: 1048576 } },
        },
      ],
    });
    expect(await rowsMentioning(marker)).toEqual([]);
  });

  it('reads a chunked body under the limit, and applies a configured MAX_BODY_BYTES', async () => {
    const marker = newMarker();
    const under = await stream(edgeUrl, 4000, true, marker);
    expect(under.status).toBe(200);
    expect(JSON.parse(under.text)).toEqual({ data: { submitContactRequest: { success: true } } });
    const small = await serverWith({ MAX_BODY_BYTES: 2048 });
    const over = await stream(small.url, 4000, true, newMarker());
    expect(over.status).toBe(413);
    expect(JSON.parse(over.text).errors[0].extensions.details).toEqual({ limit: 2048 });
  });
});

describe('malformed JSON', () => {
  it('answers the same in every NODE_ENV, without echoing the body', async () => {
    const body = '{"query": "{ __typename }", "secret-ish": ';
    const answers: string[] = [];
    const original = process.env.NODE_ENV;
    try {
      for (const nodeEnv of ['development', 'production', 'test'] as const) {
        process.env.NODE_ENV = nodeEnv;
        const { url } = await serverWith({ NODE_ENV: nodeEnv }, true);
        const answer = await post(body, { url });
        answers.push(`${answer.status} ${answer.text}`);
      }
    } finally {
      process.env.NODE_ENV = original;
    }
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toBe('400 {"errors":[{"message":"POST body sent invalid JSON.","extensions":{"code":"BAD_REQUEST"}}]}');
  });
});

describe('the log of all the requests above', () => {
  it('holds none of the text they sent, and no unexpected error but the failing statement', () => {
    const text = logLines.join('\n');
    expect(markers.length).toBeGreaterThan(10);
    expect(markers.filter((marker) => text.includes(marker))).toEqual([]);
    const unexpected = logLines
      .map((line) => JSON.parse(line) as { level: number; msg?: string; requestId?: string })
      .filter((entry) => entry.level >= 50 && entry.requestId !== FAILING_STATEMENT_REQUEST);
    expect(unexpected).toEqual([]);
    expect(text).not.toContain('secret-ish');
  });
});
