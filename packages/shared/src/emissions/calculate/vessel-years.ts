import { buildReferenceSets, type ReferenceRow, type ReferenceSets } from '../benchmarks/reference-set.ts';
import type { EmissionFactor, GwpEntry } from '../factors/types.ts';
import { assessCii, CII_CAPACITY_MEASURE, type CiiShipType, ciiMetricFor } from '../vessel-indicators/cii.ts';
import { fuelEuComplianceBalance } from '../vessel-indicators/fueleu.ts';
import { fuelEuTarget } from '../vessel-indicators/fueleu-limits.ts';
import { CII_RATED_YEARS, ciiRatingVectorFor, ciiReductionFactorFor, ciiReferenceLineFor } from '../vessel-indicators/imo-tables.ts';
import { mrvIntensities } from '../vessel-indicators/mrv.ts';
import { ciiShipTypeOf } from './cii-ship-type.ts';
import { type RegulatoryFuels, regulatoryFuels } from './regulatory-fuels.ts';
import type { EntryEmission } from './types.ts';
import { type VesselBenchmarkView, vesselBenchmarkView } from './vessel-benchmark-view.ts';

/** What a run keeps per ship and year: the shape of the vessel-years table's `data`. */
export type VesselYearData = {
  /** Tonnes per catalogue fuel value. */
  fuels: Record<string, number>;
  distanceNm: number | null;
  transportWorkTnm: number | null;
  hoursAtSea: number | null;
  deadweight: number | null;
  grossTonnage: number | null;
  /** FuelEU energy (MJ) and WtW CO2e (g) by Annex I, when every fuel had its Annex II factors. */
  energyMj: number | null;
  wtwGco2e: number | null;
};

export type VesselYear = {
  imo: string;
  year: number;
  name: string | null;
  shipType: string | null;
  /** The supplier whose entries first named the ship that year; null for the organisation's own data. */
  supplierOrganizationId: string | null;
  /** CO2 TtW of the ship's entries as the organisation's calculation found it, kg. */
  co2Kg: number;
  data: VesselYearData;
};

type Voyage = { distanceNm: number | null; transportWorkTnm: number | null; hoursAtSea: number | null };

type State = {
  imo: string;
  year: number;
  name: string | null;
  shipType: string | null;
  supplierOrganizationId: string | null;
  co2Kg: number;
  fuels: Map<string, number>;
  voyages: Map<string, Voyage>;
  deadweight: number | null;
  grossTonnage: number | null;
};

const larger = (a: number | null, b: number | null): number | null => (a === null ? b : b === null ? a : Math.max(a, b));

const sumOf = (voyages: Iterable<Voyage>, pick: (voyage: Voyage) => number | null): number | null => {
  let total: number | null = null;
  for (const voyage of voyages) {
    const value = pick(voyage);
    if (value !== null) total = (total ?? 0) + value;
  }
  return total;
};

export type VesselYearAccumulator = {
  /** Adds a result of `forFile` (rows without a vessel activity are ignored). */
  add(result: EntryEmission, supplierOrganizationId: string | null): void;
  /** Every ship-year seen, by IMO number then year, with its FuelEU energy and WtW figures. */
  years(): VesselYear[];
};

/**
 * Sums a run's vessel rows per ship and year. A voyage (or period) reported as one row per fuel repeats its distance,
 * cargo and hours on every row, so those count once per voyage key (the largest value given), while the fuels add up.
 * Deadweight and gross tonnage are the largest reported.
 */
