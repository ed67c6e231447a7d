import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_EU_MRV_REFERENCE_DIR } from '../../env.ts';
import { outboxMailbox } from '../../test/auth-test-kit.ts';
import { dataOf, refusalOf, type Gql } from '../../test/graphql-test-kit.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { type Admin, newOrganization } from '../../test/organization-test-kit.ts';
import { signReportExportToken } from './exports/report-export-token.ts';
import { loadMrvFile } from './mrv-reference/load-mrv-reference.ts';
import { expectFigures, recompute, seedVesselFile, type VesselRow } from '../../test/report-test-kit.ts';

/**
 * The vessel indicators and the report export, over a real run of an organisation's own fleet file: Nordlys (bulk
 * carrier, 58,000 DWT, time charter) burnt 100 t HFO over 1,000 n miles with 50,000 t of cargo in January 2025 and
 * 20 t MDO/MGO over 400 n miles with 30,000 t in February; Sønderho (container ship, bareboat, so its results are a
 * tank-to-wake part under scope 1/2 and a well-to-tank part under category 3) 50 t LNG in January.
 */

let server: TestServer;
let admin: Admin;
let gql: Gql;
const tag = randomUUID().slice(0, 6);
const mrv2021 = existsSync(DEFAULT_EU_MRV_REFERENCE_DIR)
  ? readdirSync(DEFAULT_EU_MRV_REFERENCE_DIR).find((name) => name.startsWith('2021-') && name.endsWith('.xlsx'))
  : undefined;

const ship = (row: Partial<VesselRow>): VesselRow => ({
  imo: '9321483',
  name: 'Nordlys',
  shipType: 'Bulk carrier',
  deadweight: 58_000,
  charter: 'time',
  fuel: 'HFO',
  fuelT: 100,
  distanceNm: 1000,
  cargoT: 50_000,
  start: null,
  end: null,
  ...row,
});

beforeAll(async () => {
  server = await startTestServer();
  admin = await newOrganization(server, outboxMailbox(server), `Fleet Owners ${tag}`);
  gql = (query, variables) => admin.client.gql(query, variables, admin.token);
  if (mrv2021) await loadMrvFile(server.database.db, path.join(DEFAULT_EU_MRV_REFERENCE_DIR, mrv2021));
  await seedVesselFile(server.database.db, {
    organizationId: admin.organizationId,
    // A name that starts like a formula: the export must write it as text.
    name: '=fleet-2025.csv',
    rows: [
      ship({ start: '2025-01-03', end: '2025-01-09' }),
      ship({ fuel: 'MDO_MGO', fuelT: 20, distanceNm: 400, cargoT: 30_000, start: '2025-02-10', end: '2025-02-14' }),
      ship({
        imo: '9074729',
        name: 'Sønderho',
        shipType: 'Container ship',
        deadweight: 42_000,
        charter: 'bareboat',
        fuel: 'LNG_OTTO_MS',
        fuelT: 50,
        distanceNm: 900,
        cargoT: 20_000,
        start: '2025-01-15',
        end: '2025-01-20',
      }),
    ],
  });
  await recompute(gql);
}, 180_000);

afterAll(async () => {
  await server?.close();
});

const VESSEL_FIELDS = `imo year name shipType co2Kg distanceNm transportWorkTnm fuels { fuel tonnes }
  cii { metric attained capacity capacityUnit referenceLine reductionFactor required boundaries rating missing }
  fuelEu { ghgIntensity target energyMj complianceBalanceGco2e missing }
  benchmark { co2PerDistance co2PerDistancePercentile co2PerTransportWork co2PerTransportWorkPercentile missing
    peerDistanceQuantiles peers referenceShipType referenceYear }`;

type Vessel = {
  imo: string;
  name: string;
  co2Kg: number;
  distanceNm: number;
  transportWorkTnm: number;
  fuels: { fuel: string; tonnes: number }[];
  cii: Record<string, unknown> & { boundaries: number[] | null };
  fuelEu: Record<string, number | null>;
  benchmark: Record<string, unknown> & { peerDistanceQuantiles: number[] };
};

