import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { pactClients, pactConnections, pactEvents, pactFootprints } from '@tidewise/db/schema/pact';
import { PACT_EVENT_TYPES, parseProductFootprint } from '@tidewise/shared/pact/product-footprint';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptSecret } from '../../../lib/crypto.ts';
import { type Mailbox, outboxMailbox } from '../../../test/auth-test-kit.ts';
import { recompute } from '../../../test/report-test-kit.ts';
import { dataOf, type Gql, gqlOf, waitFor } from '../../../test/graphql-test-kit.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { auditRows, newOrganization } from '../../../test/organization-test-kit.ts';
import { validatedCsv } from '../../../test/upload-test-kit.ts';
import { type IssuedPactClient, issuePactClient, REVOKE_PACT_CLIENT } from '../credentials/pact-clients-test-kit.ts';
import { signPactToken } from './pact-token.ts';

/**
 * A client written from the PACT v2 text (Authentication Flow, Action ListFootprints with pagination and filtering,
 * Action GetFootprint, Action Events, Error Codes), against the real server. Every footprint served is checked
 * against the specification's JSON schema (test-fixtures/product-footprint-v2.schema.json) and the data model.
 */

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validateSchema = ajv.compile(
  JSON.parse(readFileSync(new URL('./test-fixtures/product-footprint-v2.schema.json', import.meta.url), 'utf8')) as object,
);
const expectSpecFootprint = (doc: unknown) => {
  expect(validateSchema(doc), JSON.stringify(validateSchema.errors)).toBe(true);
  const parsed = parseProductFootprint(doc);
  expect(parsed.ok, parsed.ok ? '' : parsed.problems.join('\n')).toBe(true);
};

let server: TestServer;
let mailbox: Mailbox;

beforeAll(async () => {
  // The events walk answers through a connection to this same server (a loopback http URL).
  server = await startTestServer({ PACT_ALLOW_INSECURE_URLS: 'true' });
  mailbox = outboxMailbox(server);
});
afterAll(async () => {
  await server?.close();
});

type Org = { organizationId: string; gql: Gql };
const newOrg = async (name: string): Promise<Org> => {
  const admin = await newOrganization(server, mailbox, `${name} ${randomUUID().slice(0, 6)}`);
  return { organizationId: admin.organizationId, gql: gqlOf(admin) };
};

type Spec = { product: string; cpc: string; country?: string; year: number; created: string; company?: string };
const footprintDocument = (id: string, spec: Spec) => ({
  id,
  specVersion: '2.3.0',
  version: 1,
  created: spec.created,
  status: 'Active',
  companyName: 'Northern Bulk Carriers',
  companyIds: [spec.company ?? 'urn:pact:company:customcode:vendor-assigned:nbc'],
  productDescription: 'Bulk sea transport, per tonne-kilometre',
  productIds: [`urn:pact:product:${spec.product}`],
  productCategoryCpc: spec.cpc,
  productNameCompany: `Transport ${spec.product}`,
  comment: 'Calculated from voyage fuel consumption',
  pcf: {
    declaredUnit: 'ton kilometer',
    unitaryProductAmount: '1',
    pCfExcludingBiogenic: '0.0123',
    pCfIncludingBiogenic: '0.0123',
    fossilGhgEmissions: '0.0123',
    fossilCarbonContent: '0',
    biogenicCarbonContent: '0',
    dLucGhgEmissions: '0',
    landManagementGhgEmissions: '0',
    otherBiogenicGhgEmissions: '0',
    biogenicCarbonWithdrawal: '0',
    biogenicAccountingMethodology: 'GHGP',
    characterizationFactors: 'AR6',
    ipccCharacterizationFactorsSources: ['AR6'],
    crossSectoralStandardsUsed: ['GHG Protocol Product standard'],
    crossSectoralStandards: ['ISO14083', 'GHGP Product'],
    boundaryProcessesDescription: 'Well-to-wake fuel emissions of the voyages',
    referencePeriodStart: `${spec.year}-01-01T00:00:00Z`,
    referencePeriodEnd: `${spec.year + 1}-01-01T00:00:00Z`,
    ...(spec.country ? { geographyCountry: spec.country } : {}),
    exemptedEmissionsPercent: 0,
    exemptedEmissionsDescription: '',
    packagingEmissionsIncluded: false,
    primaryDataShare: 80,
    dqi: { coveragePercent: 100, technologicalDQR: 1.5, temporalDQR: 1, geographicalDQR: 2, completenessDQR: 1.2, reliabilityDQR: 1.4 },
  },
});