export const createVesselYearAccumulator = (
  options: { library?: readonly EmissionFactor[]; gwpValues?: readonly GwpEntry[] } = {},
): VesselYearAccumulator => {
  const byImo = new Map<string, Map<number, State>>();
  return {
    add: (result, supplierOrganizationId) => {
      const vessel = result.vessel;
      if (vessel === null) return;
      let byYear = byImo.get(vessel.imo);
      if (!byYear) {
        byYear = new Map();
        byImo.set(vessel.imo, byYear);
      }
      let state = byYear.get(vessel.year);
      if (!state) {
        state = {
          imo: vessel.imo,
          year: vessel.year,
          name: null,
          shipType: null,
          supplierOrganizationId,
          co2Kg: 0,
          fuels: new Map(),
          voyages: new Map(),
          deadweight: null,
          grossTonnage: null,
        };
        byYear.set(vessel.year, state);
      }
      state.name = result.vesselName ?? state.name;
      state.shipType = state.shipType ?? vessel.shipType;
      state.co2Kg += result.co2TtwKg;
      if (vessel.fuel !== null && vessel.fuelT > 0) state.fuels.set(vessel.fuel, (state.fuels.get(vessel.fuel) ?? 0) + vessel.fuelT);
      const voyage = state.voyages.get(vessel.voyageKey);
      if (voyage) {
        voyage.distanceNm = larger(voyage.distanceNm, vessel.distanceNm);
        voyage.transportWorkTnm = larger(voyage.transportWorkTnm, vessel.transportWorkTnm);
        voyage.hoursAtSea = larger(voyage.hoursAtSea, vessel.hoursAtSea);
      } else {
        state.voyages.set(vessel.voyageKey, {
          distanceNm: vessel.distanceNm,
          transportWorkTnm: vessel.transportWorkTnm,
          hoursAtSea: vessel.hoursAtSea,
        });
      }
      state.deadweight = larger(state.deadweight, vessel.deadweight);
      state.grossTonnage = larger(state.grossTonnage, vessel.grossTonnage);
    },
    years: () => {
      const regulatory = regulatoryFuels(options.library, options.gwpValues);
      const states = [...byImo.values()].flatMap((byYear) => [...byYear.values()]);
      states.sort((a, b) => a.imo.localeCompare(b.imo) || a.year - b.year);
      return states.map((state) => {
        const fuels = Object.fromEntries([...state.fuels].sort(([a], [b]) => a.localeCompare(b)));
        const intensity = regulatory.fuelEuIntensity(fuels, state.year);
        const voyages = [...state.voyages.values()];
        return {
          imo: state.imo,
          year: state.year,
          name: state.name,
          shipType: state.shipType,
          supplierOrganizationId: state.supplierOrganizationId,
          co2Kg: state.co2Kg,
          data: {
            fuels,
            distanceNm: sumOf(voyages, (v) => v.distanceNm),
            transportWorkTnm: sumOf(voyages, (v) => v.transportWorkTnm),
            hoursAtSea: sumOf(voyages, (v) => v.hoursAtSea),
            deadweight: state.deadweight,
            grossTonnage: state.grossTonnage,
            energyMj: 'missing' in intensity ? null : intensity.energyMj,
            // Without a wind reward, intensity × rewarded energy is the Annex I numerator: WtT + TtW grams.
            wtwGco2e: 'missing' in intensity ? null : intensity.ghgIntensityGco2eqPerMj * intensity.rewardedEnergyMj,
          },
        };
      });
    },
  };
};

export type CiiView = {
  metric: 'AER' | 'cgDIST';
  capacity: number | null;
  capacityUnit: 'dwt' | 'gt' | null;
  /** g CO2 per capacity·n mile. */
  attained: number | null;
  /** The 2019 reference line's value for the ship (a × Capacity^-c). */
  referenceLine: number | null;
  /** Z, per cent. */
  reductionFactor: number | null;
  required: number | null;
  /** superior, lower, upper, inferior. */
  boundaries: number[] | null;
  rating: 'A' | 'B' | 'C' | 'D' | 'E' | null;
  missing: string | null;
  methods: string[];
};

export type FuelEuView = {
  /** g CO2e per MJ, well-to-wake. */
  ghgIntensity: number | null;
  target: number | null;
  energyMj: number | null;
  complianceBalanceGco2e: number | null;
  missing: string | null;
  methods: string[];
};

