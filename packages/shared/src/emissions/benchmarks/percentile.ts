/** The quantiles every benchmark reports, as fractions. */
export const BENCHMARK_QUANTILES = [0.1, 0.25, 0.5, 0.75, 0.9] as const;

/** Peer groups smaller than this give "too few peers" rather than a percentile. */
export const DEFAULT_MIN_PEERS = 10;

export const PERCENTILE_RANK_METHOD =
  'Percentile rank = 100 × (peers with a lower value + ½ × peers with an equal value) / peers; lower intensity is better';

export const QUANTILE_METHOD =
  'Linear interpolation between closest ranks (Hyndman & Fan type 7, as R quantile() default and Excel PERCENTILE.INC): h = (n − 1) × p, Q = x[⌊h⌋] + (h − ⌊h⌋) × (x[⌊h⌋ + 1] − x[⌊h⌋])';

export type Quantiles = { p10: number; p25: number; p50: number; p75: number; p90: number; method: string };

const assertSorted = (sorted: readonly number[]) => {
  for (let i = 0; i < sorted.length; i++) {
    const value = sorted[i] as number;
    if (!Number.isFinite(value)) throw new RangeError(`reference[${i}] must be a finite number, got ${value}`);
    if (i > 0 && value < (sorted[i - 1] as number)) throw new RangeError(`reference must be sorted ascending (index ${i})`);
  }
};

/** Index of the first element not less than `value` (binary search over an ascending array). */
const lowerBound = (sorted: readonly number[], value: number): number => {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

/** Index of the first element greater than `value`. */
const upperBound = (sorted: readonly number[], value: number): number => {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

/**
 * Share (0-100) of the reference with a lower value than `value`, ties counted half, so a value equal to every
 * peer sits at 50 and the rank does not depend on which side of a tie the ship is put.
 */
export const percentileRank = (value: number, sorted: readonly number[]): number => {
  if (!Number.isFinite(value)) throw new RangeError(`value must be a finite number, got ${value}`);
  if (sorted.length === 0) throw new RangeError('reference must hold at least one value');
  assertSorted(sorted);
  const below = lowerBound(sorted, value);
  const equal = upperBound(sorted, value) - below;
  return (100 * (below + equal / 2)) / sorted.length;
};

/** One quantile of an ascending array by the type 7 method of {@link QUANTILE_METHOD}. */
export const quantile = (sorted: readonly number[], p: number): number => {
  if (!(p >= 0 && p <= 1)) throw new RangeError(`p must be between 0 and 1, got ${p}`);
  if (sorted.length === 0) throw new RangeError('reference must hold at least one value');
  assertSorted(sorted);
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const lower = sorted[lo] as number;
  const upper = sorted[Math.min(lo + 1, sorted.length - 1)] as number;
  return lower + (h - lo) * (upper - lower);
};

export const quantiles = (sorted: readonly number[]): Quantiles => ({
  p10: quantile(sorted, 0.1),
  p25: quantile(sorted, 0.25),
  p50: quantile(sorted, 0.5),
  p75: quantile(sorted, 0.75),
  p90: quantile(sorted, 0.9),
  method: QUANTILE_METHOD,
});

export type Placement =
  | {
      status: 'placed';
      value: number;
      peers: number;
      /** Share of peers with a lower (better) value, ties half. */
      percentileRank: number;
      /** Share of peers with a higher (worse) value, ties half: 100 − percentileRank. */
      betterThanPercent: number;
      quantiles: Quantiles;
      summary: string;
      method: string;
    }
  | { status: 'too_few_peers'; value: number; peers: number; minPeers: number; summary: string };

export type PlaceOptions = {
  /** Names the peers in the summary, e.g. "Container ship ships in EU MRV 2021". */
  peerLabel: string;
  minPeers?: number;
};

const formatPercent = (percent: number) => `${Math.round(percent)}%`;

/**
 * Places a value (lower is better) in its peers: the percentile rank, the quantiles of the peers and a sentence a
 * person can read, or "too few peers" when the group is smaller than `minPeers`, since a rank among a handful of
 * ships says more about the handful than about the ship.
 */
export const placeValue = (value: number, sorted: readonly number[], options: PlaceOptions): Placement => {
  const minPeers = options.minPeers ?? DEFAULT_MIN_PEERS;
  if (!Number.isFinite(value)) throw new RangeError(`value must be a finite number, got ${value}`);
  if (sorted.length < minPeers) {
    return {
      status: 'too_few_peers',
      value,
      peers: sorted.length,
      minPeers,
      summary: `Too few peers: ${sorted.length} ${options.peerLabel}, at least ${minPeers} needed for a percentile`,
    };
  }
  const rank = percentileRank(value, sorted);
  const betterThan = 100 - rank;
  return {
    status: 'placed',
    value,
    peers: sorted.length,
    percentileRank: rank,
    betterThanPercent: betterThan,
    quantiles: quantiles(sorted),
    summary: `Lower is better: better than ${formatPercent(betterThan)} of ${sorted.length} ${options.peerLabel}`,
    method: PERCENTILE_RANK_METHOD,
  };
};
