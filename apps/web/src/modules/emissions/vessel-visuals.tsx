import { cn } from '../../lib/cn.ts';
import { formatDecimal, formatFixed, percentileText } from './emission-format.ts';

export const RATINGS = ['A', 'B', 'C', 'D', 'E'] as const;

const RATING_TONE: Record<string, string> = {
  A: 'bg-emerald-700 text-white',
  B: 'bg-lime-700 text-white',
  C: 'bg-amber-500 text-black',
  D: 'bg-orange-700 text-white',
  E: 'bg-red-700 text-white',
};

/** A CII rating as a letter on its colour; the letter carries the meaning, the colour only repeats it. */
export const RatingBadge = ({ rating, className }: { rating: string | null | undefined; className?: string }) =>
  rating ? (
    <span
      className={cn(
        'inline-flex size-7 items-center justify-center rounded-md text-sm font-bold',
        RATING_TONE[rating] ?? 'bg-muted',
        className,
      )}
    >
      {rating}
    </span>
  ) : (
    <span className="text-muted-foreground">—</span>
  );

/** Where `value` sits between `lo` and `hi`, as a percentage of the strip, kept inside it. */
const at = (value: number, lo: number, hi: number) => Math.max(0, Math.min(100, ((value - lo) / (hi - lo)) * 100));

const ciiNumber = (value: number) => formatFixed(value, 2);

/**
 * The A–E bands of a ship's CII (MEPC.354(78)) as a strip, its boundaries under it, and the attained
 * value marked. The picture has its figures in words; the boundaries are also written out below it.
 */
export const CiiStrip = ({
  boundaries,
  attained,
  rating,
  unit,
}: {
  /** Superior, lower, upper and inferior boundary. */
  boundaries: readonly number[];
  attained: number;
  rating: string | null | undefined;
  unit: string;
}) => {
  const [d1 = 0, d2 = 0, d3 = 0, d4 = 0] = boundaries;
  const lo = Math.min(d1 - (d2 - d1) * 2, attained);
  const hi = Math.max(d4 + (d4 - d3) * 2, attained);
  const edges = [lo, d1, d2, d3, d4, hi];
  const label = `CII rating ${rating ?? 'not given'}: attained ${ciiNumber(attained)} ${unit}. A up to ${ciiNumber(d1)}, B up to ${ciiNumber(d2)}, C up to ${ciiNumber(d3)}, D up to ${ciiNumber(d4)}, E above ${ciiNumber(d4)}.`;
  return (
    <div className="flex flex-col gap-2">
      {/* Room on both sides for the marker's label when the value sits at an end of the strip. */}
      <div role="img" aria-label={label} className="px-6">
        <div className="relative pt-8">
          <div className="flex h-8 overflow-hidden rounded-md">
            {RATINGS.map((letter, index) => (
              <div
                key={letter}
                className={cn('flex items-center justify-center text-xs font-bold', RATING_TONE[letter])}
                style={{ width: `${at(edges[index + 1] ?? hi, lo, hi) - at(edges[index] ?? lo, lo, hi)}%` }}
              >
                {letter}
              </div>
            ))}
          </div>
          <div className="absolute top-0 flex -translate-x-1/2 flex-col items-center" style={{ left: `${at(attained, lo, hi)}%` }}>
            <span className="whitespace-nowrap rounded bg-foreground px-1.5 text-xs font-semibold text-background">
              {ciiNumber(attained)}
            </span>
            <span className="h-10 w-0.5 bg-foreground" />
          </div>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs text-muted-foreground sm:grid-cols-4">
        {(
          [
            ['A / B', d1],
            ['B / C', d2],
            ['C / D', d3],
            ['D / E', d4],
          ] as const
        ).map(([term, value]) => (
          <div key={term} className="flex gap-1">
            <dt>{term}:</dt>
            <dd className="tabular-nums">{ciiNumber(value)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
};

/**
 * The reference ships' spread of CO2 per distance (10th to 90th percentile, the middle half shaded, the
 * median a line) with the ship's own value marked and its percentile rank.
 */
export const PercentileStrip = ({
  quantiles,
  value,
  percentile,
  unit,
}: {
  /** p10, p25, p50, p75, p90. */
  quantiles: readonly number[];
  value: number;
  percentile: number;
  unit: string;
}) => {
  const [p10 = 0, p25 = 0, p50 = 0, p75 = 0, p90 = 0] = quantiles;
  const span = p90 - p10 || Math.abs(p50) || 1;
  const lo = Math.min(p10 - span * 0.15, value);
  const hi = Math.max(p90 + span * 0.15, value);
  const n = (v: number) => formatDecimal(v, 1);
  const label = `${percentileText(percentile)} of the reference ships: this ship ${n(value)} ${unit}; reference 10th percentile ${n(p10)}, 25th ${n(p25)}, median ${n(p50)}, 75th ${n(p75)}, 90th ${n(p90)}.`;
  return (
    <div className="flex flex-col gap-2">
      <div role="img" aria-label={label} className="px-10">
        <div className="relative h-16">
          <div
            className="absolute top-9 h-0.5 bg-muted-foreground/60"
            style={{ left: `${at(p10, lo, hi)}%`, right: `${100 - at(p90, lo, hi)}%` }}
          />
          <div
            className="absolute top-6 h-6 rounded-sm border border-muted-foreground/60 bg-secondary"
            style={{ left: `${at(p25, lo, hi)}%`, right: `${100 - at(p75, lo, hi)}%` }}
          />
          <div className="absolute top-6 h-6 w-0.5 bg-muted-foreground" style={{ left: `${at(p50, lo, hi)}%` }} />
          <div className="absolute top-0 flex -translate-x-1/2 flex-col items-center" style={{ left: `${at(value, lo, hi)}%` }}>
            <span className="whitespace-nowrap rounded bg-primary px-1.5 text-xs font-semibold text-primary-foreground">This ship</span>
            <span className="h-10 w-0.5 bg-primary" />
          </div>
        </div>
      </div>
      <dl className="grid grid-cols-3 gap-x-4 gap-y-1 text-xs text-muted-foreground sm:grid-cols-5">
        {(
          [
            ['10th', p10],
            ['25th', p25],
            ['Median', p50],
            ['75th', p75],
            ['90th', p90],
          ] as const
        ).map(([term, v]) => (
          <div key={term} className="flex gap-1">
            <dt>{term}:</dt>
            <dd className="tabular-nums">{n(v)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
};
