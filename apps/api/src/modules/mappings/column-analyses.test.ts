import { fieldsByCategory } from '@tidewise/shared/field-catalogue/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Mailbox, outboxMailbox } from '../../test/auth-test-kit.ts';
import { dataOf, refusalOf } from '../../test/graphql-test-kit.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { auditRows, newOrganization } from '../../test/organization-test-kit.ts';
import {
  ACCEPT,
  type AnalysisView,
  BULK_ACCEPT,
  COLUMN_ANALYSES,
  CREATE_MAPPING,
  columnOf,
  FILE_MAPPINGS,
  type MappingView,
  type Person,
  personFor,
  REJECT,
  SET_CATEGORY,
  uploadSingle,
  uploadToBatch,
  waitForAnalyses,
} from './mappings-test-kit.ts';

/** A fuel report as a ship manager keeps it: abbreviated headers, units in brackets, a column of remarks. */
const FUEL_REPORT = Buffer.from(
  [
    'IMO No.,Ship name,Fuel cons. [m tonnes],Fuel grade,Start date,End date,Dist (nm),Remarks',
    '9074729,Nordic Star,12.5,IFO 380,2024-03-01,2024-03-05,1234,',
    '9176187,Baltic Wind,8.25,MGO,2024-03-02,2024-03-04,860,late report',
    '9321483,Skagen Trader,15,VLSFO,2024-03-03,2024-03-08,1502,',
    '9074729,Nordic Star,11.75,IFO 380,2024-03-06,2024-03-10,1190,',
  ].join('\n'),
);

/** The same ship data with fuel in kilograms and a header no catalogue spelling names. */
const KG_REPORT = Buffer.from(
  [
    'IMO,Vessel,Fuel [kg],BNK-Q,Fuel type',
    '9074729,Nordic Star,12500,12.5,HFO',
    '9176187,Baltic Wind,8250,8.25,MGO',
    '9321483,Skagen Trader,15000,15,VLSFO',
  ].join('\n'),
);

/** The catalogue's label of the fuel mass field, as the API shows it. */
const FUEL_MASS = fieldsByCategory('vessel_fuel_consumption').find((f) => f.key === 'fuel_mass')?.label;

const suggestionsOf = (analyses: readonly AnalysisView[]) =>
  Object.fromEntries(analyses.map((a) => [a.sourceColumn, a.suggestedTargetField]));

