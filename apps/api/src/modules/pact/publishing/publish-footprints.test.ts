import { randomUUID } from 'node:crypto';
import { parseProductFootprint } from '@tidewise/shared/pact/product-footprint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Mailbox, outboxMailbox } from '../../../test/auth-test-kit.ts';
import { dataOf, type Gql, gqlOf, refusalOf } from '../../../test/graphql-test-kit.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { addMember, auditRows, newOrganization } from '../../../test/organization-test-kit.ts';
import { validatedCsv } from '../../../test/upload-test-kit.ts';
import { recompute } from '../../../test/report-test-kit.ts';

let server: TestServer;
let mailbox: Mailbox;

beforeAll(async () => {
  server = await startTestServer();
  mailbox = outboxMailbox(server);
});
afterAll(async () => {
  await server?.close();
});

const HEADER = 'IMO number,Vessel,Ship type,Charter type,Fuel type,Fuel mass,Distance,Cargo,Period start,Period end';
const MAPPINGS = [
  { sourceColumn: 'IMO number', targetField: 'imo_number' },
  { sourceColumn: 'Vessel', targetField: 'vessel_name' },
  { sourceColumn: 'Ship type', targetField: 'ship_type' },
  { sourceColumn: 'Charter type', targetField: 'charter_type' },
  { sourceColumn: 'Fuel type', targetField: 'fuel_type' },
  { sourceColumn: 'Fuel mass', targetField: 'fuel_mass', transformations: [{ type: 'unit_conversion', unit: 't' }] },
  { sourceColumn: 'Distance', targetField: 'distance', transformations: [{ type: 'unit_conversion', unit: 'nm' }] },
  { sourceColumn: 'Cargo', targetField: 'cargo_mass', transformations: [{ type: 'unit_conversion', unit: 't' }] },
  { sourceColumn: 'Period start', targetField: 'period_start' },
  { sourceColumn: 'Period end', targetField: 'period_end' },
];

/*
 * The carrier's own fleet in 2025 (figures of the fuels as schema/emissions-flow.test.ts works them out from FuelEU
 * Annex II with AR6: HFO 3.71138 kg CO2e WtW per kg... per tonne 3,711.38 kg; MGO 3,871.51 kg; LNG Otto medium
 * speed 4,525.99907 kg).
 *
 * Nordlys, bulk carrier, no charter:
 *   WtW  = 100 t HFO 371,138 + 20 t MGO 77,430.2 = 448,568.2 kg
 *   work = 50,000 t × 1,200 nm + 30,000 t × 400 nm = 72,000,000 t·nm × 1.852 = 133,344,000 t·km
 *   → 448,568.2 / 133,344,000 = 0.0033639923… kg CO2e/t·km → "0.00336399"
 * Sønderho, container ship on a bareboat charter (its entries are two results each: tank-to-wake as scope 1/2 and
 * well-to-tank as category 3; the footprint counts both):
 *   WtW  = 50 t LNG 226,299.9535 + 5 t MGO 19,357.55 = 245,657.5035 kg
 *   work = 20,000 × 900 + 10,000 × 300 = 21,000,000 t·nm × 1.852 = 38,892,000 t·km
 *   → 245,657.5035 / 38,892,000 = 0.0063164019… → "0.00631640"
 * Every entry is measured fuel (primary): primary-data share 100 %, every DQR 1, coverage 100 %.
 */
const FLEET_CSV = [
  HEADER,
  '9321483,Nordlys,Bulk carrier,,HFO,100,1200,50000,2025-01-03,2025-01-09',
  '9321483,Nordlys,Bulk carrier,,MGO,20,400,30000,2025-02-10,2025-02-14',
  '9074729,Sønderho,Container ship,Bareboat,LNG Otto medium speed,50,900,20000,2025-01-15,2025-01-20',
  '9074729,Sønderho,Container ship,Bareboat,MGO,5,300,10000,2025-02-01,2025-02-05',
].join('\n');

/*
 * A later voyage of Nordlys: 10 t MGO (38,715.1 kg WtW), 10,000 t over 200 nm (2,000,000 t·nm).
 *   → (448,568.2 + 38,715.1) / ((72,000,000 + 2,000,000) × 1.852) = 487,283.3 / 137,048,000 = 0.0035555667… → "0.00355557"
 */
const MARCH_CSV = [HEADER, '9321483,Nordlys,Bulk carrier,,MGO,10,200,10000,2025-03-02,2025-03-05'].join('\n');

const FOOTPRINT_FIELDS =
  'id productKey productName version status declaredUnit pcfExcludingBiogenic primaryDataShare referencePeriodStart referencePeriodEnd created updated document';