describe('vesselIndicators', () => {
  it('rates a ship’s IMO CII, FuelEU balance and EU MRV intensities from the run’s ship-year', async () => {
    const list = dataOf(
      await gql<{ vesselIndicatorsList: Vessel[] }>(`query { vesselIndicatorsList(year: 2025) { ${VESSEL_FIELDS} } }`),
    ).vesselIndicatorsList;
    expect(list.map((v) => v.imo)).toEqual(['9074729', '9321483']);
    const nordlys = dataOf(
      await gql<{ vesselIndicators: Vessel }>(`query { vesselIndicators(imo: "9321483", year: 2025) { ${VESSEL_FIELDS} } }`),
    ).vesselIndicators;
    expect(nordlys).toEqual(list[1]);
    expect(nordlys).toMatchObject({ name: 'Nordlys', distanceNm: 1400, transportWorkTnm: 62_000_000 });
    expect(nordlys.fuels.sort((a, b) => a.fuel.localeCompare(b.fuel))).toEqual([
      { fuel: 'HFO', tonnes: 100 },
      { fuel: 'MDO_MGO', tonnes: 20 },
    ]);
    /*
     * IMO CII, bulk carrier of 58,000 DWT (AER), IMO Cf HFO 3.114, MDO/MGO 3.206:
     *   CO2 = 100 × 3.114 + 20 × 3.206 = 375.52 t;  attained = 375,520,000 g / (58,000 × 1,400 nm) = 4.62463054
     *   reference = 4745 × 58,000^−0.622 = 5.16873188;  required (Z 9 % in 2025) = 0.91 × 5.16873188 = 4.70354601
     *   boundaries × 0.86, 0.94, 1.06, 1.18 = 4.04504957, 4.42133325, 4.98575878, 5.55018430: 4.6246 is C.
     */
    expect(nordlys.cii).toMatchObject({
      metric: 'AER',
      capacity: 58_000,
      capacityUnit: 'dwt',
      reductionFactor: 9,
      rating: 'C',
      missing: null,
    });
    expectFigures(nordlys.cii as Record<string, unknown>, { attained: 4.62463054, referenceLine: 5.16873188, required: 4.70354601 }, 'CII');
    [4.04504957, 4.42133325, 4.98575878, 5.5501843].forEach((value, i) => {
      expect(nordlys.cii.boundaries?.[i]).toBeCloseTo(value, 6);
    });
    /*
     * FuelEU 2025 with its own GWP set (AR4: CH4 25, N2O 298), Annex II values:
     *   energy E = 100e6 g × 0.0405 + 20e6 g × 0.0427 = 4,050,000 + 854,000 = 4,904,000 MJ
     *   WtT = 4,050,000 × 13.5 + 854,000 × 14.4 = 54,675,000 + 12,297,600 = 66,972,600 g
     *   TtW = 100e6 × (3.114 + 0.00005 × 25 + 0.00018 × 298) + 20e6 × (3.206 + 0.00125 + 0.05364)
     *       = 316,889,000 + 65,217,800 = 382,106,800 g
     *   intensity = 449,079,400 / 4,904,000 = 91.57410277 g/MJ; target 91.16 × 0.98 = 89.3368
     *   balance = 89.3368 × 4,904,000 − 449,079,400 = 438,107,667.2 − 449,079,400 = −10,971,732.8 g
     */
    expectFigures(
      nordlys.fuelEu as Record<string, unknown>,
      { energyMj: 4_904_000, ghgIntensity: 91.57410277, target: 89.3368, complianceBalanceGco2e: -10_971_732.8 },
      'FuelEU',
    );
    // EU MRV: 375,520 kg / 1,400 nm = 268.22857143 kg/n mile; 375,520,000 g / 62,000,000 t·nm = 6.05677419 g/t·nm.
    expectFigures(nordlys.benchmark as Record<string, unknown>, { co2PerDistance: 268.22857143, co2PerTransportWork: 6.05677419 }, 'MRV');
  });

  it.skipIf(!mrv2021)('places the ship among the EU MRV bulk carriers of the latest publication up to its year', async () => {
    const nordlys = dataOf(
      await gql<{ vesselIndicators: Vessel }>(`query { vesselIndicators(imo: "9321483", year: 2025) { ${VESSEL_FIELDS} } }`),
    ).vesselIndicators;
    // Counted in SQL, independently of the benchmark code: the 2021 bulk carriers with a positive CO2 per distance,
    // those below the ship's value, and the type 7 quantiles (percentile_cont interpolates the same way).
    const value = 375_520 / 1_400;
    const [peers] = (
      (await server.database.db.execute(sql`
        SELECT count(*)::int AS n, count(*) FILTER (WHERE co2_per_distance < ${value})::int AS below,
               count(*) FILTER (WHERE co2_per_distance = ${value})::int AS equal,
               percentile_cont(ARRAY[0.1, 0.25, 0.5, 0.75, 0.9]) WITHIN GROUP (ORDER BY co2_per_distance) AS q
        FROM mrv_reference_ships
        WHERE reporting_year = 2021 AND ship_type = 'Bulk carrier' AND co2_per_distance > 0`)) as unknown as {
        rows: { n: number; below: number; equal: number; q: number[] | string }[];
      }
    ).rows;
    if (!peers) throw new Error('no reference');
    const quantiles = typeof peers.q === 'string' ? peers.q.replace(/[{}]/g, '').split(',').map(Number) : peers.q.map(Number);
    expect(nordlys.benchmark).toMatchObject({ referenceShipType: 'Bulk carrier', referenceYear: 2021, peers: peers.n });
    expect(nordlys.benchmark.co2PerDistancePercentile).toBeCloseTo((100 * (peers.below + peers.equal / 2)) / peers.n, 9);
    nordlys.benchmark.peerDistanceQuantiles.forEach((q, i) => {
      expect(q).toBeCloseTo(quantiles[i] as number, 6);
    });
    expect(nordlys.benchmark.co2PerTransportWorkPercentile).not.toBeNull();
  });
});