/** Publishes footprints for the organisation as stored rows (the publishing operation is tested on its own). */
const publish = async (organizationId: string, specs: Spec[]) => {
  const ids: string[] = [];
  for (const spec of specs) {
    const id = randomUUID();
    const document = footprintDocument(id, spec);
    expectSpecFootprint(document);
    await server.database.db.insert(pactFootprints).values({
      id,
      organizationId,
      productKey: spec.product,
      version: 1,
      status: 'Active',
      document,
      created: new Date(spec.created),
      referencePeriodStart: new Date(document.pcf.referencePeriodStart),
      referencePeriodEnd: new Date(document.pcf.referencePeriodEnd),
    });
    ids.push(id);
  }
  return ids;
};

const basic = (clientId: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`;

const tokenRequest = (headers: Record<string, string>, body = 'grant_type=client_credentials') =>
  fetch(`${server.url}/auth/token`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body,
  });

const tokenOf = async (issued: IssuedPactClient) => {
  const response = await tokenRequest({ authorization: basic(issued.client.clientId, issued.clientSecret) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
};

const get = (path: string, token?: string) =>
  fetch(path.startsWith('http') ? path : `${server.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

const errorOf = async (response: Response) => ({
  status: response.status,
  contentType: response.headers.get('content-type'),
  body: (await response.json()) as { code: string; message: string },
});

/** Every footprint id of a listing, following `Link: <...>; rel="next"` to the end. */
const listAll = async (token: string, query: string) => {
  const ids: string[] = [];
  const links: string[] = [];
  let url: string | null = `${server.url}/2/footprints${query}`;
  while (url) {
    const response = await get(url, token);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { id: string }[] };
    for (const doc of body.data) expectSpecFootprint(doc);
    ids.push(...body.data.map((doc) => doc.id));
    const link = response.headers.get('link');
    const match = link ? /^<([^>]+)>; rel="next"$/.exec(link) : null;
    if (link) expect(match, link).not.toBeNull();
    url = match?.[1] ?? null;
    if (url) links.push(url);
  }
  return { ids, links };
};

const postEvent = (token: string, event: unknown, contentType = 'application/cloudevents+json; charset=UTF-8') =>
  fetch(`${server.url}/2/events`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body: JSON.stringify(event),
  });

const cloudEvent = (type: string, data: Record<string, unknown>, id: string = randomUUID()) => ({
  type,
  specversion: '1.0',
  id,
  source: '//partner.example/2/events',
  time: new Date().toISOString(),
  data,
});

type EventView = { eventType: string; eventId: string; direction: string; status: string; note: string | null; footprintCount: number };
const EVENTS = `query($filter: PactEventFilterInput) {
  pactEvents(filter: $filter, pagination: { pageSize: 100 }) { data { eventType eventId direction status note footprintCount source client { clientId } } pageInfo { totalCount } }
}`;
const eventsOf = async (org: Org) => dataOf(await org.gql<{ pactEvents: { data: EventView[] } }>(EVENTS)).pactEvents.data;
const settledEvent = (org: Org, eventId: string, direction = 'received') =>
  waitFor(
    async () => (await eventsOf(org)).find((e) => e.eventId === eventId && e.direction === direction),
    (event) => Boolean(event && !['received', 'processing'].includes(event.status)),
    `event ${eventId}`,
  );