const PUBLISH = `mutation($input: PublishPactFootprintsInput!) {
  publishPactFootprints(input: $input) { published { ${FOOTPRINT_FIELDS} } unchanged message }
}`;
const FOOTPRINTS = `query($filter: PactFootprintFilterInput, $pagination: PaginationInput) {
  pactFootprints(filter: $filter, pagination: $pagination) { data { ${FOOTPRINT_FIELDS} } pageInfo { totalCount } }
}`;
const FOOTPRINT = `query($id: ID!) { pactFootprint(id: $id) { ${FOOTPRINT_FIELDS} } }`;

type FootprintView = {
  id: string;
  productKey: string;
  productName: string;
  version: number;
  status: string;
  declaredUnit: string;
  pcfExcludingBiogenic: string;
  primaryDataShare: number | null;
  referencePeriodStart: string;
  referencePeriodEnd: string;
  created: string;
  updated: string | null;
  document: string;
};
type PublishView = { published: FootprintView[]; unchanged: number; message: string | null };

const publish = async (gql: Gql, year: number) =>
  dataOf(await gql<{ publishPactFootprints: PublishView }>(PUBLISH, { input: { year } })).publishPactFootprints;
const footprints = async (gql: Gql, filter: Record<string, unknown> = {}) =>
  dataOf(await gql<{ pactFootprints: { data: FootprintView[] } }>(FOOTPRINTS, { filter })).pactFootprints.data;
const documentOf = (footprint: FootprintView) => {
  const parsed = parseProductFootprint(JSON.parse(footprint.document));
  expect(parsed.ok ? [] : parsed.problems, footprint.productKey).toEqual([]);
  return JSON.parse(footprint.document) as Record<string, unknown> & { pcf: Record<string, unknown> };
};
const byKey = (list: FootprintView[]) => Object.fromEntries(list.map((f) => [f.productKey, f]));

