import type { Executor } from '@tidewise/db/client';
import type { ReferenceRow } from '@tidewise/shared/emissions/benchmarks/reference-set';
import { euMrvShipTypeOf } from '@tidewise/shared/emissions/benchmarks/ship-types';
import { buildReferenceSets } from '@tidewise/shared/emissions/benchmarks/reference-set';
import type { VesselBenchmarkView } from '@tidewise/shared/emissions/calculate/vessel-benchmark-view';
import { type VesselYear, vesselIndicators } from '@tidewise/shared/emissions/calculate/vessel-years';
import type { StoredVesselYear } from '@tidewise/db/schema/emissions';
import { sql } from 'drizzle-orm';

/** A ship's year as the vessel screens show it (contract VesselIndicators). */
export type VesselIndicatorsView = {
  imo: string;
  year: number;
  name: string | null;
  shipType: string | null;
  supplierOrganizationId: string | null;
  supplierName: string | null;
  co2Kg: number;
  distanceNm: number | null;
  transportWorkTnm: number | null;
  fuels: { fuel: string; tonnes: number }[];
  cii: {
    metric: string;
    attained: number | null;
    capacity: number | null;
    capacityUnit: string | null;
    referenceLine: number | null;
    reductionFactor: number | null;
    required: number | null;
    boundaries: number[] | null;
    rating: string | null;
    missing: string | null;
  };
  fuelEu: {
    ghgIntensity: number | null;
    target: number | null;
    energyMj: number | null;
    complianceBalanceGco2e: number | null;
    missing: string | null;
  };
  benchmark: VesselBenchmarkView;
};

type VesselYearRow = {
  imo: string;
  year: number;
  name: string | null;
  ship_type: string | null;
  supplier_organization_id: string | null;
  supplier_name: string | null;
  co2_kg: number | string;
  data: StoredVesselYear | string;
};

/** The ship-years of a run for a year (one ship when `imo` is given), by IMO number. */
export const readVesselYears = async (executor: Executor, runId: string, year: number, imo?: string): Promise<VesselYearRow[]> => {
  const { rows } = (await executor.execute(sql`
    SELECT v.imo, v.year, v.name, v.ship_type, v.supplier_organization_id::text AS supplier_organization_id, o.name AS supplier_name,
           v.co2_kg, v.data
    FROM emission_vessel_years v
    LEFT JOIN organizations o ON o.id = v.supplier_organization_id
    WHERE v.run_id = ${runId}::uuid AND v.year = ${year}::int ${imo === undefined ? sql`` : sql`AND v.imo = ${imo}`}
    ORDER BY v.imo`)) as unknown as { rows: VesselYearRow[] };
  return rows;
};

type MrvRow = {
  imo: string;
  ship_type: string;
  reporting_year: number;
  co2_per_distance: number | null;
  co2_per_transport_work: number | null;
};

/**
 * The EU MRV reference rows the ships are compared with: per EU MRV ship type among theirs, the ships of the latest
 * publication year up to `year` (a ship is never compared with a later publication than its own year). Read through
 * (reporting_year, ship_type): a few thousand rows per type.
 */
export const readReferenceRows = async (
  executor: Executor,
  shipTypes: readonly (string | null)[],
  year: number,
): Promise<ReferenceRow[]> => {
  const types = [
    ...new Set(shipTypes.map((type) => euMrvShipTypeOf(type)).filter((type): type is NonNullable<typeof type> => type !== null)),
  ];
  if (types.length === 0) return [];
  const list = sql.join(
    types.map((type) => sql`${type}`),
    sql`, `,
  );
  const { rows } = (await executor.execute(sql`
    SELECT m.imo, m.ship_type, m.reporting_year, m.co2_per_distance, m.co2_per_transport_work
    FROM mrv_reference_ships m
    JOIN (SELECT ship_type, max(reporting_year) AS year FROM mrv_reference_ships
          WHERE reporting_year <= ${year}::int AND ship_type IN (${list}) GROUP BY ship_type) latest
      ON latest.ship_type = m.ship_type AND latest.year = m.reporting_year`)) as unknown as { rows: MrvRow[] };
  return rows.map((row) => ({
    imo: row.imo,
    shipType: row.ship_type,
    year: Number(row.reporting_year),
    co2PerDistance: row.co2_per_distance === null ? null : Number(row.co2_per_distance),
    co2PerTransportWork: row.co2_per_transport_work === null ? null : Number(row.co2_per_transport_work),
  }));
};

const dataOf = (stored: StoredVesselYear | string): StoredVesselYear =>
  typeof stored === 'string' ? (JSON.parse(stored) as StoredVesselYear) : stored;

/**
 * The indicators of ship-years (IMO CII, FuelEU, EU MRV intensities and the benchmark), computed by the shared
 * vessel indicators from what the run stored and the reference ships: never stored, so a corrected table or a newly
 * loaded reference year shows at once.
 */
export const vesselViews = (rows: readonly VesselYearRow[], reference: readonly ReferenceRow[]): VesselIndicatorsView[] => {
  const referenceSets = buildReferenceSets(reference);
  return rows.map((row) => {
    const vessel: VesselYear = {
      imo: row.imo,
      year: Number(row.year),
      name: row.name,
      shipType: row.ship_type,
      supplierOrganizationId: row.supplier_organization_id,
      co2Kg: Number(row.co2_kg),
      data: dataOf(row.data),
    };
    const indicators = vesselIndicators(vessel, { referenceSets });
    const { cii, fuelEu } = indicators;
    return {
      imo: indicators.imo,
      year: indicators.year,
      name: indicators.name,
      shipType: indicators.shipType,
      supplierOrganizationId: indicators.supplierOrganizationId,
      supplierName: row.supplier_name,
      co2Kg: indicators.co2Kg,
      distanceNm: indicators.distanceNm,
      transportWorkTnm: indicators.transportWorkTnm,
      fuels: indicators.fuels,
      cii: {
        metric: cii.metric,
        attained: cii.attained,
        capacity: cii.capacity,
        capacityUnit: cii.capacityUnit,
        referenceLine: cii.referenceLine,
        reductionFactor: cii.reductionFactor,
        required: cii.required,
        boundaries: cii.boundaries,
        rating: cii.rating,
        missing: cii.missing,
      },
      fuelEu: {
        ghgIntensity: fuelEu.ghgIntensity,
        target: fuelEu.target,
        energyMj: fuelEu.energyMj,
        complianceBalanceGco2e: fuelEu.complianceBalanceGco2e,
        missing: fuelEu.missing,
      },
      benchmark: indicators.benchmark,
    };
  });
};
