import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from 'urql';
import { usePageMeta } from '../../lib/page-meta.ts';
import { CardsLoading, QueryError } from '../../lib/query-state.tsx';
import { DetailList } from '../../ui/detail-list.tsx';
import { Alert } from '../../ui/alert.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { ServerAlert } from '../../ui/server-alert.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { formatDecimal, formatFixed, percentileText, resultsHref, tonnes } from './emission-format.ts';
import { type CiiRating, type FuelEuBalance, type VesselBenchmark, type VesselIndicators, VesselIndicatorsQuery } from './graphql.ts';
import { DrillLink, ReportSection } from './report-section.tsx';
import { CiiStrip, PercentileStrip, RatingBadge } from './vessel-visuals.tsx';

/** The vessel's cards give terms and figures equal room, the figures in aligned digits. */
const EVEN_PAIRS = 'grid-cols-[minmax(0,1fr)_minmax(0,1fr)] tabular-nums';

const n = (value: number | null | undefined, digits: number, unit = '', fixed = false) =>
  value === null || value === undefined
    ? '—'
    : `${fixed ? formatFixed(value, digits) : formatDecimal(value, digits)}${unit ? ` ${unit}` : ''}`;

/** Why a figure could not be computed, in the words the API gives. */
const Missing = ({ reason }: { reason: string }) => (
  <Alert>
    <p>
      <span className="font-medium">Not computable: </span>
      {reason}
    </p>
  </Alert>
);

const ciiUnit = (cii: CiiRating) => `gCO2/${cii.capacityUnit ?? 'capacity'}·nm`;

const CiiCard = ({ cii, year }: { cii: CiiRating; year: number }) => (
  <ReportSection
    id="cii"
    title="IMO CII"
    description={`Carbon Intensity Indicator by ${cii.metric} (MEPC.352-355(78)): attained against the ${year} requirement and the A–E rating bands.`}
  >
    {cii.rating ? (
      <p className="flex items-center gap-3 text-sm">
        <RatingBadge rating={cii.rating} className="size-10 text-lg" />
        <span>
          Rated <span className="font-semibold">{cii.rating}</span> in {year}
        </span>
      </p>
    ) : null}
    {cii.boundaries && cii.boundaries.length === 4 && cii.attained !== null && cii.attained !== undefined ? (
      <CiiStrip boundaries={cii.boundaries} attained={cii.attained} rating={cii.rating} unit={ciiUnit(cii)} />
    ) : null}
    <DetailList
      className={EVEN_PAIRS}
      items={[
        ['Attained', n(cii.attained, 2, ciiUnit(cii), true)],
        ['Required', n(cii.required, 2, ciiUnit(cii), true)],
        ['Reference line', n(cii.referenceLine, 2, '', true)],
        [
          'Reduction factor',
          cii.reductionFactor === null || cii.reductionFactor === undefined ? '—' : `${formatDecimal(cii.reductionFactor, 3)}%`,
        ],
        ['Capacity', n(cii.capacity, 0, cii.capacityUnit ?? '')],
      ]}
    />
    {cii.missing ? <Missing reason={cii.missing} /> : null}
  </ReportSection>
);

const FuelEuCard = ({ fuelEu }: { fuelEu: FuelEuBalance }) => {
  const balance = fuelEu.complianceBalanceGco2e;
  return (
    <ReportSection
      id="fueleu"
      title="FuelEU Maritime"
      description="GHG intensity of the energy used, well-to-wake, against the year’s target, and the resulting compliance balance."
    >
      {balance !== null && balance !== undefined ? (
        <p className="text-sm">
          <StatusBadge variant={balance >= 0 ? 'success' : 'destructive'}>{balance >= 0 ? 'Surplus' : 'Deficit'}</StatusBadge>{' '}
          <span className="font-semibold tabular-nums">{n(Math.abs(balance) / 1e6, 1, 't CO2e')}</span>
        </p>
      ) : null}
      <DetailList
        className={EVEN_PAIRS}
        items={[
          ['GHG intensity', n(fuelEu.ghgIntensity, 2, 'gCO2e/MJ')],
          ['Target', n(fuelEu.target, 2, 'gCO2e/MJ')],
          ['Compliance balance', n(balance, 0, 'gCO2e')],
          ['Energy used', n(fuelEu.energyMj, 0, 'MJ')],
        ]}
      />
      {fuelEu.missing ? <Missing reason={fuelEu.missing} /> : null}
    </ReportSection>
  );
};

