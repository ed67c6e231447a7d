import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDecimal, percent } from './emission-format.ts';

/**
 * The emissions charts, on recharts (loaded only with the emissions screens, never on the public pages).
 * Each chart is a picture with its figures in words (`role="img"` and an aria-label); the table beside it
 * carries the same figures and the links, so neither a screen reader nor a keyboard needs the drawing.
 * Recharts' own keyboard layer is off for that reason: a picture with a label has nothing to focus.
 *
 * Recharts resolves `react-is` 17 here, which does not know React 19's elements: never pass a chart's
 * children inside a fragment (it would not see them).
 */

const AXIS_TICK = { fill: 'var(--muted-foreground)', fontSize: 12 };
const GRID = 'var(--border)';
const TOOLTIP_STYLE = {
  contentStyle: { background: 'var(--card)', border: '1px solid var(--border)', borderRadius: 8, color: 'var(--card-foreground)' },
  labelStyle: { color: 'var(--card-foreground)', fontWeight: 600 },
  itemStyle: { color: 'var(--card-foreground)' },
  cursor: { fill: 'var(--muted)', opacity: 0.5 },
};

/** The frame every chart draws in: a fixed height, and its figures in words for those who cannot see it. */
export const ChartFrame = ({ label, height = 280, children }: { label: string; height?: number; children: ReactNode }) => (
  <div role="img" aria-label={label} className="w-full min-w-0" style={{ height }}>
    {children}
  </div>
);

const tonnesTick = (value: number) => formatDecimal(value, value >= 100 ? 0 : 1);

type Margin = { top: number; right: number; bottom: number; left: number };

/**
 * What every chart sets the same way: it fills its frame and follows its width, takes a copy of the data
 * (recharts wants a mutable array) and keeps no keyboard layer of its own (see above).
 */
const chartProps = <T,>(data: readonly T[], margin: Margin) => ({
  responsive: true,
  accessibilityLayer: false,
  data: [...data],
  margin,
  style: { width: '100%', height: '100%' },
});

/** The pointer and the click of a bar that opens its drill-down; nothing when the chart has none. */
const selectProps = <T,>(data: readonly T[], onSelect: ((datum: T) => void) | undefined) =>
  onSelect
    ? { cursor: 'pointer', onClick: (_: unknown, index: number) => data[index] && onSelect(data[index]) }
    : { cursor: undefined, onClick: undefined };

/** A tooltip line of tonnes: the figure to one decimal, and the series it belongs to. */
const tonnesTooltip = (value: unknown, name: unknown): [string, string] => [`${formatDecimal(Number(value), 1)} t`, String(name)];

export type BarDatum = { key: string; label: string; tonnes: number };

/** Horizontal bars, one per slice (a category): tonnes CO2e WtW; a bar opens its drill-down. */
export const BreakdownBarChart = ({
  data,
  label,
  onSelect,
}: {
  data: readonly BarDatum[];
  label: string;
  onSelect?: (datum: BarDatum) => void;
}) => (
  <ChartFrame label={label} height={Math.max(160, 48 * data.length + 40)}>
    <BarChart {...chartProps(data, { top: 4, right: 16, bottom: 4, left: 8 })} layout="vertical">
      <CartesianGrid horizontal={false} stroke={GRID} />
      <XAxis type="number" tick={AXIS_TICK} tickFormatter={tonnesTick} unit=" t" />
      <YAxis type="category" dataKey="label" tick={AXIS_TICK} width={96} />
      <Tooltip {...TOOLTIP_STYLE} formatter={tonnesTooltip} />
      <Bar
        dataKey="tonnes"
        name="CO2e WtW"
        fill="var(--primary)"
        radius={[0, 4, 4, 0]}
        {...selectProps(data, onSelect)}
        isAnimationActive={false}
      />
    </BarChart>
  </ChartFrame>
);

export type MonthDatum = { month: string; label: string; reported: number | null; projected: number | null };

/**
 * Bars per month of the year: reported tonnes solid, the projection of the months still to come
 * outlined and pale, so nobody reads a projection as a reported figure.
 */
