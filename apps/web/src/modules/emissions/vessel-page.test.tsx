import { render, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type Answers, type Sent, testClient, WithClient } from '../../test/test-client.tsx';
import type { VesselIndicators } from './graphql.ts';
import { VesselPage } from './vessel-page.tsx';
import { VesselsPage } from './vessels-page.tsx';

const vessel = (patch: Partial<VesselIndicators> = {}): VesselIndicators => ({
  imo: '9321483',
  name: 'Aurora Borealis',
  shipType: 'Bulk carrier',
  year: 2025,
  co2Kg: 18_452_300,
  distanceNm: 44_720,
  transportWorkTnm: 2_327_000_000,
  supplierOrganizationId: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
  supplierName: 'Nordic Bunkers AS',
  fuels: [{ fuel: 'HFO', tonnes: 5_120.4 }],
  cii: {
    metric: 'AER',
    attained: 5.1234,
    required: 5.0,
    referenceLine: 5.4945,
    reductionFactor: 9,
    rating: 'C',
    boundaries: [4.3, 4.75, 5.3, 5.95],
    capacity: 58_000,
    capacityUnit: 'dwt',
    missing: null,
  },
  fuelEu: {
    ghgIntensity: null,
    target: 89.3368,
    complianceBalanceGco2e: null,
    energyMj: null,
    missing: 'The fuel file gives no lower calorific value for the biofuel',
  },
  benchmark: {
    co2PerDistance: 412.6,
    co2PerDistancePercentile: 22.5,
    co2PerTransportWork: 7.93,
    co2PerTransportWorkPercentile: 40,
    peerDistanceQuantiles: [300.1, 380.4, 450.2, 520.9, 610.3],
    peers: 143,
    referenceShipType: 'Bulk carrier',
    referenceYear: 2024,
    missing: null,
  },
  ...patch,
});

const showVessel = (given: Answers, path = '/app/emissions/vessels/9321483/2025', sent: Sent[] = []) =>
  render(
    <WithClient client={testClient(given, sent)} path={path}>
      <Routes>
        <Route path="/app/emissions/vessels/:imo/:year" element={<VesselPage />} />
      </Routes>
    </WithClient>,
  );

describe('a vessel in a year', () => {
  it('shows its CII rating on the A–E bands and where it stands among the reference ships', async () => {
    const sent: Sent[] = [];
    showVessel({ VesselIndicators: () => ({ data: { vesselIndicators: vessel() } }) }, undefined, sent);
    expect(await screen.findByRole('heading', { name: 'Aurora Borealis, 2025', level: 1 })).toBeInTheDocument();
    expect(sent.find((s) => s.name === 'VesselIndicators')?.variables).toEqual({ imo: '9321483', year: 2025 });

    // 5.1234 lies between the B/C boundary 4.75 and the C/D boundary 5.3: rating C.
    expect(screen.getByText(/Rated/).textContent).toBe('Rated C in 2025');
    expect(
      screen.getByRole('img', {
        name: 'CII rating C: attained 5.12 gCO2/dwt·nm. A up to 4.30, B up to 4.75, C up to 5.30, D up to 5.95, E above 5.95.',
      }),
    ).toBeInTheDocument();
    const cii = screen.getByRole('region', { name: 'IMO CII' });
    expect(within(cii).getByText('5.00 gCO2/dwt·nm')).toBeInTheDocument();
    expect(within(cii).getByText('9%')).toBeInTheDocument();

    // A percentile rank of 22.5 reads as the 23rd percentile, against p10…p90 of 143 bulk carriers.
    const benchmark = screen.getByRole('region', { name: 'Benchmark' });
    expect(within(benchmark).getByText('23rd percentile')).toBeInTheDocument();
    expect(within(benchmark).getByText(/Among the 143 Bulk carrier ships in the public EU MRV data for 2024/)).toBeInTheDocument();
    expect(
      within(benchmark).getByRole('img', {
        name: '23rd percentile of the reference ships: this ship 412.6 kg CO2/nm; reference 10th percentile 300.1, 25th 380.4, median 450.2, 75th 520.9, 90th 610.3.',
      }),
    ).toBeInTheDocument();
    expect(within(benchmark).getByText('40th percentile')).toBeInTheDocument();

    // 18,452,300 kg CO2 = 18,452 t; 412.6 kg per nm.
    const mrv = screen.getByRole('region', { name: 'EU MRV intensities' });
    expect(within(mrv).getByText('18,452 t')).toBeInTheDocument();
    expect(within(mrv).getByText('412.6 kg CO2/nm')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'its entries' })).toHaveAttribute('href', '/app/emissions/results?year=2025&vessel=9321483');
  });

  it('says why a figure could not be computed', async () => {
    showVessel({
      VesselIndicators: () => ({
        data: {
          vesselIndicators: vessel({
            cii: {
              ...vessel().cii,
              attained: null,
              required: null,
              rating: null,
              boundaries: null,
              missing: 'No capacity (deadweight) reported',
            },
            benchmark: {
              ...vessel().benchmark,
              co2PerDistancePercentile: null,
              peerDistanceQuantiles: [],
              peers: 4,
              missing: 'Too few peers (4; at least 10)',
            },
          }),
        },
      }),
    });
    const fuelEu = await screen.findByRole('region', { name: 'FuelEU Maritime' });
    expect(within(fuelEu).getByText('The fuel file gives no lower calorific value for the biofuel')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'IMO CII' })).getByText('No capacity (deadweight) reported')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^CII rating/ })).toBeNull();
    const benchmark = screen.getByRole('region', { name: 'Benchmark' });
    expect(within(benchmark).getByText('Too few peers (4; at least 10)')).toBeInTheDocument();
    expect(within(benchmark).queryByRole('img')).toBeNull();
  });

  it('shows the API’s refusal for a ship it does not know', async () => {
    showVessel({ VesselIndicators: () => ({ error: 'Vessel not found', code: 'NOT_FOUND' }) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Vessel not found');
  });
});

