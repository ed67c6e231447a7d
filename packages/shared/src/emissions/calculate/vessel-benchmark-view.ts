import type { ReferenceSets } from '../benchmarks/reference-set.ts';
import { euMrvShipTypeOf } from '../benchmarks/ship-types.ts';
import { benchmarkVessel } from '../benchmarks/vessel-benchmark.ts';

/** A ship's place among the EU MRV ships of its type, as the vessel screens show it. */
export type VesselBenchmarkView = {
  /** kg CO2 per n mile. */
  co2PerDistance: number | null;
  co2PerDistancePercentile: number | null;
  /** g CO2 per t·n mile. */
  co2PerTransportWork: number | null;
  co2PerTransportWorkPercentile: number | null;
  /** The peers' CO2 per distance at the 10th, 25th, 50th, 75th and 90th percentile; empty when not placed. */
  peerDistanceQuantiles: number[];
  peers: number;
  referenceShipType: string | null;
  referenceYear: number | null;
  /** Why a figure could not be placed, one sentence per figure; null when both were placed. */
  missing: string | null;
};

/**
 * The reference year for a ship's year: the same year when the reference holds it, else the latest earlier year, else
 * the earliest later one (the public EU MRV data trails the current year by one or two years).
 */
const referenceYearFor = (sets: ReferenceSets, shipType: string, year: number): number | null => {
  const years = [...new Set(sets.distributions.filter((d) => d.shipType === shipType).map((d) => d.year))].sort((a, b) => a - b);
  if (years.length === 0) return null;
  if (years.includes(year)) return year;
  const earlier = years.filter((y) => y < year);
  return earlier.length > 0 ? (earlier.at(-1) as number) : (years[0] as number);
};

export const vesselBenchmarkView = (input: {
  imo: string;
  shipType: string | null;
  year: number;
  co2PerDistance: number | null;
  co2PerTransportWork: number | null;
  sets: ReferenceSets;
}): VesselBenchmarkView => {
  const view: VesselBenchmarkView = {
    co2PerDistance: input.co2PerDistance,
    co2PerDistancePercentile: null,
    co2PerTransportWork: input.co2PerTransportWork,
    co2PerTransportWorkPercentile: null,
    peerDistanceQuantiles: [],
    peers: 0,
    referenceShipType: null,
    referenceYear: null,
    missing: null,
  };
  if (input.shipType === null) return { ...view, missing: 'No ship type reported, so there is no EU MRV peer group' };
  const euMrv = euMrvShipTypeOf(input.shipType);
  if (euMrv === null) return { ...view, missing: `No EU MRV peer group for ship type "${input.shipType}"` };
  const year = referenceYearFor(input.sets, euMrv, input.year);
  if (year === null) return { ...view, referenceShipType: euMrv, missing: `The EU MRV reference holds no ${euMrv} ships` };
  view.referenceShipType = euMrv;
  view.referenceYear = year;
  const missing: string[] = [];
  if (input.co2PerDistance === null) missing.push('No CO2 per distance (no distance or no CO2)');
  else {
    const placed = benchmarkVessel(
      { imo: input.imo, shipType: input.shipType, year, metric: 'co2PerDistance', value: input.co2PerDistance },
      input.sets,
    );
    view.peers = 'peers' in placed ? placed.peers : 0;
    if (placed.status === 'placed') {
      view.co2PerDistancePercentile = placed.percentileRank;
      const q = placed.quantiles;
      view.peerDistanceQuantiles = [q.p10, q.p25, q.p50, q.p75, q.p90];
    } else missing.push(placed.summary);
  }
  if (input.co2PerTransportWork === null) missing.push('No CO2 per transport work (no cargo reported)');
  else {
    const placed = benchmarkVessel(
      { imo: input.imo, shipType: input.shipType, year, metric: 'co2PerTransportWork', value: input.co2PerTransportWork },
      input.sets,
    );
    if (placed.status === 'placed') view.co2PerTransportWorkPercentile = placed.percentileRank;
    else missing.push(placed.summary);
  }
  view.missing = missing.length > 0 ? missing.join('. ') : null;
  return view;
};