export const MonthlyTrendChart = ({
  data,
  label,
  onSelect,
}: {
  data: readonly MonthDatum[];
  label: string;
  onSelect?: (datum: MonthDatum) => void;
}) => (
  <ChartFrame label={label}>
    <BarChart {...chartProps(data, { top: 8, right: 8, bottom: 4, left: 8 })}>
      <CartesianGrid vertical={false} stroke={GRID} />
      <XAxis dataKey="label" tick={AXIS_TICK} />
      <YAxis tick={AXIS_TICK} tickFormatter={tonnesTick} unit=" t" width={64} />
      <Tooltip {...TOOLTIP_STYLE} formatter={tonnesTooltip} />
      <Legend wrapperStyle={{ fontSize: 12 }} />
      <Bar
        dataKey="reported"
        name="Reported"
        stackId="month"
        fill="var(--primary)"
        {...selectProps(data, onSelect)}
        isAnimationActive={false}
      />
      <Bar
        dataKey="projected"
        name="Projection (not reported)"
        stackId="month"
        fill="var(--primary)"
        fillOpacity={0.2}
        stroke="var(--primary)"
        strokeDasharray="4 3"
        isAnimationActive={false}
      />
    </BarChart>
  </ChartFrame>
);

export type ParetoDatum = { key: string; label: string; tonnes: number; cumulative: number };

/**
 * Hotspots: horizontal bars of the largest contributors, with the cumulative share of the total drawn
 * over them (a Pareto chart: the few that make most of the total).
 */
export const ParetoChart = ({
  data,
  label,
  onSelect,
}: {
  data: readonly ParetoDatum[];
  label: string;
  onSelect?: (datum: ParetoDatum) => void;
}) => (
  <ChartFrame label={label} height={Math.max(180, 44 * data.length + 60)}>
    <ComposedChart {...chartProps(data, { top: 4, right: 16, bottom: 4, left: 8 })} layout="vertical">
      <CartesianGrid horizontal={false} stroke={GRID} />
      <XAxis xAxisId="tonnes" type="number" tick={AXIS_TICK} tickFormatter={tonnesTick} unit=" t" />
      <XAxis
        xAxisId="share"
        type="number"
        orientation="top"
        domain={[0, 1]}
        tick={AXIS_TICK}
        tickFormatter={(value: number) => percent(value)}
      />
      <YAxis type="category" dataKey="label" tick={AXIS_TICK} width={120} />
      <Tooltip
        {...TOOLTIP_STYLE}
        formatter={(value, name) => (name === 'Cumulative share' ? [percent(Number(value)), String(name)] : tonnesTooltip(value, name))}
      />
      <Legend wrapperStyle={{ fontSize: 12 }} />
      <Bar
        xAxisId="tonnes"
        dataKey="tonnes"
        name="CO2e WtW"
        fill="var(--primary)"
        radius={[0, 4, 4, 0]}
        {...selectProps(data, onSelect)}
        isAnimationActive={false}
      />
      <Line
        xAxisId="share"
        dataKey="cumulative"
        name="Cumulative share"
        stroke="var(--foreground)"
        strokeWidth={2}
        dot={{ r: 3 }}
        isAnimationActive={false}
      />
    </ComposedChart>
  </ChartFrame>
);

export type CountDatum = { key: string; label: string; count: number };

/** Vertical bars of counts (ships per CII rating). */
export const CountBarChart = ({ data, label }: { data: readonly CountDatum[]; label: string }) => (
  <ChartFrame label={label} height={220}>
    <BarChart {...chartProps(data, { top: 8, right: 8, bottom: 4, left: 0 })}>
      <CartesianGrid vertical={false} stroke={GRID} />
      <XAxis dataKey="label" tick={AXIS_TICK} />
      <YAxis tick={AXIS_TICK} allowDecimals={false} width={40} />
      <Tooltip {...TOOLTIP_STYLE} formatter={(value) => [String(value), 'Ships']} />
      <Bar dataKey="count" name="Ships" fill="var(--primary)" radius={[4, 4, 0, 0]} isAnimationActive={false} />
    </BarChart>
  </ChartFrame>
);
