import type { Executor } from '@tidewise/db/client';
import { type DataQuality, type EmissionMethod, DATA_QUALITIES, EMISSION_METHODS } from '@tidewise/shared/emissions/calculate/types';
import { dqrOf, supplierDataQuality } from '@tidewise/shared/emissions/calculate/report-math';
import { sql } from 'drizzle-orm';

/** One nautical mile in kilometres (exact, by definition). */
export const KM_PER_NM = 1.852;

/** What one ship type of the organisation's own fleet did in a calendar year, summed from one run. */
export type ShipTypeFigures = {
  /** Stable part of the product key and product id: the ship type in lower case, words joined by `-`. */
  key: string;
  /** The ship type as the entries name it, or null when they name none. */
  shipType: string | null;
  ships: string[];
  /** Σ CO2e well-to-wake of the ships' fuel entries, kg (both parts of an entry: tank-to-wake and well-to-tank). */
  co2eWtwKg: number;
  /** Σ transport work, t·km (the run's t·nm × 1.852). */
  transportWorkTkm: number;
  /** Share of the CO2e WtW from primary-quality results, 0..1. */
  primaryDataShare: number;
  technologicalDqr: number;
  temporalDqr: number;
  geographicalDqr: number;
  /** CO2e-weighted: primary 1, modelled 2, default 3. */
  reliabilityDqr: number;
  /** Entries of the ships that could be computed ÷ all their entries, 0..1. */
  computedShare: number;
  /** Share of the CO2e that carries a data quality rating, 0..1. */
  ratedShare: number;
};

type VesselYearRow = { imo: string; ship_type: string | null; transport_work_tnm: number | string | null };
type CellRow = { vessel_imo: string; method: string; data_quality: string; entries: number | string; co2e_wtw_kg: number | string };

const RELIABILITY: Record<DataQuality, number> = { primary: 1, modelled: 2, default: 3 };

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  (values as readonly string[]).includes(value) ? (value as T) : fallback;

export const shipTypeKeyOf = (shipType: string | null): string =>
  shipType
    ?.toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'unspecified';

/**
 * The organisation's own ships (entries of files without a supplier) of one year in one run, per ship type: the ship
 * years the run kept (their transport work) and the report cells of the ships' fuel entries (CO2e WtW by method and
 * data quality). Both tables are pre-summed: a few rows per ship, whatever the number of entries. Ships without
 * transport work in the year are left out (their emissions cannot be put per tonne-kilometre); they are counted.
 */
export const readOwnTransportFigures = async (
  executor: Executor,
  runId: string,
  year: number,
): Promise<{ shipTypes: ShipTypeFigures[]; shipsWithoutWork: number }> => {
  const years = (
    (await executor.execute(
      sql`SELECT imo, ship_type, (data->>'transportWorkTnm')::float8 AS transport_work_tnm
          FROM emission_vessel_years
          WHERE run_id = ${runId}::uuid AND year = ${year} AND supplier_organization_id IS NULL`,
    )) as unknown as { rows: VesselYearRow[] }
  ).rows;
  const cells = (
    (await executor.execute(
      sql`SELECT vessel_imo, method, data_quality, sum(entries)::int AS entries, sum(co2e_wtw_kg) AS co2e_wtw_kg
          FROM emission_report_cells
          WHERE run_id = ${runId}::uuid AND supplier_organization_id IS NULL AND vessel_imo IS NOT NULL
            AND file_category = 'vessel_fuel_consumption'
            AND month >= ${`${year}-01-01`}::date AND month < ${`${year + 1}-01-01`}::date
          GROUP BY vessel_imo, method, data_quality`,
    )) as unknown as { rows: CellRow[] }
  ).rows;

  const byType = new Map<string, { shipType: string | null; ships: string[]; work: number }>();
  const typeOfShip = new Map<string, string>();
  let shipsWithoutWork = 0;
  for (const row of years) {
    const work = Number(row.transport_work_tnm ?? 0);
    if (!(work > 0)) {
      shipsWithoutWork += 1;
      continue;
    }
    const key = shipTypeKeyOf(row.ship_type);
    const group = byType.get(key) ?? { shipType: row.ship_type, ships: [], work: 0 };
    group.ships.push(row.imo);
    group.work += work;
    byType.set(key, group);
    typeOfShip.set(row.imo, key);
  }

  const shipTypes: ShipTypeFigures[] = [];
  for (const [key, group] of [...byType].sort(([a], [b]) => a.localeCompare(b))) {
    const own = cells
      .filter((cell) => typeOfShip.get(cell.vessel_imo) === key)
      .map((cell) => ({
        // The report's per-supplier rating, reused with the ship type standing in for the supplier.
        supplierOrganizationId: key,
        method: oneOf<EmissionMethod>(EMISSION_METHODS, cell.method, 'not_computed'),
        dataQuality: oneOf<DataQuality>(DATA_QUALITIES, cell.data_quality, 'default'),
        co2eWtwKg: Number(cell.co2e_wtw_kg),
        entries: Number(cell.entries),
      }));
    const co2eWtwKg = own.reduce((sum, cell) => sum + cell.co2eWtwKg, 0);
    const [quality] = supplierDataQuality(own);
    if (!quality || !(co2eWtwKg > 0)) continue;
    let reliability = 0;
    let rated = 0;
    let weight = 0;
    for (const cell of own) {
      if (!(cell.co2eWtwKg > 0)) continue;
      weight += cell.co2eWtwKg;
      if (dqrOf(cell.method, cell.dataQuality) === null) continue;
      rated += cell.co2eWtwKg;
      reliability += RELIABILITY[cell.dataQuality] * cell.co2eWtwKg;
    }
    const entries = own.reduce((sum, cell) => sum + cell.entries, 0);
    const computed = own.filter((cell) => cell.method !== 'not_computed').reduce((sum, cell) => sum + cell.entries, 0);
    shipTypes.push({
      key,
      shipType: group.shipType,
      ships: [...group.ships].sort(),
      co2eWtwKg,
      transportWorkTkm: group.work * KM_PER_NM,
      primaryDataShare: quality.primaryDataShare,
      technologicalDqr: quality.technologicalDqr,
      temporalDqr: quality.temporalDqr,
      geographicalDqr: quality.geographicalDqr,
      reliabilityDqr: rated > 0 ? reliability / rated : 3,
      computedShare: entries > 0 ? computed / entries : 0,
      ratedShare: weight > 0 ? rated / weight : 0,
    });
  }
  return { shipTypes, shipsWithoutWork };
};