const MrvCard = ({ vessel }: { vessel: VesselIndicators }) => (
  <ReportSection id="mrv" title="EU MRV intensities" description="CO2 per distance sailed and per transport work, as EU MRV reports them.">
    <DetailList
      className={EVEN_PAIRS}
      items={[
        ['CO2', `${tonnes(vessel.co2Kg)} t`],
        ['Distance', n(vessel.distanceNm, 0, 'nm')],
        ['Transport work', n(vessel.transportWorkTnm, 0, 't·nm')],
        ['CO2 per distance', n(vessel.benchmark.co2PerDistance, 1, 'kg CO2/nm')],
        ['CO2 per transport work', n(vessel.benchmark.co2PerTransportWork, 2, 'g CO2/t·nm')],
        ...vessel.fuels.map((fuel): [string, ReactNode] => [`Fuel: ${fuel.fuel}`, n(fuel.tonnes, 1, 't')]),
      ]}
    />
  </ReportSection>
);

const BenchmarkCard = ({ benchmark }: { benchmark: VesselBenchmark }) => {
  const placed =
    benchmark.co2PerDistance !== null &&
    benchmark.co2PerDistance !== undefined &&
    benchmark.co2PerDistancePercentile !== null &&
    benchmark.co2PerDistancePercentile !== undefined &&
    benchmark.peerDistanceQuantiles.length === 5;
  return (
    <ReportSection
      id="benchmark"
      title="Benchmark"
      description={
        benchmark.referenceShipType
          ? `Among the ${benchmark.peers.toLocaleString('en-GB')} ${benchmark.referenceShipType} ships in the public EU MRV data for ${benchmark.referenceYear ?? 'the year'}; a low percentile is a low CO2 per distance.`
          : 'Among the ships of the same type in the public EU MRV data.'
      }
    >
      {placed ? (
        <>
          <p className="text-sm">
            CO2 per distance: <span className="font-semibold">{percentileText(benchmark.co2PerDistancePercentile as number)}</span>
          </p>
          <PercentileStrip
            quantiles={benchmark.peerDistanceQuantiles}
            value={benchmark.co2PerDistance as number}
            percentile={benchmark.co2PerDistancePercentile as number}
            unit="kg CO2/nm"
          />
        </>
      ) : null}
      <DetailList
        className={EVEN_PAIRS}
        items={[
          [
            'CO2 per transport work',
            benchmark.co2PerTransportWorkPercentile === null || benchmark.co2PerTransportWorkPercentile === undefined
              ? '—'
              : percentileText(benchmark.co2PerTransportWorkPercentile),
          ],
          ['Reference ships', benchmark.peers.toLocaleString('en-GB')],
        ]}
      />
      {benchmark.missing ? <Missing reason={benchmark.missing} /> : null}
    </ReportSection>
  );
};

/** One ship in one year: its CII with the rating bands, FuelEU balance, EU MRV intensities and benchmark. */
export const VesselPage = () => {
  const { imo = '', year: rawYear = '' } = useParams();
  const year = Number(rawYear);
  const valid = /^\d{4}$/.test(rawYear);
  const [result, refetch] = useQuery({ query: VesselIndicatorsQuery, variables: { imo, year }, pause: !valid });
  const vessel = result.data?.vesselIndicators;
  const title = vessel ? `${vessel.name ?? `IMO ${vessel.imo}`}, ${year}` : `IMO ${imo}, ${rawYear}`;
  usePageMeta({ title, description: 'A ship’s CII, FuelEU balance, EU MRV intensities and benchmark.' });

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <Link
        to={`/app/emissions/vessels?year=${valid ? year : ''}`}
        className="inline-flex items-center gap-1 self-start text-sm text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        All vessels
      </Link>
      <PageHeader
        title={title}
        description={
          vessel ? (
            <>
              IMO {vessel.imo}
              {vessel.shipType ? ` · ${vessel.shipType}` : ''}
              {vessel.supplierName ? ` · data from ${vessel.supplierName}` : ''} ·{' '}
              <DrillLink to={resultsHref(year, { vessel: vessel.imo })}>its entries</DrillLink>
            </>
          ) : undefined
        }
      />
      {!valid ? (
        <ServerAlert message="This address names no year. Open the vessel from the list of vessels." />
      ) : vessel ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <CiiCard cii={vessel.cii} year={year} />
          <BenchmarkCard benchmark={vessel.benchmark} />
          <FuelEuCard fuelEu={vessel.fuelEu} />
          <MrvCard vessel={vessel} />
        </div>
      ) : result.error ? (
        <QueryError
          error={result.error}
          onRetry={() => refetch({ requestPolicy: 'network-only' })}
          title="The vessel could not be loaded"
        />
      ) : (
        <CardsLoading label="Loading the vessel" cards={2} />
      )}
    </div>
  );
};
