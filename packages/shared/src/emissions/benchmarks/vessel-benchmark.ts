import { DEFAULT_MIN_PEERS, type Placement, placeValue } from './percentile.ts';
import { type BenchmarkMetric, findDistribution, type ReferenceSets } from './reference-set.ts';
import { type EuMrvShipType, euMrvShipTypeOf } from './ship-types.ts';

const METRIC_LABEL: Readonly<Record<BenchmarkMetric, string>> = {
  co2PerDistance: 'CO2 per distance, kg CO2 / n mile',
  co2PerTransportWork: 'CO2 per transport work, g CO2 / t · n mile',
};

export type VesselBenchmarkInput = {
  imo: string;
  /** The catalogue `ship_type` value, mapped to its EU MRV peer group. */
  shipType: string;
  year: number;
  metric: BenchmarkMetric;
  value: number;
};

export type VesselBenchmark =
  | ({ peerGroup: { source: 'EU MRV'; year: number; shipType: EuMrvShipType; metric: string } } & Placement)
  | { status: 'no_peer_group'; value: number; summary: string };

/**
 * Places a vessel's intensity among the EU MRV ships of its type and year. The vessel's own EU MRV row, found by IMO,
 * is left out of its peers so a ship is never compared with itself.
 */
export const benchmarkVessel = (
  input: VesselBenchmarkInput,
  sets: ReferenceSets,
  minPeers: number = DEFAULT_MIN_PEERS,
): VesselBenchmark => {
  const shipType = euMrvShipTypeOf(input.shipType);
  if (shipType === null) {
    return { status: 'no_peer_group', value: input.value, summary: `No EU MRV peer group for ship type "${input.shipType}"` };
  }
  const distribution = findDistribution(sets, { year: input.year, shipType, metric: input.metric });
  const values = distribution ? distribution.values.filter((_, i) => distribution.imos[i] !== input.imo) : [];
  const placement = placeValue(input.value, values, {
    peerLabel: `${shipType} ships in EU MRV ${input.year} (${METRIC_LABEL[input.metric]})`,
    minPeers,
  });
  return { peerGroup: { source: 'EU MRV', year: input.year, shipType, metric: METRIC_LABEL[input.metric] }, ...placement };
};