export type MrvView = {
  /** IMO Cf × fuel, t. */
  co2T: number | null;
  co2PerDistanceKgPerNm: number | null;
  co2PerTransportWorkGPerTNm: number | null;
  missing: string | null;
};

export type VesselIndicators = {
  imo: string;
  year: number;
  name: string | null;
  shipType: string | null;
  ciiShipType: CiiShipType | null;
  supplierOrganizationId: string | null;
  co2Kg: number;
  distanceNm: number | null;
  transportWorkTnm: number | null;
  fuels: { fuel: string; tonnes: number }[];
  cii: CiiView;
  fuelEu: FuelEuView;
  mrv: MrvView;
  benchmark: VesselBenchmarkView;
};

export type VesselIndicatorOptions = {
  /** The EU MRV reference rows of the ship's type; or `referenceSets` built once for many ships. */
  referenceRows?: readonly ReferenceRow[];
  referenceSets?: ReferenceSets;
  library?: readonly EmissionFactor[];
  gwpValues?: readonly GwpEntry[];
};

const CAPACITY_NAMES = { dwt: 'deadweight', gt: 'gross tonnage' } as const;

const ciiOf = (vessel: VesselYear, shipType: CiiShipType | null, co2: ReturnType<RegulatoryFuels['ciiFuels']>): CiiView => {
  const measure = shipType === null ? null : CII_CAPACITY_MEASURE[shipType];
  const capacity = measure === null ? null : measure === 'dwt' ? vessel.data.deadweight : vessel.data.grossTonnage;
  const view: CiiView = {
    metric: shipType === null ? 'AER' : ciiMetricFor(shipType),
    capacity,
    capacityUnit: measure,
    attained: null,
    referenceLine: null,
    reductionFactor: null,
    required: null,
    boundaries: null,
    rating: null,
    missing: null,
    methods: [],
  };
  const reduction = ciiReductionFactorFor(vessel.year);
  const distance = vessel.data.distanceNm;
  const missing =
    shipType === null
      ? vessel.shipType === null
        ? 'No ship type reported for this ship'
        : `Ship type "${vessel.shipType}" has no IMO CII reference line`
      : capacity === null || capacity <= 0 || measure === null
        ? `No ${CAPACITY_NAMES[measure ?? 'dwt']} reported for this ship`
        : distance === null || distance <= 0
          ? 'No distance reported for this ship and year'
          : 'missing' in co2
            ? co2.missing
            : reduction === null
              ? `No CII reduction factor for ${vessel.year} in the IMO tables (they hold ${CII_RATED_YEARS[0]} to ${CII_RATED_YEARS.at(-1)})`
              : null;
  if (missing !== null || shipType === null || capacity === null || distance === null || 'missing' in co2 || reduction === null) {
    return { ...view, missing: missing ?? 'Not rated' };
  }
  const referenceLine = ciiReferenceLineFor(shipType, capacity);
  const ratingVector = ciiRatingVectorFor(shipType, capacity);
  if (referenceLine === null || ratingVector === null) return { ...view, missing: 'No CII table row for this ship type and capacity' };
  const assessed = assessCii({
    shipType,
    capacity,
    distanceNm: distance,
    fuels: co2.fuels,
    referenceLine,
    reductionFactor: reduction,
    ratingVector,
  });
  const b = assessed.boundaries;
  return {
    ...view,
    attained: assessed.attained.value,
    referenceLine: assessed.reference,
    reductionFactor: reduction.zPercent,
    required: assessed.required,
    boundaries: [b.superior, b.lower, b.upper, b.inferior],
    rating: assessed.rating,
    methods: assessed.methods,
  };
};

