import { createHash, randomUUID } from 'node:crypto';
import { organizationRelationships } from '@tidewise/db/schema/organizations';
import {
  calendars,
  calendarTaskReviews,
  calendarTasks,
  supplierMatchConfirmations,
  uploadSupplierData,
} from '@tidewise/db/schema/requests';
import { files } from '@tidewise/db/schema/uploads';
import { and, eq, sql } from 'drizzle-orm';
import type { GraphQLField } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Mailbox, outboxMailbox, uniqueEmail, VIEWER } from '../test/auth-test-kit.ts';
import { type Admin, addMember, CREATE_USER, newOrganization } from '../test/organization-test-kit.ts';
import { CREATE_ROLE, CREATE_USER_ROLES } from '../test/roles-test-kit.ts';
import type { GraphQLResult, TestServer } from '../test/harness.ts';
import { startTestServer } from '../test/harness.ts';
import { baseVariables, documentFor, findIdSlots, fullSelection, rootFields, withSlot } from '../test/isolation-walk.ts';
import {
  createBatch,
  dataOf,
  FINISH_UPLOAD,
  isSettled,
  requestUploadUrl,
  sendSingleUpload,
  uploaderFor,
  uploadFile,
  waitForFile,
} from '../modules/uploads/upload-flow-test-kit.ts';
import { APPLY, FILE_VALIDATION } from '../modules/entries/entries-test-kit.ts';
import { BULK_ACCEPT, COLUMN_ANALYSES, SET_CATEGORY } from '../modules/mappings/mappings-test-kit.ts';
import { now } from '../lib/clock.ts';
import { runReminderPass } from '../modules/reminders/reminder-pass.ts';
import { buildTransportFootprint, productKeyOf } from '../modules/pact/publishing/footprint-document.ts';
import { pactEvents, pactFootprints, pactReceivedFootprints } from '@tidewise/db/schema/pact';
import { buildSchema } from './index.ts';

/**
 * Tenant isolation over the whole schema. Organization B is built with data of every kind through
 * the API; then B's administrator-equivalent in organization A calls every query and mutation with
 * each of B's ids in each id argument. Every attempt must answer NOT_FOUND or FORBIDDEN (or exactly
 * what a random, non-existent id gets) and leave B's rows untouched; list and search queries must
 * return nothing of B. New operations and new tables are covered without editing this test.
 */

/** Secrets and per-request bookkeeping: their ids are never handed to clients. */
const NOT_ADDRESSABLE = new Set([
  'email_codes',
  'handoff_tokens',
  'refresh_tokens',
  'login_challenges',
  'password_resets',
  'outbox_emails',
  'mfa_method_changes',
  'contact_requests',
]);
/** Append-only logs that record attempts against B; checked separately (B's audit chain must not grow). */
const LOGS = new Set(['audit_logs', 'login_logs']);

type Row = Record<string, unknown>;

let server: TestServer;
let mailbox: Mailbox;
let orgA: Admin;
let orgB: Admin;
let bIds: Map<string, string>;
let bStrings: string[];
let ipCounter = 0;

/** Rows of a raw statement (PGlite and node-postgres both answer `{ rows }`). */
const select = async <T = Row>(statement: ReturnType<typeof sql>) =>
  ((await server.database.db.execute(statement)) as unknown as { rows: T[] }).rows;

const tables = async () => {
  const result = await select<{ table_name: string }>(sql`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '__drizzle%'`);
  return result.map((r) => r.table_name).sort();
};

const rowsOf = (table: string) => select(sql.raw(`select * from "${table}"`));