describe('the year’s vessels', () => {
  it('counts the ships per rating and lists each with its figures', async () => {
    const given: Answers = {
      VesselIndicatorsList: () => ({
        data: {
          vesselIndicatorsList: [
            vessel(),
            vessel({ imo: '9456721', name: 'Baltic Star', co2Kg: 9_100_000, cii: { ...vessel().cii, rating: 'A', attained: 4.1 } }),
            vessel({
              imo: '9501234',
              name: 'Kiel Trader',
              co2Kg: 2_000_000,
              cii: { ...vessel().cii, rating: null, attained: null, missing: 'No capacity reported' },
              benchmark: { ...vessel().benchmark, co2PerDistancePercentile: null, missing: 'Too few peers' },
            }),
          ],
          mrvReferenceStatus: { years: [{ year: 2025, ships: 12_345 }] },
        },
      }),
    };
    render(
      <WithClient client={testClient(given)} path="/app/emissions/vessels?year=2025">
        <Routes>
          <Route path="/app/emissions/vessels" element={<VesselsPage />} />
        </Routes>
      </WithClient>,
    );
    const table = await screen.findByRole('table', { name: 'Vessels in 2025' });
    expect(screen.getByText(/12,345 reference ships for 2025/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Ships per CII rating in 2025: A 1, B 0, C 1, D 0, E 0, Not rated 1.' })).toBeInTheDocument();
    const aurora = within(table).getByRole('link', { name: 'Aurora Borealis' });
    expect(aurora).toHaveAttribute('href', '/app/emissions/vessels/9321483/2025');
    const row = aurora.closest('tr') as HTMLElement;
    expect(within(row).getByText('23rd percentile')).toBeInTheDocument();
    expect(within(row).getByText('C')).toBeInTheDocument();
    expect(within(row).getByText('18,452')).toBeInTheDocument();
    const kiel = within(table).getByRole('link', { name: 'Kiel Trader' }).closest('tr') as HTMLElement;
    expect(within(kiel).getByText('No capacity reported')).toBeInTheDocument();
    expect(within(kiel).getByText('Too few peers')).toBeInTheDocument();
    // Largest CO2 first: 18,452 t, 9,100 t, 2,000 t.
    expect(
      within(table)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Aurora Borealis', 'Baltic Star', 'Kiel Trader']);
  });
});
