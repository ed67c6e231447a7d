import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { formatNumber } from '../../lib/format.ts';
import { percent, reportHref, resultsHref, signedPercent, tonnes, tonnesText } from './emission-format.ts';
import type { EmissionReport } from './graphql.ts';

const LINK = 'rounded-sm underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring';

const Tile = ({
  term,
  value,
  to,
  linkLabel,
  detail,
  projection = false,
}: {
  term: ReactNode;
  value: string;
  to: string;
  /** What the link opens, for a screen reader ("42.5 t: open the entries behind it"). */
  linkLabel: string;
  detail?: ReactNode;
  projection?: boolean;
}) => (
  <div
    className={cn(
      'flex flex-col gap-1 rounded-lg border bg-card p-4',
      projection ? 'border-dashed border-muted-foreground/60 bg-muted/20' : 'border-border',
    )}
  >
    <dt className="text-sm text-muted-foreground">{term}</dt>
    <dd className="text-2xl font-bold tabular-nums">
      <Link to={to} className={LINK} aria-label={linkLabel}>
        {value}
      </Link>
    </dd>
    {detail ? <dd className="text-xs text-muted-foreground">{detail}</dd> : null}
  </div>
);

/**
 * The report's headline figures, all of Scope 3: CO2e well-to-wake and tank-to-wake, the primary-data share, the
 * change on the year before and the year-end projection, clearly a projection. Each figure opens what is behind it.
 * Scope 1/2 found in the same data (the tank-to-wake fuel of ships the organisation runs) is a separate line below,
 * never part of these figures.
 */
export const ReportFigures = ({ report, year }: { report: EmissionReport; year: number }) => {
  const { totals, previousPeriod, projection, yearOnYearChange, scope12 } = report;
  const all = resultsHref(year);
  return (
    <section aria-labelledby="report-figures-title">
      <h2 id="report-figures-title" className="sr-only">
        Figures for {year}
      </h2>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        <Tile
          term="Scope 3 CO2e well-to-wake"
          value={tonnesText(totals.co2eWtwKg)}
          to={all}
          linkLabel={`${tonnesText(totals.co2eWtwKg)} Scope 3 CO2e well-to-wake: open the entries behind it`}
          detail={`${formatNumber(totals.computedEntries)} entries computed`}
        />
        <Tile
          term="Scope 3 CO2e tank-to-wake"
          value={tonnesText(totals.co2eTtwKg)}
          to={all}
          linkLabel={`${tonnesText(totals.co2eTtwKg)} Scope 3 CO2e tank-to-wake: open the entries behind it`}
          detail={`of which CO2 ${tonnesText(totals.co2TtwKg)}`}
        />
        <Tile
          term="Primary-data share"
          value={percent(report.primaryDataShare)}
          to={all}
          linkLabel={`${percent(report.primaryDataShare)} primary data: open the entries and their data quality`}
          detail="of CO2e from suppliers’ measured activity data"
        />
        <Tile
          term={`Change on ${year - 1}`}
          value={yearOnYearChange === null || yearOnYearChange === undefined ? '—' : signedPercent(yearOnYearChange)}
          to={reportHref(year - 1)}
          linkLabel={`Change on ${year - 1}: open the ${year - 1} report`}
          detail={previousPeriod ? `${tonnesText(previousPeriod.co2eWtwKg)} in ${year - 1}` : `Nothing computed for ${year - 1}`}
        />
        {projection ? (
          <Tile
            projection
            term={
              <span className="flex items-center gap-2">
                <span className="rounded-full border border-dashed border-muted-foreground/60 px-2 py-0.5 text-xs font-semibold uppercase tracking-wide">
                  Projection
                </span>
                Year-end {year}
              </span>
            }
            value={`${tonnes(projection.projectedCo2eWtwKg)} t`}
            to={all}
            linkLabel={`Projection, not a reported figure: ${tonnesText(projection.projectedCo2eWtwKg)} by the end of ${year}; open the months reported`}
            detail={`From ${formatNumber(projection.monthsReported)} months reported. ${projection.method}`}
          />
        ) : null}
      </dl>
      {scope12.co2eTtwKg !== 0 ? (
        <p className="mt-3 rounded-lg border border-border bg-muted/30 p-3 text-sm">
          Scope 1/2 found in the same data (not part of Scope 3):{' '}
          <Link
            to={resultsHref(year, { category: 'scope_1_2' })}
            className={cn(LINK, 'font-semibold text-primary tabular-nums')}
            aria-label={`${tonnesText(scope12.co2eTtwKg)} CO2e of scope 1/2, not part of Scope 3: open the entries behind it`}
          >
            {tonnesText(scope12.co2eTtwKg)} CO2e
          </Link>
          , tank-to-wake. It is the fuel burnt by ships you run yourself: your own scope 1, reported apart; the well-to-tank part of that
          fuel is in category 3 above.
        </p>
      ) : null}
      {totals.notComputedEntries > 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">
          <Link to={resultsHref(year, { method: 'not_computed' })} className={cn(LINK, 'font-medium text-primary')}>
            {formatNumber(totals.notComputedEntries)} {totals.notComputedEntries === 1 ? 'entry' : 'entries'} could not be computed
          </Link>{' '}
          and {totals.notComputedEntries === 1 ? 'is' : 'are'} not in these figures: each says why.
        </p>
      ) : null}
    </section>
  );
};