describe('PACT v2 host API, as a data recipient reads the specification', () => {
  let owner: Org;
  let issued: IssuedPactClient;
  let token: string;
  let published: string[];

  beforeAll(async () => {
    owner = await newOrg('Northern Bulk');
    issued = await issuePactClient(owner.gql, 'Shipper ERP');
    published = await publish(owner.organizationId, [
      { product: 'p1', cpc: '6521', country: 'NO', year: 2023, created: '2024-01-10T08:00:00Z' },
      { product: 'p2', cpc: '6521', country: 'DE', year: 2023, created: '2024-02-10T08:00:00Z' },
      {
        product: 'p3',
        cpc: '6512',
        year: 2024,
        created: '2025-01-10T08:00:00Z',
        company: 'urn:pact:company:customcode:vendor-assigned:other',
      },
      { product: 'p4', cpc: '6521', country: 'NO', year: 2024, created: '2025-02-10T08:00:00Z' },
      { product: 'p5', cpc: '6512', country: 'DE', year: 2025, created: '2026-01-10T08:00:00Z' },
      { product: 'p6', cpc: '6521', year: 2025, created: '2026-01-10T08:00:00Z' },
      { product: 'p7', cpc: '6521', country: 'FR', year: 2025, created: '2026-02-10T08:00:00Z' },
    ]);
  });

  it('Action Authenticate: client credentials in Basic auth answer a bearer token; everything else the RFC 6749 errors', async () => {
    const good = await tokenRequest({ authorization: basic(issued.client.clientId, issued.clientSecret) });
    expect(good.status).toBe(200);
    expect(good.headers.get('content-type')).toBe('application/json');
    expect(good.headers.get('cache-control')).toBe('no-store');
    const body = (await good.json()) as { access_token: string; token_type: string; expires_in: number };
    expect(body.token_type).toBe('bearer');
    expect(body.expires_in).toBe(server.env.PACT_TOKEN_TTL_SECONDS);
    token = body.access_token;

    const wrongSecret = await tokenRequest({ authorization: basic(issued.client.clientId, `${issued.clientSecret}x`) });
    expect(wrongSecret.status).toBe(400);
    expect(await wrongSecret.json()).toEqual({ error: 'invalid_client', error_description: 'Authentication failed' });

    const unknownClient = await tokenRequest({ authorization: basic('twpact_unknown', issued.clientSecret) });
    expect(unknownClient.status).toBe(400);
    expect(((await unknownClient.json()) as { error: string }).error).toBe('invalid_client');

    const noBasic = await tokenRequest({});
    expect(noBasic.status).toBe(400);
    expect(((await noBasic.json()) as { error: string }).error).toBe('invalid_client');

    const wrongGrant = await tokenRequest({ authorization: basic(issued.client.clientId, issued.clientSecret) }, 'grant_type=password');
    expect(wrongGrant.status).toBe(400);
    expect(((await wrongGrant.json()) as { error: string }).error).toBe('unsupported_grant_type');

    const noGrant = await tokenRequest({ authorization: basic(issued.client.clientId, issued.clientSecret) }, 'scope=footprint%3Alist');
    expect(((await noGrant.json()) as { error: string }).error).toBe('invalid_request');

    // Issued and refused tokens are in the organisation's audit trail, naming the client, never the secret.
    const audits = await auditRows(server, owner.organizationId, 'pact.authenticate');
    expect(audits.map((row) => row.status)).toContain('success');
    expect(audits.map((row) => row.status)).toContain('denied');
    expect(audits.every((row) => row.userId === null)).toBe(true);
    expect(JSON.stringify(audits)).toContain(issued.client.clientId);
    expect(JSON.stringify(audits)).not.toContain(issued.clientSecret);
    const [client] = await server.database.db.select().from(pactClients).where(eq(pactClients.id, issued.client.id));
    expect(client?.lastUsedAt).not.toBeNull();
  });

  it('the two token kinds never cross: a PACT token is no session and a session token no PACT token', async () => {
    const me = await server.gql<{ viewer: unknown }>('query { pactClients { id } }', {}, { token });
    expect(me.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const session = await owner.gql<{ pactClients: unknown[] }>('query { pactClients { id } }');
    expect(dataOf(session).pactClients).toHaveLength(1);
  });

  it('Action ListFootprints: limit, and every Link followed to the end lists each footprint exactly once, newest first', async () => {
    const { ids, links } = await listAll(token, '?limit=3');
    expect(ids).toHaveLength(7);
    expect(new Set(ids).size).toBe(7);
    expect(new Set(ids)).toEqual(new Set(published));
    // Newest first: p7, then p5/p6 (same created time, in id order), ... p1 last.
    expect(ids[0]).toBe(published[6]);
    expect(ids[6]).toBe(published[0]);
    expect(links).toHaveLength(2);
    for (const link of links) {
      const url = new URL(link);
      // Absolute, with the host of the request's host header, the limit kept.
      expect(url.host).toBe(new URL(server.url).host);
      expect(url.pathname).toBe('/2/footprints');
      expect(url.searchParams.get('limit')).toBe('3');
    }
    // A pagination link can be called more than once and answers the same page.
    const again = (await (await get(links[0] as string, token)).json()) as { data: { id: string }[] };
    expect(again.data.map((d) => d.id)).toEqual(ids.slice(3, 6));

    const whole = await get('/2/footprints', token);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('link')).toBeNull();
    expect(((await whole.json()) as { data: unknown[] }).data).toHaveLength(7);

    for (const limit of ['0', '-1', 'abc', '1.5']) {
      const refused = await errorOf(await get(`/2/footprints?limit=${limit}`, token));
      expect(refused.status).toBe(400);
      expect(refused.contentType).toBe('application/json');
      expect(refused.body.code).toBe('BadRequest');
      expect(refused.body.message).toContain('limit');
    }
    const forged = await errorOf(await get('/2/footprints?cursor=bm9uc2Vuc2U', token));
    expect(forged.body.code).toBe('BadRequest');
    expect((await auditRows(server, owner.organizationId, 'pact.listFootprints')).length).toBeGreaterThan(0);
  });

  it('filters with every operator of the spec, pages a filtered list, and refuses what it does not support', async () => {
    const [p1, p2, p3, p4, p5, p6, p7] = published as [string, string, string, string, string, string, string];
    const filtered = async (filter: string, limit = '') =>
      new Set((await listAll(token, `?$filter=${encodeURIComponent(filter)}${limit}`)).ids);
    expect(await filtered("productCategoryCpc eq '6512'")).toEqual(new Set([p3, p5]));
    expect(await filtered("pcf/geographyCountry eq 'NO'")).toEqual(new Set([p1, p4]));
    expect(await filtered("created lt '2025-01-10T08:00:00Z'")).toEqual(new Set([p1, p2]));
    expect(await filtered("created le '2025-01-10T08:00:00Z'")).toEqual(new Set([p1, p2, p3]));
    expect(await filtered("created gt '2026-01-10T08:00:00Z'")).toEqual(new Set([p7]));
    expect(await filtered("created ge '2026-01-10T08:00:00Z'")).toEqual(new Set([p5, p6, p7]));
    expect(
      await filtered("(pcf/referencePeriodStart ge '2024-01-01T00:00:00.000Z') and (pcf/referencePeriodEnd lt '2025-01-01T00:00:01.000Z')"),
    ).toEqual(new Set([p3, p4]));
    expect(await filtered("productIds/any(productId:(productId eq 'urn:pact:product:p6'))")).toEqual(new Set([p6]));
    expect(await filtered("companyIds/any(c:(c eq 'urn:pact:company:customcode:vendor-assigned:other'))")).toEqual(new Set([p3]));
    expect(await filtered("updated gt '2020-01-01T00:00:00Z'")).toEqual(new Set());
    // A filtered list pages like the whole one; the next link keeps the filter.
    expect(await filtered("productCategoryCpc eq '6521'", '&limit=2')).toEqual(new Set([p1, p2, p4, p6, p7]));

    const unsupported = await errorOf(
      await get(`/2/footprints?$filter=${encodeURIComponent("productCategoryCpc eq '6512' or productCategoryCpc eq '6521'")}`, token),
    );
    expect(unsupported).toMatchObject({ status: 400, body: { code: 'NotImplemented' } });
    expect(unsupported.body.message).toContain('"or" is not supported');
    const malformed = await errorOf(await get(`/2/footprints?$filter=${encodeURIComponent("productCategoryCpc eq '6512")}`, token));
    expect(malformed).toMatchObject({ status: 400, body: { code: 'BadRequest' } });
    expect(malformed.body.message).toContain('not closed with a quote');
  });

  it('Action GetFootprint: one footprint as stored; an unknown id NoSuchFootprint (404), a malformed one BadRequest', async () => {
    const id = published[2] as string;
    const one = await get(`/2/footprints/${id}`, token);
    expect(one.status).toBe(200);
    const body = (await one.json()) as { data: { id: string; pcf: { pCfExcludingBiogenic: unknown } } };
    expect(body.data.id).toBe(id);
    expect(body.data.pcf.pCfExcludingBiogenic).toBe('0.0123');
    expectSpecFootprint(body.data);

    const unknown = await errorOf(await get(`/2/footprints/${randomUUID()}`, token));
    expect(unknown).toEqual({
      status: 404,
      contentType: 'application/json',
      body: { code: 'NoSuchFootprint', message: 'The specified footprint does not exist.' },
    });
    expect((await errorOf(await get('/2/footprints/not-a-uuid', token))).body.code).toBe('BadRequest');
    const audits = await auditRows(server, owner.organizationId, 'pact.getFootprint');
    expect(audits.map((row) => row.resourceId)).toContain(id);
  });

  it('refuses a missing, malformed, forged and expired token with the spec codes', async () => {
    // "If the host system does not accept the access token, the body MUST be an error response with code AccessDenied."
    const none = await errorOf(await get('/2/footprints'));
    expect(none).toMatchObject({ status: 403, body: { code: 'AccessDenied' } });
    // "In all other cases, for instance in case of a malformed value of the header authorization ... BadRequest."
    const malformed = await errorOf(await get('/2/footprints', 'not.a.token'));
    expect(malformed).toMatchObject({ status: 400, body: { code: 'BadRequest' } });
    const forgedKey = new TextEncoder().encode('x'.repeat(48));
    const forged = await signPactToken(
      forgedKey,
      { clientRowId: issued.client.id, organizationId: owner.organizationId },
      Math.floor(Date.now() / 1000) + 600,
    );
    expect(await errorOf(await get('/2/footprints', forged))).toMatchObject({ status: 403, body: { code: 'AccessDenied' } });
    // Signed with the server's own key, expired a minute ago.
    const expired = await signPactToken(
      server.app.services.secrets.tokenSigningKey,
      { clientRowId: issued.client.id, organizationId: owner.organizationId },
      Math.floor(Date.now() / 1000) - 60,
    );
    const expiredAnswer = await get(`/2/footprints/${published[0]}`, expired);
    expect(expiredAnswer.headers.get('www-authenticate')).toBe(
      'Bearer error="invalid_token", error_description="The access token expired"',
    );
    const refused = await errorOf(expiredAnswer);
    expect(refused).toMatchObject({ status: 401, body: { code: 'TokenExpired' } });
    // An expired forged token is still one this host does not accept.
    const expiredForged = await signPactToken(
      forgedKey,
      { clientRowId: issued.client.id, organizationId: owner.organizationId },
      Math.floor(Date.now() / 1000) - 60,
    );
    expect((await errorOf(await get('/2/footprints', expiredForged))).body.code).toBe('AccessDenied');
  });

  it("one organisation's credentials never read another's footprints", async () => {
    const other = await newOrg('Other Shipping');
    const [otherFootprint] = await publish(other.organizationId, [
      { product: 'x1', cpc: '6521', year: 2024, created: '2025-03-01T00:00:00Z' },
    ]);
    const otherToken = await tokenOf(await issuePactClient(other.gql, 'Their ERP'));
    const { ids } = await listAll(otherToken, '');
    expect(ids).toEqual([otherFootprint]);
    for (const id of published) {
      expect(await errorOf(await get(`/2/footprints/${id}`, otherToken))).toMatchObject({ status: 404, body: { code: 'NoSuchFootprint' } });
    }
    const filtered = await listAll(otherToken, `?$filter=${encodeURIComponent("productIds/any(p:(p eq 'urn:pact:product:p1'))")}`);
    expect(filtered.ids).toEqual([]);
  });

  it('revoked credentials: their unexpired token is refused at once and they get no new one', async () => {
    const spare = await issuePactClient(owner.gql, 'Spare system');
    const spareToken = await tokenOf(spare);
    expect((await get('/2/footprints?limit=1', spareToken)).status).toBe(200);
    dataOf(await owner.gql(REVOKE_PACT_CLIENT, { id: spare.client.id }));
    const refused = await errorOf(await get('/2/footprints?limit=1', spareToken));
    expect(refused).toMatchObject({ status: 403, body: { code: 'AccessDenied' } });
    expect(refused.body.message).toContain('revoked');
    const again = await tokenRequest({ authorization: basic(spare.client.clientId, spare.clientSecret) });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: string }).error).toBe('invalid_client');
  });
});