const EXPORT = `mutation($input: ExportEmissionReportInput!) { exportEmissionReport(input: $input) { url fileName expiresAt } }`;
const PERIOD = { periodStart: '2025-01-01', periodEnd: '2025-12-31' };

const linkOf = async (format: 'csv' | 'xlsx') =>
  dataOf(
    await gql<{ exportEmissionReport: { url: string; fileName: string; expiresAt: string } }>(EXPORT, { input: { ...PERIOD, format } }),
  ).exportEmissionReport;

/** The link's path on the test server (links name APP_URL). */
const download = (url: string) => fetch(`${server.url}${new URL(url).pathname}`);

const rowsOf = (sheet: ExcelJS.Worksheet | undefined): unknown[][] => {
  const rows: unknown[][] = [];
  sheet?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
};

describe('exportEmissionReport', () => {
  it('downloads the report as XLSX: the summary, the slices, the months, every result and every factor with its source', async () => {
    const link = await linkOf('xlsx');
    expect(link.fileName).toBe('emissions-report-2025-01-01-to-2025-12-31.xlsx');
    expect(new Date(link.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    const response = await download(link.url);
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Summary',
      'By category',
      'By supplier',
      'By vessel',
      'By month',
      'Results',
      'Factors',
    ]);
    const summary = new Map(rowsOf(workbook.getWorksheet('Summary')).map(([key, value]) => [key, value]));
    expect(summary.get('Organisation')).toBe(`Fleet Owners ${tag}`);
    // Scope 3: Nordlys 371,138 + 77,430.2 (category 4) + Sønderho's well-to-tank part 45,417.5 (category 3) = 493,985.7 kg;
    // Sønderho's tank-to-wake part 180,882.4535 kg apart (see the report test's arithmetic).
    expect(summary.get('Scope 3 CO2e WtW (kg)')).toBeCloseTo(493_985.7, 6);
    expect(summary.get('Scope 3 entries computed')).toBe(3);
    expect(summary.get('Scope 1/2 in the same data, not part of Scope 3: CO2e (kg, tank-to-wake)')).toBeCloseTo(180_882.4535, 6);

    const categories = rowsOf(workbook.getWorksheet('By category'));
    expect(categories[0]).toEqual(['Key', 'Label', 'Entries', 'CO2 TtW (kg)', 'CO2e TtW (kg)', 'CO2e WtW (kg)', 'Share of CO2e WtW']);
    expect(categories.slice(1).map((row) => [row[0], row[2]])).toEqual([
      ['category_4', 2],
      ['category_3', 1],
    ]);
    expect(categories[1]?.[5]).toBeCloseTo(448_568.2, 6);
    expect(rowsOf(workbook.getWorksheet('By month'))).toHaveLength(13);

    const [header, ...results] = rowsOf(workbook.getWorksheet('Results'));
    expect(header?.slice(0, 3)).toEqual(['File', 'Row', 'Part']);
    // Every result: Nordlys's two, and Sønderho's two parts (row 4).
    expect(results).toHaveLength(4);
    // The file name starts like a formula, so it is written as text.
    expect(results.every((row) => row[0] === "'=fleet-2025.csv")).toBe(true);
    // Both scopes: 371,138 + 77,430.2 + 180,882.4535 + 45,417.5 = 674,868.1535 kg.
    expect(results.reduce((sum, row) => sum + Number(row[14]), 0)).toBeCloseTo(674_868.1535, 6);
    expect(results.filter((row) => row[1] === 4).map((row) => [row[2], row[7]])).toEqual([
      ['Tank-to-wake', 'Scope 1/2 (not scope 3)'],
      ['Well-to-tank', 'Category 3: Fuel- and energy-related activities'],
    ]);
    const hfo = results.find((row) => row[1] === 2);
    expect(hfo?.slice(2, 11)).toEqual([
      'Whole',
      'Own data',
      '9321483',
      'Nordlys',
      '2025-01-01',
      'Category 4: Upstream transportation and distribution',
      'S3-VESSEL-TIME',
      'Fuel-based',
      'Primary data',
    ]);
    expect(String(hfo?.[15]).split(', ').sort()).toEqual(
      ['fueleu.cf.hfo@1', 'fueleu.ch4.hfo@1', 'fueleu.lcv.hfo@1', 'fueleu.n2o.hfo@1', 'fueleu.wtt.hfo@1'].sort(),
    );

    const [, ...factors] = rowsOf(workbook.getWorksheet('Factors'));
    const listed = new Set(factors.map((row) => row[0]));
    const used = new Set(results.flatMap((row) => String(row[15]).split(', ')));
    expect([...used].filter((id) => !listed.has(id))).toEqual([]);
    expect(factors.find((row) => row[0] === 'fueleu.cf.hfo@1')?.slice(1, 9)).toEqual([
      'cf',
      'fueleu',
      'HFO',
      undefined,
      undefined,
      '3.114',
      't CO2/t fuel',
      expect.stringContaining('2023/1805'),
    ]);
  });

  it('downloads the results as CSV, and refuses a forged, an expired or a malformed link', async () => {
    const link = await linkOf('csv');
    const response = await download(link.url);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const text = await response.text();
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'File,Row,Part,Supplier,Vessel IMO,Vessel name,Month,Scope 3 category,Rule,Method,Data quality,Activity,CO2 TtW (kg),CO2e TtW (kg),CO2e WtW (kg),Factors (id@version)',
    );
    expect(lines).toHaveLength(5);

    const token = new URL(link.url).pathname.split('/').pop() as string;
    const [head, payload, signature] = token.split('.') as [string, string, string];
    const forged = `${head}.${payload}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const refused = await fetch(`${server.url}/emission-exports/${forged}`);
    expect([refused.status, await refused.text()]).toEqual([403, 'This link is not valid.']);

    const old = await signReportExportToken(
      server.app.services.secrets.tokenSigningKey,
      { organizationId: admin.organizationId, ...PERIOD, format: 'csv' },
      Date.now() - 10 * 60_000,
    );
    const expired = await fetch(`${server.url}/emission-exports/${old.token}`);
    expect([expired.status, await expired.text()]).toEqual([403, 'This link has expired.']);
    expect((await fetch(`${server.url}/emission-exports/nothing`)).status).toBe(403);

    expect(refusalOf(await gql(EXPORT, { input: { periodStart: '2025-01-01', periodEnd: '2025-06-15', format: 'csv' } }))).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'input.periodEnd',
    });
  });
});