/** Every id in the database before organization B existed (catalogue rows, other tests' data). */
const allIds = async () => {
  const ids = new Set<string>();
  for (const table of await tables()) for (const row of await rowsOf(table)) if (typeof row.id === 'string') ids.add(row.id);
  return ids;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * id → table for every addressable row that belongs to organization B: rows reachable from B's
 * organization id through ids that did not exist before B. Rows other test files write meanwhile
 * (the PostgreSQL run shares one database) are not reachable and stay out.
 */
const rowsConnectedTo = async (seed: string, before: Set<string>) => {
  const known = new Set([seed]);
  const found = new Map<string, string>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const table of await tables()) {
      for (const row of await rowsOf(table)) {
        const values = Object.values(row).filter((v): v is string => typeof v === 'string' && UUID.test(v));
        if (!values.some((v) => known.has(v))) continue;
        for (const value of values) {
          if (!before.has(value) && !known.has(value)) {
            known.add(value);
            grew = true;
          }
        }
        if (typeof row.id === 'string' && !before.has(row.id) && !NOT_ADDRESSABLE.has(table)) found.set(row.id, table);
      }
    }
  }
  return found;
};

const mentionsB = (row: Row) => Object.values(row).some((value) => typeof value === 'string' && bIds.has(value));

/** A fingerprint of every row that names one of B's rows (logs aside). */
const digestOfB = async () => {
  const hash = createHash('sha256');
  for (const table of await tables()) {
    if (LOGS.has(table) || table === 'outbox_emails') continue;
    const rows = (await rowsOf(table)).filter(mentionsB).map((row) => JSON.stringify(row, Object.keys(row).sort()));
    hash.update(`${table}:${rows.sort().join('\n')}\n`);
  }
  const [chain] = await select<{ n: number }>(
    sql`select count(*)::int as n from audit_logs where organization_id = ${orgB.organizationId}`,
  );
  hash.update(`audit:${chain?.n}`);
  return hash.digest('hex');
};

/** As organization A's administrator, from a fresh address each time (rate limits stay out of the way). */
const callAsA = (query: string, variables: Record<string, unknown>) => {
  ipCounter += 1;
  return server.gql(query, variables, {
    token: orgA.token,
    headers: { 'x-forwarded-for': `172.20.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}` },
  });
};

/**
 * A subscription held by organization A's administrator over SSE, read to its end: the results it
 * streamed, or 'open' when it was still streaming at the deadline (a refusal ends the stream at once).
 */
const subscribeAsA = async (query: string, variables: Record<string, unknown>): Promise<GraphQLResult[] | 'open'> => {
  ipCounter += 1;
  try {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        authorization: `Bearer ${orgA.token}`,
        'x-forwarded-for': `172.21.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`,
      },
      body: JSON.stringify({ query, variables }),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    return text
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:') && line.trim() !== 'data:')
      .map((line) => JSON.parse(line.slice('data:'.length)) as GraphQLResult);
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'open';
    throw error;
  }
};

const outcome = (result: GraphQLResult, field: string) => {
  const code = result.errors?.[0]?.extensions?.code;
  if (code) return String(code);
  return (result.data as Record<string, unknown> | null | undefined)?.[field] == null ? 'null' : 'data';
};

const leaks = (result: GraphQLResult) => {
  const text = JSON.stringify(result.data ?? null);
  // A UUID is found anywhere (inside a URL too); a short entry id like "1-0" only as a whole value, not inside a date.
  const ids = [...bIds.keys()]
    .filter((id) => (UUID.test(id) ? text.includes(id) : text.includes(JSON.stringify(id))))
    .map((id) => `${bIds.get(id)}:${id}`);
  return [...ids, ...bStrings.filter((s) => text.includes(s))];
};

/**
 * B's uploads, each left in a state nothing changes by itself: a batch with a file read to the end, a file refused
 * on completion and a file still pending, and a single upload whose bytes are verified but not read.
 */
