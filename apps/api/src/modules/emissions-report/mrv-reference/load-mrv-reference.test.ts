import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { mrvReferenceShips } from '@tidewise/db/schema/emissions';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_EU_MRV_REFERENCE_DIR } from '../../../env.ts';
import { outboxMailbox } from '../../../test/auth-test-kit.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { newOrganization } from '../../../test/organization-test-kit.ts';
import { loadMrvFile } from './load-mrv-reference.ts';

/**
 * The EU MRV 2021 publication (file version 214 of 30 April 2025), a real file no one here wrote, loaded as the
 * benchmark's reference. The expected figures were read from the sheet XML outside this code (zip and regular
 * expressions): 12,484 ship rows; "Annual average CO₂ emissions per distance" a number on 11,989 of them and
 * "Division by zero!" on 495 (as the uploads module's EU MRV test counts them); Σ "Total CO₂ emissions" 126,786,980.75 t.
 */

const file2021 = existsSync(DEFAULT_EU_MRV_REFERENCE_DIR)
  ? readdirSync(DEFAULT_EU_MRV_REFERENCE_DIR).find((name) => name.startsWith('2021-') && name.endsWith('.xlsx'))
  : undefined;

let server: TestServer;

const shipOf = async (imo: string) =>
  (
    await server.database.db
      .select()
      .from(mrvReferenceShips)
      .where(and(eq(mrvReferenceShips.reportingYear, 2021), eq(mrvReferenceShips.imo, imo)))
  )[0];

describe.skipIf(!file2021)(`EU MRV reference loader (skipped without the 2021 publication in ${DEFAULT_EU_MRV_REFERENCE_DIR})`, () => {
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('loads every ship of the 2021 publication with its figures, and loading again changes nothing', async () => {
    const filePath = path.join(DEFAULT_EU_MRV_REFERENCE_DIR, file2021 as string);
    const loaded = await loadMrvFile(server.database.db, filePath);
    expect(loaded).toEqual({ file: file2021, ships: 12_484, skipped: 0 });

    const counts = async () =>
      (
        (await server.database.db.execute(sql`
          SELECT count(*)::int AS ships, count(co2_per_distance)::int AS per_distance,
                 round(sum(total_co2_tonnes)::numeric, 2)::text AS co2
          FROM mrv_reference_ships WHERE reporting_year = 2021`)) as unknown as {
          rows: { ships: number; per_distance: number; co2: string }[];
        }
      ).rows[0];
    expect(await counts()).toEqual({ ships: 12_484, per_distance: 11_989, co2: '126786980.75' });

    // Row 4 of the sheet.
    expect(await shipOf('6703343')).toMatchObject({
      name: 'EQUALITY',
      shipType: 'Other ship types',
      co2PerDistance: 222.8,
      co2PerTransportWork: 210.74,
      totalCo2Tonnes: 1184.62,
      totalFuelTonnes: 373.5,
      sourceFile: file2021,
    });
    // Row 24: the first bulk carrier.
    expect(await shipOf('7422881')).toMatchObject({
      name: 'YEOMAN BANK',
      shipType: 'Bulk carrier',
      co2PerDistance: 292.7,
      co2PerTransportWork: 17.29,
    });
    // Row 52: a passenger ship reports no transport work by mass ("N/A").
    expect(await shipOf('7827213')).toMatchObject({ shipType: 'Passenger ship', co2PerDistance: 660.97, co2PerTransportWork: null });
    // The last row, 12,487: "Division by zero!" in both intensities, zero totals.
    expect(await shipOf('9924912')).toMatchObject({
      name: 'GC BERYL',
      co2PerDistance: null,
      co2PerTransportWork: null,
      totalCo2Tonnes: 0,
      totalFuelTonnes: 0,
    });

    expect(await loadMrvFile(server.database.db, filePath)).toEqual({ file: file2021, ships: 12_484, skipped: 0 });
    expect(await counts()).toEqual({ ships: 12_484, per_distance: 11_989, co2: '126786980.75' });

    const admin = await newOrganization(server, outboxMailbox(server));
    const status = await admin.client.gql<{ mrvReferenceStatus: { years: { year: number; ships: number }[] } }>(
      'query { mrvReferenceStatus { years { year ships } } }',
      {},
      admin.token,
    );
    expect(status.data?.mrvReferenceStatus.years).toContainEqual({ year: 2021, ships: 12_484 });
  }, 120_000);
});
