import { type EuMrvShipType, euMrvShipTypeOf } from './ship-types.ts';

export const BENCHMARK_METRICS = ['co2PerDistance', 'co2PerTransportWork'] as const;
/** co2PerDistance in kg CO2 / n mile, co2PerTransportWork in g CO2 / t · n mile, as the EU MRV publication gives them. */
export type BenchmarkMetric = (typeof BENCHMARK_METRICS)[number];

/** One ship-year of the reference data, the shape a loader of the EU MRV files feeds. */
export type ReferenceRow = {
  imo: string;
  shipType: string;
  co2PerDistance: number | null | undefined;
  co2PerTransportWork: number | null | undefined;
  year: number;
};

export type DropReason = 'missing' | 'zero' | 'negative' | 'not_finite' | 'unknown_ship_type';

/** One peer group's values, ascending, with the IMO of each so a ship can be left out of its own peers. */
export type ReferenceDistribution = {
  year: number;
  shipType: EuMrvShipType;
  metric: BenchmarkMetric;
  values: readonly number[];
  imos: readonly string[];
};

export type DroppedCount = { year: number; metric: BenchmarkMetric; reason: DropReason; count: number };

export type ReferenceSets = {
  distributions: readonly ReferenceDistribution[];
  /** How many values were left out of which year and metric, and why. */
  dropped: readonly DroppedCount[];
  /** Ship types that matched no EU MRV type, with how many rows carried each. */
  unknownShipTypes: ReadonlyMap<string, number>;
};

const dropReasonOf = (value: number | null | undefined): Exclude<DropReason, 'unknown_ship_type'> | null => {
  if (value === null || value === undefined) return 'missing';
  if (!Number.isFinite(value)) return 'not_finite';
  if (value === 0) return 'zero';
  if (value < 0) return 'negative';
  return null;
};

/**
 * Builds the per (year, ship type, metric) distributions the benchmark places a vessel in. A zero or negative
 * intensity is a reporting artefact (the publication prints "Division by zero!" for ships without distance or
 * cargo), so such values are dropped and counted instead of pulling the lower quantiles down.
 */
export const buildReferenceSets = (rows: readonly ReferenceRow[]): ReferenceSets => {
  const groups = new Map<string, { year: number; shipType: EuMrvShipType; metric: BenchmarkMetric; entries: [number, string][] }>();
  const dropped = new Map<string, DroppedCount>();
  const unknownShipTypes = new Map<string, number>();
  const drop = (year: number, metric: BenchmarkMetric, reason: DropReason) => {
    const id = `${year}|${metric}|${reason}`;
    const entry = dropped.get(id) ?? { year, metric, reason, count: 0 };
    entry.count++;
    dropped.set(id, entry);
  };

  for (const row of rows) {
    const shipType = euMrvShipTypeOf(row.shipType);
    if (shipType === null) unknownShipTypes.set(row.shipType, (unknownShipTypes.get(row.shipType) ?? 0) + 1);
    for (const metric of BENCHMARK_METRICS) {
      if (shipType === null) {
        drop(row.year, metric, 'unknown_ship_type');
        continue;
      }
      const value = row[metric];
      const reason = dropReasonOf(value);
      if (reason !== null) {
        drop(row.year, metric, reason);
        continue;
      }
      const id = `${row.year}|${shipType}|${metric}`;
      const group = groups.get(id) ?? { year: row.year, shipType, metric, entries: [] };
      group.entries.push([value as number, row.imo]);
      groups.set(id, group);
    }
  }

  const distributions = [...groups.values()]
    .map(({ entries, ...group }) => {
      entries.sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]));
      return { ...group, values: entries.map((e) => e[0]), imos: entries.map((e) => e[1]) };
    })
    .sort((a, b) => a.year - b.year || a.shipType.localeCompare(b.shipType) || a.metric.localeCompare(b.metric));
  const droppedList = [...dropped.values()].sort(
    (a, b) => a.year - b.year || a.metric.localeCompare(b.metric) || a.reason.localeCompare(b.reason),
  );
  return { distributions, dropped: droppedList, unknownShipTypes };
};

/** The distribution of a year, ship type and metric, if the reference has one. */
export const findDistribution = (
  sets: ReferenceSets,
  query: { year: number; shipType: EuMrvShipType; metric: BenchmarkMetric },
): ReferenceDistribution | undefined =>
  sets.distributions.find((d) => d.year === query.year && d.shipType === query.shipType && d.metric === query.metric);