const fuelEuOf = (vessel: VesselYear, regulatory: RegulatoryFuels): FuelEuView => {
  const intensity = regulatory.fuelEuIntensity(vessel.data.fuels, vessel.year);
  if ('missing' in intensity) {
    return { ghgIntensity: null, target: null, energyMj: null, complianceBalanceGco2e: null, missing: intensity.missing, methods: [] };
  }
  const view: FuelEuView = {
    ghgIntensity: intensity.ghgIntensityGco2eqPerMj,
    target: null,
    energyMj: intensity.energyMj,
    complianceBalanceGco2e: null,
    missing: null,
    methods: [intensity.method],
  };
  if (fuelEuTarget(vessel.year) === null)
    return { ...view, missing: `Regulation (EU) 2023/1805 sets no GHG intensity limit for ${vessel.year}` };
  const balance = fuelEuComplianceBalance(intensity);
  return { ...view, target: balance.target.targetGco2eqPerMj, complianceBalanceGco2e: balance.balanceGco2eq, methods: balance.methods };
};

const mrvOf = (vessel: VesselYear, co2: ReturnType<RegulatoryFuels['ciiFuels']>): MrvView => {
  if ('missing' in co2) return { co2T: null, co2PerDistanceKgPerNm: null, co2PerTransportWorkGPerTNm: null, missing: co2.missing };
  const distance = vessel.data.distanceNm;
  if (distance === null || distance <= 0) {
    return {
      co2T: co2.co2T,
      co2PerDistanceKgPerNm: null,
      co2PerTransportWorkGPerTNm: null,
      missing: 'No distance reported for this ship and year',
    };
  }
  // The year's transport work is already Σ cargo × distance, so it goes in as one voyage of that work over 1 n mile.
  const work = vessel.data.transportWorkTnm ?? 0;
  const figures = mrvIntensities({ co2T: co2.co2T, distanceNm: distance, voyages: [{ cargoT: work, distanceNm: 1 }] });
  return {
    co2T: co2.co2T,
    co2PerDistanceKgPerNm: figures.co2PerDistanceKgPerNm,
    co2PerTransportWorkGPerTNm: figures.co2PerTransportWorkGPerTNm,
    missing: figures.co2PerTransportWorkGPerTNm === null ? 'No cargo reported, so no CO2 per transport work' : null,
  };
};

/**
 * A ship's indicators for one year: IMO CII (attained, reference line, required, boundaries, rating), FuelEU GHG
 * intensity and compliance balance (with FuelEU's own GWP set), EU MRV intensities and its place among the EU MRV
 * ships of its type. Each says in `missing` why it could not be computed. CO2 here is the IMO Cf × fuel mass of the
 * built-in library, the figure the regulations use, whatever factors the organisation chose for its own report.
 */
export const vesselIndicators = (vessel: VesselYear, options: VesselIndicatorOptions = {}): VesselIndicators => {
  const regulatory = regulatoryFuels(options.library, options.gwpValues);
  const shipType = ciiShipTypeOf(vessel.shipType);
  const co2 = regulatory.ciiFuels(vessel.data.fuels, vessel.year);
  const mrv = mrvOf(vessel, co2);
  return {
    imo: vessel.imo,
    year: vessel.year,
    name: vessel.name,
    shipType: vessel.shipType,
    ciiShipType: shipType,
    supplierOrganizationId: vessel.supplierOrganizationId,
    co2Kg: vessel.co2Kg,
    distanceNm: vessel.data.distanceNm,
    transportWorkTnm: vessel.data.transportWorkTnm,
    fuels: Object.entries(vessel.data.fuels).map(([fuel, tonnes]) => ({ fuel, tonnes })),
    cii: ciiOf(vessel, shipType, co2),
    fuelEu: fuelEuOf(vessel, regulatory),
    mrv,
    benchmark: vesselBenchmarkView({
      imo: vessel.imo,
      shipType: vessel.shipType,
      year: vessel.year,
      co2PerDistance: mrv.co2PerDistanceKgPerNm,
      co2PerTransportWork: mrv.co2PerTransportWorkGPerTNm,
      sets: options.referenceSets ?? buildReferenceSets(options.referenceRows ?? []),
    }),
  };
};