describe('footprints published from the calculations', () => {
  it('are served by the host API and validate against the specification schema, with their Deprecated versions', async () => {
    const carrier = await newOrg('Fjord Lines');
    const columns = ['IMO number', 'Vessel', 'Ship type', 'Fuel type', 'Fuel mass', 'Distance', 'Cargo', 'Period start', 'Period end'];
    const targets = [
      'imo_number',
      'vessel_name',
      'ship_type',
      'fuel_type',
      'fuel_mass',
      'distance',
      'cargo_mass',
      'period_start',
      'period_end',
    ];
    const units: Record<string, string> = { fuel_mass: 't', distance: 'nm', cargo_mass: 't' };
    const mappings = columns.map((sourceColumn, i) => {
      const targetField = targets[i] as string;
      const unit = units[targetField];
      return { sourceColumn, targetField, ...(unit ? { transformations: [{ type: 'unit_conversion', unit }] } : {}) };
    });
    const upload = async (name: string, rows: string[]) => {
      await validatedCsv(server, carrier.gql, {
        name,
        csv: [columns.join(','), ...rows].join('\n'),
        category: 'vessel_fuel_consumption',
        mappings,
      });
      await recompute(carrier.gql);
      return dataOf(
        await carrier.gql<{ publishPactFootprints: { published: { id: string }[]; message: string | null } }>(
          'mutation($input: PublishPactFootprintsInput!) { publishPactFootprints(input: $input) { published { id } message } }',
          { input: { year: 2025 } },
        ),
      ).publishPactFootprints;
    };
    const first = await upload('fleet.csv', ['9321483,Nordlys,Bulk carrier,HFO,100,1200,50000,2025-01-03,2025-01-09']);
    expect(first.message).toBeNull();
    expect(first.published).toHaveLength(1);
    // A later voyage changes the figure: a new footprint, the first one Deprecated.
    const second = await upload('march.csv', ['9321483,Nordlys,Bulk carrier,MGO,10,200,10000,2025-03-02,2025-03-05']);
    expect(second.published).toHaveLength(1);

    const token = await tokenOf(await issuePactClient(carrier.gql, 'Shipper ERP'));
    const { ids } = await listAll(token, '?limit=1');
    expect(new Set(ids)).toEqual(new Set([first.published[0]?.id, second.published[0]?.id]));
    const statuses = [];
    for (const id of ids) {
      const one = (await (await get(`/2/footprints/${id}`, token)).json()) as { data: { status: string; pcf: { declaredUnit: string } } };
      expectSpecFootprint(one.data);
      expect(one.data.pcf.declaredUnit).toBe('ton kilometer');
      statuses.push(one.data.status);
    }
    expect(statuses.sort()).toEqual(['Active', 'Deprecated']);
    const active = await listAll(token, `?$filter=${encodeURIComponent("pcf/referencePeriodStart ge '2025-01-01T00:00:00Z'")}`);
    expect(active.ids).toHaveLength(2);
  });
});