describe('publishing PACT footprints from the calculations', () => {
  it('publishes one footprint per ship type in kg CO2e per t·km, keeps unchanged ones, and versions changed ones', async () => {
    const admin = await newOrganization(server, mailbox, `Fjord Carriers ${randomUUID().slice(0, 6)}`);
    const gql = gqlOf(admin);

    // Before any run: nothing is published, and the answer says why.
    const early = await publish(gql, 2025);
    expect(early).toEqual({
      published: [],
      unchanged: 0,
      message: 'Nothing was published: no emission run has completed yet. Upload and validate fuel data, then publish again.',
    });

    const fleet = await validatedCsv(server, gql, {
      name: 'fleet-2025.csv',
      csv: FLEET_CSV,
      category: 'vessel_fuel_consumption',
      mappings: MAPPINGS,
    });
    expect(fleet.validation).toMatchObject({ status: 'validated', validRows: 4 });
    const firstRun = await recompute(gql);

    const first = await publish(gql, 2025);
    expect(first.message).toBeNull();
    expect(first.unchanged).toBe(0);
    const published = byKey(first.published);
    expect(Object.keys(published).sort()).toEqual(['transport:2025:bulk-carrier', 'transport:2025:container-ship']);
    const bulk = published['transport:2025:bulk-carrier'] as FootprintView;
    const container = published['transport:2025:container-ship'] as FootprintView;
    expect(bulk).toMatchObject({
      productName: 'Sea freight transport, Bulk carrier, 2025',
      version: 1,
      status: 'Active',
      declaredUnit: 'ton kilometer',
      pcfExcludingBiogenic: '0.00336399',
      primaryDataShare: 100,
      referencePeriodStart: '2025-01-01T00:00:00.000Z',
      referencePeriodEnd: '2026-01-01T00:00:00.000Z',
      updated: null,
    });
    expect(container).toMatchObject({ pcfExcludingBiogenic: '0.00631640', version: 1, status: 'Active' });

    const document = documentOf(bulk);
    expect(document).toMatchObject({
      id: bulk.id,
      specVersion: '2.3.0',
      version: 1,
      status: 'Active',
      companyIds: [`urn:uuid:${admin.organizationId}`],
      productIds: ['urn:pathfinder:product:customcode:vendor-assigned:sea-freight:bulk-carrier'],
      productCategoryCpc: '6521',
    });
    expect(document.precedingPfIds).toBeUndefined();
    expect(document.comment).toContain(firstRun);
    expect(document.pcf).toMatchObject({
      declaredUnit: 'ton kilometer',
      unitaryProductAmount: '1',
      pCfExcludingBiogenic: '0.00336399',
      pCfIncludingBiogenic: '0.00336399',
      fossilGhgEmissions: '0.00336399',
      fossilCarbonContent: '0',
      biogenicCarbonContent: '0',
      characterizationFactors: 'AR6',
      ipccCharacterizationFactorsSources: ['AR6'],
      crossSectoralStandardsUsed: ['GHG Protocol Product standard'],
      crossSectoralStandards: ['ISO14083', 'GHGP Product'],
      exemptedEmissionsPercent: 0,
      packagingEmissionsIncluded: false,
      primaryDataShare: 100,
      dqi: { coveragePercent: 100, technologicalDQR: 1, temporalDQR: 1, geographicalDQR: 1, completenessDQR: 1, reliabilityDQR: 1 },
    });
    documentOf(container);

    // The list and one by id show the same; a viewer reads them but cannot publish.
    expect((await footprints(gql)).map((f) => f.id).sort()).toEqual([bulk.id, container.id].sort());
    expect(dataOf(await gql<{ pactFootprint: FootprintView }>(FOOTPRINT, { id: bulk.id })).pactFootprint).toEqual(bulk);
    const viewer = await addMember(mailbox, admin, 'viewer');
    const asViewer = gqlOf({ client: admin.client, token: viewer.token });
    expect((await footprints(asViewer)).length).toBe(2);
    expect(refusalOf(await asViewer(PUBLISH, { input: { year: 2025 } })).code).toBe('FORBIDDEN');
    expect(refusalOf(await gql(FOOTPRINT, { id: randomUUID() })).code).toBe('NOT_FOUND');

    // The same figures again (a new run reads the same entries): nothing new, both counted unchanged.
    await recompute(gql);
    expect(await publish(gql, 2025)).toEqual({ published: [], unchanged: 2, message: null });
    expect((await footprints(gql)).length).toBe(2);

    // Another voyage of Nordlys: the bulk carrier gets version 2, its first footprint is Deprecated; the container
    // ship's figures did not move.
    await validatedCsv(server, gql, {
      name: 'fleet-2025-march.csv',
      csv: MARCH_CSV,
      category: 'vessel_fuel_consumption',
      mappings: MAPPINGS,
    });
    await recompute(gql);
    const second = await publish(gql, 2025);
    expect(second.unchanged).toBe(1);
    expect(second.published).toHaveLength(1);
    const bulk2 = second.published[0] as FootprintView;
    expect(bulk2).toMatchObject({
      productKey: 'transport:2025:bulk-carrier',
      version: 2,
      status: 'Active',
      pcfExcludingBiogenic: '0.00355557',
    });
    expect(bulk2.id).not.toBe(bulk.id);
    const document2 = documentOf(bulk2);
    expect(document2.precedingPfIds).toEqual([bulk.id]);
    expect(document2.updated).toBeUndefined();

    const old = dataOf(await gql<{ pactFootprint: FootprintView }>(FOOTPRINT, { id: bulk.id })).pactFootprint;
    expect(old).toMatchObject({ status: 'Deprecated', version: 1, pcfExcludingBiogenic: '0.00336399' });
    expect(old.updated).not.toBeNull();
    const oldDocument = documentOf(old);
    // The lifecycle's new version of the preceding footprint: status Deprecated, version + 1, updated set.
    expect(oldDocument).toMatchObject({ status: 'Deprecated', version: 2, updated: new Date(old.updated as string).toISOString() });
    expect((await footprints(gql, { status: 'Active' })).map((f) => f.id).sort()).toEqual([bulk2.id, container.id].sort());
    expect((await footprints(gql, { status: 'Deprecated' })).map((f) => f.id)).toEqual([bulk.id]);
    expect(await footprints(gql, { year: 2024 })).toEqual([]);

    const audits = await auditRows(server, admin.organizationId, 'publishPactFootprints');
    expect(audits.map((a) => [a.status, a.description])).toEqual([
      ['success', `Published no PACT footprint of 2025. ${early.message}`],
      ['success', 'Published 2 PACT footprints of 2025 (transport:2025:bulk-carrier, transport:2025:container-ship); 0 unchanged'],
      ['denied', 'publishPactFootprints refused: You do not have permission to do this.'],
      ['success', 'Published the PACT footprints of 2025 again: all 2 unchanged'],
      ['success', 'Published 1 PACT footprint of 2025 (transport:2025:bulk-carrier); 1 unchanged'],
    ]);

    // A year without transport work: nothing, and why.
    expect(await publish(gql, 2024)).toEqual({
      published: [],
      unchanged: 0,
      message:
        'Nothing was published: none of your own ships has both transport work (cargo and distance) and computed emissions in 2024 in the current figures.',
    });
    expect(refusalOf(await gql(PUBLISH, { input: { year: 1999 } }))).toMatchObject({ code: 'VALIDATION_FAILED', field: 'year' });
  });

  it('refuses to publish figures computed with AR4, which PACT does not accept', async () => {
    const admin = await newOrganization(server, mailbox, `Old GWP Carriers ${randomUUID().slice(0, 6)}`);
    const gql = gqlOf(admin);
    dataOf(await gql('mutation { updateEmissionSettings(input: { gwpSet: AR4 }) { gwpSet } }'));
    await recompute(gql);
    const result = await publish(gql, 2025);
    expect(result.published).toEqual([]);
    expect(result.message).toContain('computed with IPCC AR4 GWP values');
    expect(await footprints(gql)).toEqual([]);
  });
});