const buildUploads = async (b: Admin) => {
  const uploader = uploaderFor(server, b.token, b.client.ip);
  const suffix = randomUUID().slice(0, 6);
  const names = [
    `B bunker notes ${suffix}`,
    `b-fuel-${suffix}.csv`,
    `b-logo-${suffix}.csv`,
    `b-later-${suffix}.csv`,
    `b-single-${suffix}.csv`,
  ];
  const [batchName = '', readName = '', refusedName = '', pendingName = '', singleName = ''] = names;
  const batch = await createBatch(uploader, batchName);
  const vessel = `B Star ${suffix}`;
  const read = await uploadFile(
    server,
    uploader,
    batch.id,
    readName,
    Buffer.from(`IMO number,Vessel,Fuel type,Fuel [t],Period start,Period end\n9074729,${vessel},HFO,12.5,2024-01-01,2024-01-31\n`),
  );
  if ((await waitForFile(uploader, read.id, isSettled)).status !== 'processed') throw new Error("B's file was not read");
  await mapAndValidate(b, read.id);
  const refused = await uploadFile(server, uploader, batch.id, refusedName, Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
  if (refused.status !== 'failed') throw new Error("B's PNG was not refused");
  dataOf(await requestUploadUrl(uploader, batch.id, pendingName, Buffer.from('a,b\n1,2\n')));
  const single = await sendSingleUpload(server, uploader, singleName, Buffer.from('Port,Calls\nB Harbour,3\n'), {
    purpose: 'calendar-task',
  });
  dataOf(await uploader.gql(FINISH_UPLOAD, { uploadId: single.uploadId }));
  return { names: [...names, vessel], entryIds: await entryIdsOf(b) };
};

/** B's read file categorised, its suggestions accepted and validated: column analyses, mappings, issues and entries. */
const mapAndValidate = async (b: Admin, fileId: string) => {
  const gql = <T>(query: string, variables: Record<string, unknown>) => b.client.gql<T>(query, variables, b.token);
  dataOf(await gql(SET_CATEGORY, { input: { fileId, category: 'vessel_fuel_consumption' } }));
  const deadline = Date.now() + 30_000;
  while (dataOf(await gql<{ columnAnalyses: unknown[] }>(COLUMN_ANALYSES, { fileId })).columnAnalyses.length === 0) {
    if (Date.now() > deadline) throw new Error("B's columns were not analysed");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  dataOf(await gql(BULK_ACCEPT, { input: { fileId, minConfidence: 0.5 } }));
  dataOf(await gql(APPLY, { fileId }));
  for (;;) {
    const { status } = dataOf(await gql<{ fileValidation: { status: string } }>(FILE_VALIDATION, { fileId })).fileValidation;
    if (status === 'validated') return;
    if (status === 'failed' || Date.now() > deadline + 30_000) throw new Error(`B's file was not validated: ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** What organization B's emissions are addressed by other than ids: its own factor's key and its ship's IMO number. */
let bEmissions: { factorKey: string; evidence: string; imo: string; year: number };

/**
 * B's emissions (issue 13): an own factor with its evidence, and a completed run over B's validated vessel file, so
 * B has a run, results, report cells and a ship year (IMO 9074729, 2024) for the walk and the checks below.
 */
const buildEmissions = async (b: Admin) => {
  const gql = <T>(query: string, variables: Record<string, unknown>) => b.client.gql<T>(query, variables, b.token);
  const evidence = `B bunker lab analysis ${randomUUID().slice(0, 6)}`;
  const created = dataOf(
    await gql<{ createEmissionFactor: { key: string } }>(
      'mutation($input: CreateEmissionFactorInput!) { createEmissionFactor(input: $input) { key } }',
      {
        input: {
          kind: 'cf',
          fuel: 'HFO',
          value: '3.2',
          unit: 't CO2/t fuel',
          document: 'B bunker lab report',
          section: 'Table 1',
          edition: '2024',
          evidence,
          validFrom: '2018-01-01',
        },
      },
    ),
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { emissionSettings } = dataOf(
      await gql<{ emissionSettings: { currentRun: { id: string } | null; latestRun: { id: string; status: string } | null } }>(
        '{ emissionSettings { currentRun { id } latestRun { id status } } }',
        {},
      ),
    );
    const latest = emissionSettings.latestRun;
    if (latest?.status === 'completed' && emissionSettings.currentRun?.id === latest.id) break;
    if (Date.now() > deadline) throw new Error(`B's emissions were not computed: ${JSON.stringify(emissionSettings)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const mine = dataOf(
    await gql<{ vesselIndicators: { imo: string; co2Kg: number } }>(
      'query($imo: String!, $year: Int!) { vesselIndicators(imo: $imo, year: $year) { imo co2Kg } }',
      { imo: '9074729', year: 2024 },
    ),
  );
  if (!(mine.vesselIndicators.co2Kg > 0)) throw new Error("B's ship year was not computed");
  return { factorKey: created.createEmissionFactor.key, evidence, imo: '9074729', year: 2024 };
};

/**
 * B's connection to a partner's PACT host (a public address that is never called here) and a footprint received
 * through it, stored as receiving stores it.
 */
const buildPactConnection = async (b: Admin) => {
  const name = `B partner host ${randomUUID().slice(0, 6)}`;
  const created = await b.client.gql<{ createPactConnection: { id: string } }>(
    'mutation($input: CreatePactConnectionInput!) { createPactConnection(input: $input) { id } }',
    { input: { name, baseUrl: 'https://1.1.1.1/pact', clientId: 'b-client', clientSecret: 'b-partner-secret' } },
    b.token,
  );
  if (!created.data) throw new Error(`createPactConnection failed: ${JSON.stringify(created.errors)}`);
  const productName = `B received product ${randomUUID().slice(0, 6)}`;
  const footprintId = randomUUID();
  await server.database.db.insert(pactReceivedFootprints).values({
    connectionId: created.data.createPactConnection.id,
    footprintId,
    organizationId: b.organizationId,
    version: 1,
    status: 'Active',
    document: { productNameCompany: productName, productIds: ['urn:gtin:4712345060507'], pcf: { pCfExcludingBiogenic: '1.5' } },
    quantity: 10,
  });
  // An event B received from the partner, stored as POST /2/events stores it: A's pactEvents must never list it.
  const eventId = `B event ${randomUUID().slice(0, 6)}`;
  await server.database.db.insert(pactEvents).values({
    organizationId: b.organizationId,
    direction: 'received',
    connectionId: created.data.createPactConnection.id,
    eventType: 'org.wbcsd.pathfinder.ProductFootprint.Published.v1',
    eventId,
    source: '//partner.example/pact',
    data: { pfIds: [footprintId] },
    status: 'processed',
    footprintCount: 1,
  });
  return { names: [name, productName, eventId], footprintId };
};

/**
 * B's PACT exchange (issue 14): API credentials issued through GraphQL, and a published footprint. B's ship year has no
 * transport work (no cargo), so publishing finds nothing to publish; the footprint is the document publishing builds,
 * stored as publishing stores it.
 */
const buildPact = async (b: Admin) => {
  const name = `B shipper ERP ${randomUUID().slice(0, 6)}`;
  const issued = await b.client.gql<{ createPactClient: { client: { id: string } } }>(
    'mutation($input: CreatePactClientInput!) { createPactClient(input: $input) { client { id } } }',
    { input: { name } },
    b.token,
  );
  if (!issued.data) throw new Error(`createPactClient failed: ${JSON.stringify(issued.errors)}`);
  const id = randomUUID();
  const created = new Date();
  const document = buildTransportFootprint({
    id,
    version: 1,
    created,
    precedingPfIds: [],
    organization: { id: b.organizationId, name: b.organizationName },
    year: 2024,
    gwpSet: 'AR6',
    runId: randomUUID(),
    figures: {
      key: 'bulk-carrier',
      shipType: 'Bulk carrier',
      ships: ['9074729'],
      co2eWtwKg: 1000,
      transportWorkTkm: 100_000,
      primaryDataShare: 1,
      technologicalDqr: 1,
      temporalDqr: 1,
      geographicalDqr: 1,
      reliabilityDqr: 1,
      computedShare: 1,
      ratedShare: 1,
    },
  });
  await server.database.db.insert(pactFootprints).values({
    id,
    organizationId: b.organizationId,
    productKey: productKeyOf(2024, 'bulk-carrier'),
    version: 1,
    status: 'Active',
    document,
    created,
    referencePeriodStart: new Date(Date.UTC(2024, 0, 1)),
    referencePeriodEnd: new Date(Date.UTC(2025, 0, 1)),
  });
  return { names: [name] };
};

/**
 * B's data requests (issue 12), stored as the requests and supplier-matching modules store them: a calendar with a
 * request to B's supplier made from B's batch and a subtask, a review, the supplier named in B's file and B's
 * confirmation of it; the reminder the supplier's contact got for it; and B's administrator's muted reminders. Every
 * request operation then meets these ids in the walk below.
 */
const buildRequests = async (b: Admin) => {
  const db = server.database.db;
  const suffix = randomUUID().slice(0, 6);
  const [file] = await db
    .select()
    .from(files)
    .where(and(eq(files.organizationId, b.organizationId), eq(files.status, 'processed')))
    .limit(1);
  const [supplier] = await db
    .select({ id: organizationRelationships.supplierOrganizationId })
    .from(organizationRelationships)
    .where(eq(organizationRelationships.customerOrganizationId, b.organizationId))
    .limit(1);
  if (!file?.fileUploadId || !supplier) throw new Error("B's batch or supplier is missing");
  const names = [`B bunker request ${suffix}`, `B vessel part ${suffix}`, `B review note ${suffix}`, `B Named Supplier ${suffix}`];
  const [requestTitle = '', subtaskTitle = '', reviewMessage = '', supplierName = ''] = names;
  const deadline = new Date(now().getTime() + 24 * 60 * 60 * 1000);
  const [calendar] = await db
    .insert(calendars)
    .values({ organizationId: b.organizationId, deadline, createdByUserId: b.userId })
    .returning();
  if (!calendar) throw new Error('no calendar');
  const task = {
    calendarId: calendar.id,
    organizationId: b.organizationId,
    supplierOrganizationId: supplier.id,
    requiredUploadPurpose: 'vessel_fuel_consumption',
    createdByUserId: b.userId,
    // Sent ten days ago, so the reminder two days before the deadline is due now.
    createdAt: new Date(now().getTime() - 10 * 24 * 60 * 60 * 1000),
  };
  const [request] = await db
    .insert(calendarTasks)
    .values({ ...task, taskType: 'data_request', title: requestTitle, status: 'returned', requestUploadId: file.fileUploadId })
    .returning();
  if (!request) throw new Error('no request');
  await db
    .insert(calendarTasks)
    .values({ ...task, taskType: 'subtask', title: subtaskTitle, status: 'returned', parentTaskId: request.id });
  await db.insert(calendarTaskReviews).values({
    taskId: request.id,
    organizationId: b.organizationId,
    message: reviewMessage,
    comments: [{ rowNumber: 1, field: 'fuel_mass', message: 'Check the unit' }],
    createdByUserId: b.userId,
  });
  await db.insert(uploadSupplierData).values({
    organizationId: b.organizationId,
    fileUploadId: file.fileUploadId,
    fileId: file.id,
    generation: 1,
    supplierName,
    normalizedName: supplierName.toLowerCase(),
    supplierOrgId: supplier.id,
    matchStatus: 'match',
    isConfirmed: true,
    itemCount: 1,
    rowIndices: [0],
    calendarTaskId: request.id,
    uploadPurpose: 'vessel_fuel_consumption',
  });
  await db.insert(supplierMatchConfirmations).values({
    organizationId: b.organizationId,
    normalizedName: supplierName.toLowerCase(),
    supplierOrganizationId: supplier.id,
    confirmedByUserId: b.userId,
  });
  const reminded = await runReminderPass(server.app.services, now(), { supplierOrganizationIds: [supplier.id] });
  if (reminded.sent === 0) throw new Error("B's supplier got no reminder");
  dataOf(await b.client.gql('mutation { updateReminderPreference(input: { remindersMuted: true }) { remindersMuted } }', {}, b.token));
  return { names };
};

/** Entry ids are not a table's id column (an entry is its file, run and row): they are read through B's own API. */
const entryIdsOf = async (b: Admin) => {
  const page = dataOf(await b.client.gql<{ dataEntries: { data: { id: string }[] } }>('{ dataEntries { data { id } } }', {}, b.token));
  if (page.dataEntries.data.length === 0) throw new Error('B has no data entries');
  return page.dataEntries.data.map((entry) => entry.id);
};

beforeAll(async () => {
  // The walk reads every field a few levels deep (a CalendarTask with its calendar, organizations, subtasks and
  // answer); document limits would refuse those documents for B's ids and unknown ids alike and prove nothing.
  server = await startTestServer({
    TRUST_PROXY: 'true',
    GRAPHQL_MAX_TOKENS: '100000',
    GRAPHQL_MAX_DEPTH: '30',
    GRAPHQL_MAX_COST: '1000000',
  });
  mailbox = outboxMailbox(server);
  const before = await allIds();

  orgB = await newOrganization(server, mailbox, `Isolation B Shipping ${randomUUID().slice(0, 6)}`);
  const member = await addMember(mailbox, orgB, 'viewer');
  const role = await orgB.client.gql<{ createAuthorizationRole: { id: string; name: string } }>(
    CREATE_ROLE,
    { input: { name: `B fleet analysts ${randomUUID().slice(0, 4)}`, description: 'Reads fuel data', permissionIds: [] } },
    orgB.token,
  );
  const roleId = role.data?.createAuthorizationRole.id;
  if (!roleId) throw new Error(`createAuthorizationRole failed: ${JSON.stringify(role.errors)}`);
  await orgB.client.gql(CREATE_USER_ROLES, { input: [{ userId: member.userId, authorizationRoleId: roleId }] }, orgB.token);
  await orgB.client.gql(
    'mutation($input: UpdateOrganizationSettingInput!) { updateOrganizationSetting(input: $input) { currency } }',
    { input: { measurementSystem: 'imperial', currency: 'USD', timezone: 'America/Houston' } },
    orgB.token,
  );
  const pendingEmail = uniqueEmail('pending');
  await orgB.client.gql(
    CREATE_USER,
    { input: { email: pendingEmail, firstName: 'Pending', lastName: 'Person', roleKey: 'contributor' } },
    orgB.token,
  );
  const supplierName = `B Bunker Supply ${randomUUID().slice(0, 6)}`;
  const supplierEmail = uniqueEmail('supplier');
  const invited = await orgB.client.gql(
    'mutation($input: InviteSupplierInput!) { inviteSupplier(input: $input) { __typename } }',
    { input: { organizationName: supplierName, email: supplierEmail, firstName: 'Sven', lastName: 'Berg' } },
    orgB.token,
  );
  if (invited.errors) throw new Error(`inviteSupplier failed: ${JSON.stringify(invited.errors)}`);
  await orgB.client.gql(
    'mutation($input: RequestEmailChangeInput!) { requestEmailChange(input: $input) { __typename } }',
    {
      input: { newEmail: uniqueEmail('renamed') },
    },
    member.token,
  );
  const uploads = await buildUploads(orgB);
  const requests = await buildRequests(orgB);
  bEmissions = await buildEmissions(orgB);
  const pact = await buildPact(orgB);
  const pactConnection = await buildPactConnection(orgB);

  bIds = await rowsConnectedTo(orgB.organizationId, before);
  for (const id of uploads.entryIds) bIds.set(id, 'data_entries');
  bIds.set(pactConnection.footprintId, 'pact_received_footprints');
  bStrings = [
    orgB.organizationName,
    orgB.email,
    member.email,
    pendingEmail,
    supplierName,
    supplierEmail,
    role.data?.createAuthorizationRole.name ?? '',
    ...uploads.names,
    ...requests.names,
    bEmissions.evidence,
    ...pact.names,
    ...pactConnection.names,
  ];

  orgA = await newOrganization(server, mailbox, `Isolation A Offshore ${randomUUID().slice(0, 6)}`);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('tenant isolation over every operation', () => {
  const schema = buildSchema();
  const { query, mutation, subscription } = rootFields(schema);

  it('built organization B with rows of every kind that holds an organization', async () => {
    const kinds = new Set(bIds.values());
    for (const table of [
      'organizations',
      'users',
      'organization_users',
      'authorization_roles',
      'user_roles',
      'organization_relationships',
      'invitations',
      'email_change_requests',
      'sessions',
      'file_uploads',
      'files',
      'uploads',
      'column_analyses',
      'file_mappings',
      'data_entries',
      'calendars',
      'calendar_tasks',
      'calendar_task_reviews',
      'upload_supplier_data',
      'supplier_match_confirmations',
      'emission_runs',
      'pact_clients',
      'pact_footprints',
      'pact_connections',
      'pact_received_footprints',
    ]) {
      expect(kinds, `no ${table} row for organization B`).toContain(table);
    }
  });

  it('answers NOT_FOUND or FORBIDDEN for B ids in every id argument, the same as for an unknown id, and changes nothing of B', async () => {
    const failures: string[] = [];
    let attempts = 0;
    const fields: ['query' | 'mutation', GraphQLField<unknown, unknown>][] = [
      ...query.map((f) => ['query', f] as ['query', GraphQLField<unknown, unknown>]),
      ...mutation.map((f) => ['mutation', f] as ['mutation', GraphQLField<unknown, unknown>]),
    ];
    for (const [operation, field] of fields) {
      const slots = findIdSlots(field);
      if (slots.length === 0) continue;
      const selection = fullSelection(field.type);
      const variables = baseVariables(field);
      const digestBefore = await digestOfB();
      for (const slot of slots) {
        const where = `${operation} ${field.name}(${slot.path.join('.')})`;
        // What an unknown id of each shape gets (entry ids are not UUIDs: a UUID-only argument refuses their shape).
        const controls = new Map<string, string>();
        const controlFor = async (id: string) => {
          const shape = UUID.test(id) ? 'uuid' : id.replace(/[0-9]/g, '9');
          let answer = controls.get(shape);
          if (answer === undefined) {
            const unknown = UUID.test(id) ? randomUUID() : id.replace(/[0-9]/g, () => String(Math.floor(Math.random() * 10)));
            answer = outcome(
              await callAsA(documentFor(operation, field, variables, selection), withSlot(variables, slot, unknown)),
              field.name,
            );
            controls.set(shape, answer);
          }
          return answer;
        };
        for (const [id, table] of bIds) {
          const control = await controlFor(id);
          attempts += 1;
          const result = await callAsA(documentFor(operation, field, variables, selection), withSlot(variables, slot, id));
          const answer = outcome(result, field.name);
          const leaked = leaks(result);
          if (leaked.length > 0) failures.push(`${where} with ${table}:${id} returned B's ${leaked.join(', ')}`);
          else if (answer !== 'NOT_FOUND' && answer !== 'FORBIDDEN' && answer !== control) {
            failures.push(`${where} with ${table}:${id} answered ${answer}; an unknown id answers ${control}`);
          }
        }
      }
      if ((await digestOfB()) !== digestBefore) failures.push(`${operation} ${field.name} changed organization B's rows`);
      const stillSignedIn = await callAsA(VIEWER, {});
      if (!stillSignedIn.data)
        failures.push(`${operation} ${field.name} signed organization A's administrator out; the rest would prove nothing`);
      if (failures.length > 20) break;
    }
    expect(failures).toEqual([]);
    console.info(`tenant isolation: ${attempts} calls over ${bIds.size} ids of organization B`);
    expect(attempts).toBeGreaterThan(100);
  }, 600_000);

  it("never returns B's rows from lists, searches or singletons without an id", async () => {
    const failures: string[] = [];
    for (const field of query) {
      if (findIdSlots(field).length > 0) continue;
      const selection = fullSelection(field.type);
      const variables = baseVariables(field);
      const textArgs = field.args.filter((a) => /name|search|email|query/i.test(a.name));
      const variants = [variables, ...textArgs.flatMap((arg) => bStrings.map((s) => ({ ...variables, [arg.name]: s })))];
      for (const vars of variants) {
        const result = await callAsA(documentFor('query', field, vars, selection), vars);
        const leaked = leaks(result);
        if (leaked.length > 0) failures.push(`query ${field.name}(${JSON.stringify(vars)}) returned B's ${leaked.join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it("answers NOT_FOUND for B's factor key and ship, and counts none of B's figures in A's emissions", async () => {
    const codeOf = async (query: string, variables: Record<string, unknown>, field: string) =>
      outcome(await callAsA(query, variables), field);
    expect(await codeOf('query($key: String!) { emissionFactor(key: $key) { id } }', { key: bEmissions.factorKey }, 'emissionFactor')).toBe(
      'NOT_FOUND',
    );
    expect(
      await codeOf(
        'query($key: String!) { emissionFactor(key: $key, version: 1) { id } }',
        { key: bEmissions.factorKey },
        'emissionFactor',
      ),
    ).toBe('NOT_FOUND');
    expect(
      await codeOf(
        'query($imo: String!, $year: Int!) { vesselIndicators(imo: $imo, year: $year) { imo } }',
        { imo: bEmissions.imo, year: bEmissions.year },
        'vesselIndicators',
      ),
    ).toBe('NOT_FOUND');
    const lists = await callAsA(
      `query($year: Int!, $search: String!, $period: EmissionReportInput!, $filter: EmissionResultFilterInput!) {
        vesselIndicatorsList(year: $year) { imo }
        emissionFactors(filter: { search: $search, allVersions: true }) { data { key evidence } }
        emissionReport(input: $period) { totals { co2eWtwKg computedEntries } byVessel { key } }
        emissionResults(filter: $filter) { data { entryId } pageInfo { totalCount } }
      }`,
      {
        year: bEmissions.year,
        search: bEmissions.factorKey,
        period: { periodStart: '2024-01-01', periodEnd: '2024-12-31' },
        filter: { periodStart: '2024-01-01', periodEnd: '2024-12-31' },
      },
    );
    expect(lists.errors).toBeUndefined();
    expect(lists.data).toEqual({
      vesselIndicatorsList: [],
      emissionFactors: { data: [] },
      emissionReport: { totals: { co2eWtwKg: 0, computedEntries: 0 }, byVessel: [] },
      emissionResults: { data: [], pageInfo: { totalCount: 0 } },
    });
    expect(leaks(lists)).toEqual([]);
  });

  it('refuses B ids in every id argument of a subscription with NOT_FOUND, before anything streams', async () => {
    const failures: string[] = [];
    let attempts = 0;
    for (const field of subscription) {
      const slots = findIdSlots(field);
      if (slots.length === 0) continue;
      const selection = fullSelection(field.type);
      const variables = baseVariables(field);
      for (const slot of slots) {
        const where = `subscription ${field.name}(${slot.path.join('.')})`;
        for (const [id, table] of bIds) {
          attempts += 1;
          const results = await subscribeAsA(documentFor('subscription', field, variables, selection), withSlot(variables, slot, id));
          if (results === 'open') {
            failures.push(`${where} with ${table}:${id} kept the stream open`);
            continue;
          }
          const leaked = results.flatMap(leaks);
          const answers = results.map((result) => outcome(result, field.name));
          if (leaked.length > 0) failures.push(`${where} with ${table}:${id} streamed B's ${leaked.join(', ')}`);
          else if (answers.join() !== 'NOT_FOUND')
            failures.push(`${where} with ${table}:${id} answered ${answers.join(', ') || 'nothing'}`);
        }
      }
      if (failures.length > 20) break;
    }
    expect(failures).toEqual([]);
    expect(attempts).toBeGreaterThan(bIds.size);
  }, 300_000);
});