describe('PACT v2 Action Events between two organisations on this platform', () => {
  /**
   * The carrier (data owner) and the shipper (data recipient) each issue credentials to the other and each hold a
   * connection to the other's host (this same server): the carrier's is a customer's system (no supplier), the
   * shipper's has the carrier as supplier. Credentials are linked to the connection of the partner holding them.
   */
  let carrier: Org;
  let shipper: Org;
  let carrierIssued: IssuedPactClient;
  let shipperIssued: IssuedPactClient;
  let toCarrier: string;
  let toShipper: string;
  let published: string[];

  const connection = async (org: Org, name: string, partnerCredentials: IssuedPactClient, supplierOrganizationId: string | null) => {
    const [row] = await server.database.db
      .insert(pactConnections)
      .values({
        organizationId: org.organizationId,
        name,
        supplierOrganizationId,
        baseUrl: server.url,
        clientId: partnerCredentials.client.clientId,
        clientSecretEncrypted: encryptSecret(server.app.services.secrets.encryptionKey, partnerCredentials.clientSecret),
      })
      .returning();
    return row?.id as string;
  };

  beforeAll(async () => {
    carrier = await newOrg('Carrier');
    shipper = await newOrg('Shipper');
    published = await publish(carrier.organizationId, [
      { product: 'ev1', cpc: '6521', year: 2024, created: '2025-01-01T00:00:00Z' },
      { product: 'ev2', cpc: '6521', year: 2024, created: '2025-01-02T00:00:00Z' },
    ]);
    shipperIssued = await issuePactClient(shipper.gql, 'Carrier host');
    const carrierToShipper = await connection(carrier, 'Shipper host', shipperIssued, null);
    carrierIssued = await issuePactClient(carrier.gql, 'Shipper system', carrierToShipper);
    const shipperToCarrier = await connection(shipper, 'Carrier host', carrierIssued, carrier.organizationId);
    await server.database.db.update(pactClients).set({ connectionId: shipperToCarrier }).where(eq(pactClients.id, shipperIssued.client.id));
    toCarrier = await tokenOf(carrierIssued);
    toShipper = await tokenOf(shipperIssued);
  });

  it('accepts each event type with 200 and an empty body, once per source and id', async () => {
    const event = cloudEvent(PACT_EVENT_TYPES.published, { pfIds: [randomUUID()] });
    const first = await postEvent(toCarrier, event);
    expect(first.status).toBe(200);
    expect(await first.text()).toBe('');
    const repeat = await postEvent(toCarrier, event);
    expect(repeat.status).toBe(200);
    const recorded = await settledEvent(carrier, event.id);
    // The carrier's connection to the shipper has no supplier: nothing to pull.
    expect(recorded).toMatchObject({ status: 'processed', note: 'No connection: recorded only', footprintCount: 1 });
    expect((await eventsOf(carrier)).filter((e) => e.eventId === event.id)).toHaveLength(1);
    expect((await auditRows(server, carrier.organizationId, 'pact.postEvent')).length).toBe(2);
  });

  it('answers a request through the connection: the matching footprints as a Fulfilled event, which marks our request answered', async () => {
    // The shipper's own request, as its requestPactFootprints would have stored it.
    const requestId = randomUUID();
    await server.database.db.insert(pactEvents).values({
      organizationId: shipper.organizationId,
      direction: 'sent',
      eventType: PACT_EVENT_TYPES.requestCreated,
      eventId: requestId,
      source: '//shipper/2/events',
      data: { pf: { productIds: ['urn:pact:product:ev2'] } },
      status: 'processed',
    });
    const request = cloudEvent(
      PACT_EVENT_TYPES.requestCreated,
      { pf: { productIds: ['urn:pact:product:ev2'] }, comment: 'Please send the 2024 figure' },
      requestId,
    );
    expect((await postEvent(toCarrier, request)).status).toBe(200);

    const answered = await settledEvent(carrier, requestId);
    expect(answered?.status).toBe('answered');
    expect(answered?.note).toContain('Answered with 1 footprint');
    const sent = (await eventsOf(carrier)).find((e) => e.direction === 'sent' && e.eventType === PACT_EVENT_TYPES.requestFulfilled);
    expect(sent).toMatchObject({ status: 'processed', footprintCount: 1 });

    // The answer arrived at the shipper's /2/events with the shipper's credentials, carrying the requested footprint.
    const received = await waitFor(
      async () => (await eventsOf(shipper)).find((e) => e.direction === 'received' && e.eventType === PACT_EVENT_TYPES.requestFulfilled),
      (event) => Boolean(event && !['received', 'processing'].includes(event.status)),
      'fulfilled event at the shipper',
    );
    expect(received).toMatchObject({ status: 'processed', footprintCount: 1 });
    const [stored] = await server.database.db
      .select()
      .from(pactEvents)
      .where(eq(pactEvents.eventId, received?.eventId as string));
    if (!stored) throw new Error('fulfilled event not stored');
    const data = stored.data as { requestEventId: string; pfs: { id: string }[] };
    const pfs = data.pfs;
    expect(data.requestEventId).toBe(requestId);
    expect(pfs.map((pf) => pf.id)).toEqual([published[1]]);
    for (const pf of pfs) expectSpecFootprint(pf);
    const ours = (await eventsOf(shipper)).find((e) => e.direction === 'sent' && e.eventId === requestId);
    expect(ours).toMatchObject({ status: 'answered' });
    expect(ours?.note).toContain('Received 1 footprint');
  });

  it('answers a request nothing matches with a Rejected event (NoSuchFootprint), which fails our request with its message', async () => {
    const requestId = randomUUID();
    await server.database.db.insert(pactEvents).values({
      organizationId: shipper.organizationId,
      direction: 'sent',
      eventType: PACT_EVENT_TYPES.requestCreated,
      eventId: requestId,
      source: '//shipper/2/events',
      data: { pf: { productIds: ['urn:pact:product:none'] } },
      status: 'processed',
    });
    expect(
      (
        await postEvent(
          toCarrier,
          cloudEvent(PACT_EVENT_TYPES.requestCreated, { pf: { productIds: ['urn:pact:product:none'] } }, requestId),
        )
      ).status,
    ).toBe(200);
    expect(await settledEvent(carrier, requestId)).toMatchObject({ status: 'answered' });
    const ours = await waitFor(
      async () => (await eventsOf(shipper)).find((e) => e.direction === 'sent' && e.eventId === requestId),
      (event) => event?.status === 'failed',
      'our rejected request',
    );
    expect(ours?.note).toContain('NoSuchFootprint');
  });

  it('a Rejected event posted directly marks the request it names failed', async () => {
    const requestId = randomUUID();
    await server.database.db.insert(pactEvents).values({
      organizationId: shipper.organizationId,
      direction: 'sent',
      eventType: PACT_EVENT_TYPES.requestCreated,
      eventId: requestId,
      source: '//shipper/2/events',
      data: { pf: { productIds: ['urn:pact:product:ev1'] } },
      status: 'processed',
    });
    const rejected = cloudEvent(PACT_EVENT_TYPES.requestRejected, {
      requestEventId: requestId,
      error: { code: 'AccessDenied', message: 'Not shared with you' },
    });
    expect((await postEvent(toShipper, rejected)).status).toBe(200);
    expect(await settledEvent(shipper, rejected.id)).toMatchObject({ status: 'processed' });
    const ours = (await eventsOf(shipper)).find((e) => e.direction === 'sent' && e.eventId === requestId);
    expect(ours).toMatchObject({ status: 'failed', note: 'Rejected by the partner: AccessDenied: Not shared with you' });
  });

  it('a Published event at a supplier connection pulls the named footprints', async () => {
    const event = cloudEvent(PACT_EVENT_TYPES.published, { pfIds: [published[0]] });
    expect((await postEvent(toShipper, event, 'application/json')).status).toBe(200);
    const processed = await settledEvent(shipper, event.id);
    expect(processed).toMatchObject({ status: 'processed' });
    expect(processed?.note).toContain('Pulling 1 footprint');
  });

  it('a request without a connection to answer through is recorded as failed, saying what to do', async () => {
    const loose = await issuePactClient(carrier.gql, 'Unlinked system');
    const event = cloudEvent(PACT_EVENT_TYPES.requestCreated, { pf: { productIds: ['urn:pact:product:ev1'] } });
    expect((await postEvent(await tokenOf(loose), event)).status).toBe(200);
    expect(await settledEvent(carrier, event.id)).toMatchObject({
      status: 'failed',
      note: 'No connection to answer through: link these credentials to a connection',
    });
  });

  it('refuses events the spec does not define, or without the fields their type needs', async () => {
    const unknownType = await errorOf(await postEvent(toCarrier, cloudEvent('org.example.Other.v1', {})));
    expect(unknownType).toMatchObject({ status: 400, body: { code: 'NotImplemented' } });
    const noIds = await errorOf(await postEvent(toCarrier, cloudEvent(PACT_EVENT_TYPES.published, {})));
    expect(noIds).toMatchObject({
      status: 400,
      body: { code: 'BadRequest', message: 'data.pfIds must be a non-empty array of footprint ids.' },
    });
    const noPfs = await errorOf(await postEvent(toCarrier, cloudEvent(PACT_EVENT_TYPES.requestFulfilled, { requestEventId: 'x' })));
    expect(noPfs.body.message).toBe('data.pfs must be an array of ProductFootprints.');
    const noError = await errorOf(await postEvent(toCarrier, cloudEvent(PACT_EVENT_TYPES.requestRejected, { requestEventId: 'x' })));
    expect(noError.body.code).toBe('BadRequest');
    const { specversion: _, ...noVersion } = cloudEvent(PACT_EVENT_TYPES.published, { pfIds: [randomUUID()] });
    expect((await errorOf(await postEvent(toCarrier, noVersion))).body.message).toContain('specversion');
    const wrongType = await errorOf(
      await postEvent(toCarrier, cloudEvent(PACT_EVENT_TYPES.published, { pfIds: [randomUUID()] }), 'text/plain'),
    );
    expect(wrongType.body.code).toBe('BadRequest');
    const noToken = await fetch(`${server.url}/2/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/cloudevents+json' },
      body: '{}',
    });
    expect(noToken.status).toBe(403);
  });
});