describe('column analyses', () => {
  let server: TestServer;
  let mailbox: Mailbox;
  let alice: Person;
  let aliceOrganizationId: string;
  let aliceToken: string;
  let bob: Person;

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true' });
    mailbox = outboxMailbox(server);
    const a = await newOrganization(server, mailbox, 'Skagerrak Shipping');
    alice = personFor(server, a.token, a.client.ip);
    aliceOrganizationId = a.organizationId;
    aliceToken = a.token;
    const b = await newOrganization(server, mailbox, 'Kattegat Lines');
    bob = personFor(server, b.token, b.client.ip);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('suggests a field for each column of a processed file, with its reasoning, unit, type and samples', async () => {
    const file = await uploadToBatch(server, alice, 'fuel-march.csv', FUEL_REPORT);
    expect(file.fileMetadata.categoryAnalysis?.suggestedCategory).toBe('vessel_fuel_consumption');
    const analyses = await waitForAnalyses(alice, { fileId: file.id });

    expect(analyses.map((a) => a.sourceIndex)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(suggestionsOf(analyses)).toEqual({
      'IMO No.': 'imo_number',
      'Ship name': 'vessel_name',
      'Fuel cons. [m tonnes]': 'fuel_mass',
      'Fuel grade': 'fuel_type',
      'Start date': 'period_start',
      'End date': 'period_end',
      'Dist (nm)': 'distance',
      Remarks: null,
    });
    const fuel = columnOf(analyses, 'Fuel cons. [m tonnes]');
    expect(fuel).toMatchObject({
      category: 'vessel_fuel_consumption',
      suggestedTargetLabel: FUEL_MASS,
      detectedUnit: 't',
      dataType: 'number',
      isAccepted: false,
      isRejected: false,
    });
    expect(fuel.confidence).toBeGreaterThan(0.8);
    expect(fuel.reasoning).toMatch(/Fuel cons/);
    expect(fuel.sampleValues).toContain(12.5);
    expect(columnOf(analyses, 'Start date').dataType).toBe('date');
    for (const analysis of analyses) expect(analysis.reasoning.length).toBeGreaterThan(10);
    expect(columnOf(analyses, 'Remarks').confidence).toBeLessThan(0.5);
  });

  it('maps a column when its suggestion is accepted, with a unit conversion for a unit other than the canonical one', async () => {
    const file = await uploadToBatch(server, alice, 'fuel-kg.csv', KG_REPORT);
    const analyses = await waitForAnalyses(alice, { fileId: file.id });
    const fuel = columnOf(analyses, 'Fuel [kg]');
    expect(fuel).toMatchObject({ suggestedTargetField: 'fuel_mass', detectedUnit: 'kg' });

    const accepted = dataOf(await alice.gql<{ acceptColumnSuggestion: AnalysisView }>(ACCEPT, { id: fuel.id })).acceptColumnSuggestion;
    expect(accepted).toMatchObject({ id: fuel.id, isAccepted: true, isRejected: false });
    const [mapping] = dataOf(await alice.gql<{ fileMappings: MappingView[] }>(FILE_MAPPINGS, { fileId: file.id })).fileMappings;
    expect(mapping).toMatchObject({
      sourceColumn: 'Fuel [kg]',
      sourceIndex: 2,
      targetField: 'fuel_mass',
      targetLabel: FUEL_MASS,
      category: 'vessel_fuel_consumption',
      origin: 'suggestion',
      isActive: true,
      transformations: [{ type: 'unit_conversion', unit: 'kg', factor: null, density: null, mapping: null, dateFormat: null }],
      validation: { required: true, dataType: 'number' },
    });
    const [audit] = await auditRows(server, aliceOrganizationId, 'acceptColumnSuggestion');
    expect(audit?.description).toBe(`Accepted the suggestion to map column "Fuel [kg]" of "fuel-kg.csv" to ${FUEL_MASS}`);

    // Rejected: the mapping made from it goes, and bulk accepting leaves it alone.
    const rejected = dataOf(await alice.gql<{ rejectColumnSuggestion: AnalysisView }>(REJECT, { id: fuel.id })).rejectColumnSuggestion;
    expect(rejected).toMatchObject({ isAccepted: false, isRejected: true });
    expect(dataOf(await alice.gql<{ fileMappings: MappingView[] }>(FILE_MAPPINGS, { fileId: file.id })).fileMappings).toEqual([]);

    const bulk = dataOf(
      await alice.gql<{ bulkAcceptColumnSuggestions: AnalysisView[] }>(BULK_ACCEPT, { input: { fileId: file.id, minConfidence: 0.5 } }),
    ).bulkAcceptColumnSuggestions;
    expect(bulk).toHaveLength(analyses.length);
    expect(columnOf(bulk, 'Fuel [kg]')).toMatchObject({ isAccepted: false, isRejected: true });
    const openAbove = analyses.filter((a) => a.suggestedTargetField && a.confidence >= 0.5 && a.id !== fuel.id);
    expect(openAbove.length).toBeGreaterThan(1);
    for (const open of openAbove) expect(columnOf(bulk, open.sourceColumn).isAccepted).toBe(true);
    const mappings = dataOf(await alice.gql<{ fileMappings: MappingView[] }>(FILE_MAPPINGS, { fileId: file.id })).fileMappings;
    expect(mappings.map((m) => m.sourceColumn)).toEqual(openAbove.map((a) => a.sourceColumn));
    expect(mappings.every((m) => m.origin === 'suggestion')).toBe(true);

    // Accepting again after a rejection maps the column once more.
    const again = dataOf(await alice.gql<{ acceptColumnSuggestion: AnalysisView }>(ACCEPT, { id: fuel.id })).acceptColumnSuggestion;
    expect(again).toMatchObject({ isAccepted: true, isRejected: false });
  });

  it('accepts in bulk only what is open and sure enough, and refuses a confidence outside 0..1', async () => {
    const file = await uploadToBatch(server, alice, 'fuel-bulk.csv', FUEL_REPORT);
    const analyses = await waitForAnalyses(alice, { fileId: file.id });
    // A column mapped by hand keeps its mapping: bulk accepting skips its suggestion.
    dataOf(await alice.gql(CREATE_MAPPING, { input: { fileId: file.id, sourceColumn: 'Ship name', targetField: 'ship_type' } }));

    const refused = await alice.gql(BULK_ACCEPT, { input: { fileId: file.id, minConfidence: 1.5 } });
    expect(refusalOf(refused)).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'minConfidence must be between 0 and 1.',
      field: 'minConfidence',
    });

    const bulk = dataOf(
      await alice.gql<{ bulkAcceptColumnSuggestions: AnalysisView[] }>(BULK_ACCEPT, { input: { fileId: file.id } }),
    ).bulkAcceptColumnSuggestions;
    const sure = analyses.filter((a) => a.suggestedTargetField && a.confidence >= 0.8 && a.sourceColumn !== 'Ship name');
    expect(bulk.filter((a) => a.isAccepted).map((a) => a.sourceColumn)).toEqual(sure.map((a) => a.sourceColumn));
    const mappings = dataOf(await alice.gql<{ fileMappings: MappingView[] }>(FILE_MAPPINGS, { fileId: file.id })).fileMappings;
    expect(mappings.find((m) => m.sourceColumn === 'Ship name')).toMatchObject({ targetField: 'ship_type', origin: 'manual' });
    const audit = (await auditRows(server, aliceOrganizationId, 'bulkAcceptColumnSuggestions'))
      .filter((row) => row.status === 'success')
      .at(-1);
    expect(audit?.description).toBe(`Accepted ${sure.length} suggested column mappings of "fuel-bulk.csv" (confidence at least 0.8)`);
  });

  it('suggests again for a new category, and drops the mappings made for the old one', async () => {
    const file = await uploadToBatch(server, alice, 'fuel-recategorised.csv', FUEL_REPORT);
    const first = await waitForAnalyses(alice, { fileId: file.id });
    dataOf(await alice.gql(ACCEPT, { id: columnOf(first, 'IMO No.').id }));

    dataOf(await alice.gql(SET_CATEGORY, { input: { fileId: file.id, category: 'port_operations' } }));
    const second = await waitForAnalyses(
      alice,
      { fileId: file.id },
      (a) => a.length > 0 && a.every((x) => x.category === 'port_operations'),
    );
    expect(second.map((a) => a.sourceColumn)).toEqual(first.map((a) => a.sourceColumn));
    expect(dataOf(await alice.gql<{ fileMappings: MappingView[] }>(FILE_MAPPINGS, { fileId: file.id })).fileMappings).toEqual([]);

    // The suggestions of the old category were replaced: they can no longer be taken.
    expect(refusalOf(await alice.gql(ACCEPT, { id: columnOf(first, 'Ship name').id }))).toMatchObject({ code: 'NOT_FOUND' });

    dataOf(await alice.gql(SET_CATEGORY, { input: { fileId: file.id, category: 'unknown' } }));
    expect(dataOf(await alice.gql<{ columnAnalyses: AnalysisView[] }>(COLUMN_ANALYSES, { fileId: file.id })).columnAnalyses).toEqual([]);
  });

  it('learns from the mappings of earlier files of the organization, and only of that organization', async () => {
    // An organization of its own: what Alice mapped in the tests above would teach it too.
    const c = await newOrganization(server, mailbox, 'Limfjord Bunkers');
    const carol = personFor(server, c.token, c.client.ip);
    const first = await uploadToBatch(server, carol, 'bunkers-1.csv', KG_REPORT);
    const before = columnOf(await waitForAnalyses(carol, { fileId: first.id }), 'BNK-Q');
    expect(before.suggestedTargetField).not.toBe('fuel_mass');
    // Fuel [kg] is the fuel mass in this file, but the person decides BNK-Q (tonnes) is, for every file.
    dataOf(await carol.gql(CREATE_MAPPING, { input: { fileId: first.id, sourceColumn: 'BNK-Q', targetField: 'fuel_mass' } }));

    const second = await uploadToBatch(server, carol, 'bunkers-2.csv', KG_REPORT);
    const learned = columnOf(await waitForAnalyses(carol, { fileId: second.id }), 'BNK-Q');
    expect(learned.suggestedTargetField).toBe('fuel_mass');
    expect(learned.reasoning).toMatch(/earlier file/);
    expect(learned.confidence).toBeGreaterThanOrEqual(0.9);
    expect(learned.isAccepted).toBe(true);
    expect(learned.reasoning).toMatch(
      new RegExp(`Mapped automatically: your organization mapped this header to ${FUEL_MASS} in 1 earlier file\\.$`),
    );
    const mappings = dataOf(await carol.gql<{ fileMappings: MappingView[] }>(FILE_MAPPINGS, { fileId: second.id })).fileMappings;
    expect(mappings).toEqual([expect.objectContaining({ sourceColumn: 'BNK-Q', targetField: 'fuel_mass', origin: 'learned' })]);

    // Another organization uploading the same file learns nothing from Carol's.
    const theirs = await uploadToBatch(server, bob, 'bunkers-2.csv', KG_REPORT);
    const fresh = columnOf(await waitForAnalyses(bob, { fileId: theirs.id }), 'BNK-Q');
    expect(fresh.suggestedTargetField).toBe(before.suggestedTargetField);
    expect(fresh.reasoning).not.toMatch(/earlier file/);
    expect(dataOf(await bob.gql<{ fileMappings: MappingView[] }>(FILE_MAPPINGS, { fileId: theirs.id })).fileMappings).toEqual([]);
  });

  it('tells the file’s subscribers when a suggestion is taken, so they read the file again', async () => {
    const file = await uploadToBatch(server, alice, 'fuel-live.csv', FUEL_REPORT);
    const analyses = await waitForAnalyses(alice, { fileId: file.id });
    const imo = columnOf(analyses, 'IMO No.');
    const controller = new AbortController();
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${aliceToken}` },
      body: JSON.stringify({ query: 'subscription($id: ID!) { fileUpdated(fileId: $id) { id status } }', variables: { id: file.id } }),
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    let received = '';
    const reading = (async () => {
      const reader = response.body?.getReader();
      const decoder = new TextDecoder();
      for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read()) received += decoder.decode(chunk.value);
    })().catch(() => undefined);
    // The subscription starts listening a moment after its headers: take and give back the suggestion until an event comes.
    for (let round = 0; !received.includes(`"id":"${file.id}"`); round++) {
      if (round === 40) throw new Error(`no event for the file: ${received}`);
      dataOf(await alice.gql(round % 2 === 0 ? ACCEPT : REJECT, { id: imo.id }));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(received).toContain('"status":"processed"');
    controller.abort();
    await reading;
  });

  it('answers the analyses of a single-file upload by its id, and refuses both ids or none', async () => {
    const { uploadId } = await uploadSingle(server, alice, 'single.csv', FUEL_REPORT);
    const analyses = await waitForAnalyses(alice, { uploadId });
    expect(suggestionsOf(analyses)['IMO No.']).toBe('imo_number');
    expect(refusalOf(await alice.gql(COLUMN_ANALYSES, {}))).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Give either fileId or uploadId, not both.',
      field: 'fileId',
    });
  });
});
