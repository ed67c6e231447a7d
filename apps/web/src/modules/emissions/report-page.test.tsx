import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { type Answers, type Sent, testClient, WithClient } from '../../test/test-client.tsx';
import type { EmissionReport, EmissionRun } from './graphql.ts';
import { ReportExports } from './report-exports.tsx';
import { EmissionReportPage } from './report-page.tsx';

const SUPPLIER_A = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const SUPPLIER_B = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';
const SUPPLIER_C = '5d6e7f80-9a1b-4c2d-8e3f-4a5b6c7d8e9f';

const run = (patch: Partial<EmissionRun> = {}): EmissionRun => ({
  id: '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  status: 'completed',
  reason: 'entries_changed',
  gwpSet: 'AR6',
  libraryVersion: '2026-11-24.84',
  entriesTotal: 1207,
  entriesDone: 1207,
  entriesComputed: 1204,
  error: null,
  createdAt: '2025-11-02T08:00:00Z',
  startedAt: '2025-11-02T08:00:01Z',
  finishedAt: '2025-11-02T08:01:00Z',
  ...patch,
});

const month = (m: number, kg: number) => ({ month: `2025-${String(m).padStart(2, '0')}-01`, co2eWtwKg: kg });

/**
 * A 2025 report as the API answers it. The months add up to the total: 9 × 38,000 + 40,250.5 = 382,250.5 kg.
 */
const REPORT: EmissionReport = {
  periodStart: '2025-01-01',
  periodEnd: '2025-12-31',
  gwpSet: 'AR6',
  primaryDataShare: 0.642,
  // (382,250.5 − 350,000) / 350,000 = 0.092144…
  yearOnYearChange: 0.0921443,
  run: run(),
  totals: { co2TtwKg: 310_000, co2eTtwKg: 315_500, co2eWtwKg: 382_250.5, computedEntries: 1204, notComputedEntries: 3 },
  // No ship of the organisation's own in the data: nothing of scope 1/2.
  scope12: { co2TtwKg: 0, co2eTtwKg: 0, computedEntries: 0 },
  previousPeriod: { co2eWtwKg: 350_000 },
  projection: { projectedCo2eWtwKg: 458_700, monthsReported: 10, method: 'The months reported, scaled to twelve.' },
  byCategory: [
    { key: 'category_4', label: 'Category 4', co2eWtwKg: 152_900.2, entries: 404, share: 0.4 },
    { key: 'category_1', label: 'Category 1', co2eWtwKg: 229_350.3, entries: 800, share: 0.6 },
  ],
  byMethod: [{ key: 'fuel_based', label: 'Fuel-based', co2eWtwKg: 382_250.5, entries: 1204, share: 1 }],
  byDataQuality: [{ key: 'primary', label: 'Primary', co2eWtwKg: 245_404.8, entries: 900, share: 0.642 }],
  byMonth: [...Array.from({ length: 9 }, (_, i) => month(i + 1, 38_000)), month(10, 40_250.5)],
  hotspots: [
    { dimension: 'supplier', key: SUPPLIER_A, label: 'Nordic Bunkers AS', co2eWtwKg: 200_000, share: 0.523, cumulativeShare: 0.523 },
    { dimension: 'supplier', key: SUPPLIER_B, label: 'Baltic Ship Supply Oy', co2eWtwKg: 120_000, share: 0.314, cumulativeShare: 0.837 },
    { dimension: 'vessel', key: '9321483', label: 'Aurora Borealis', co2eWtwKg: 150_000, share: 0.392, cumulativeShare: 0.392 },
  ],
  supplierQuality: [
    {
      supplierOrganizationId: SUPPLIER_A,
      label: 'Nordic Bunkers AS',
      dataQualityRating: 1.4,
      temporalDqr: 1.2,
      geographicalDqr: 1.5,
      technologicalDqr: 1.6,
      primaryDataShare: 0.9,
    },
  ],
  coverage: {
    requested: 3,
    answered: 1,
    pending: 1,
    estimated: 1,
    suppliers: [
      { supplierOrganizationId: SUPPLIER_A, supplierName: 'Nordic Bunkers AS', status: 'answered' },
      { supplierOrganizationId: SUPPLIER_B, supplierName: 'Baltic Ship Supply Oy', status: 'pending' },
      { supplierOrganizationId: SUPPLIER_C, supplierName: 'Kiel Provisions GmbH', status: 'estimated' },
    ],
  },
  supplierBenchmarks: [
    {
      supplierOrganizationId: SUPPLIER_A,
      label: 'Nordic Bunkers AS',
      category: 'vessel_fuel_consumption',
      intensity: 3.2064,
      intensityUnit: 'kg CO2e/t fuel',
      peers: 2,
      percentile: 25,
    },
  ],
};

const answers = ({
  report = REPORT,
  permissions = ['emissions:read'],
  live,
}: {
  report?: EmissionReport;
  permissions?: string[];
  live?: EmissionRun;
} = {}): Answers => ({
  Viewer: () => ({ data: { viewer: { userId: 'u1', organizationId: 'o1', permissions } } }),
  EmissionReport: () => ({ data: { emissionReport: report } }),
  EmissionSettings: () => ({
    data: { emissionSettings: { gwpSet: 'AR6', consolidationApproach: 'operational_control', latestRun: report.run } },
  }),
  ...(live ? { EmissionRunUpdated: () => ({ data: { emissionRunUpdated: live } }) } : {}),
});

const show = (given: Answers, path = '/app/emissions?year=2025', sent: Sent[] = []) =>
  render(
    <WithClient client={testClient(given, sent)} path={path}>
      <Routes>
        <Route path="/app/emissions" element={<EmissionReportPage />} />
      </Routes>
    </WithClient>,
  );

const figure = (term: string) => screen.getByText(term).closest('div') as HTMLElement;

describe('the Scope 3 report', () => {
  it('asks for the year in the address and shows its headline figures, each opening what is behind it', async () => {
    const sent: Sent[] = [];
    show(answers(), '/app/emissions?year=2025', sent);
    await screen.findByRole('heading', { name: 'Figures for 2025' });
    expect(sent.find((s) => s.name === 'EmissionReport')?.variables).toEqual({
      input: { periodStart: '2025-01-01', periodEnd: '2025-12-31' },
    });
    expect(screen.getByLabelText('Reporting year')).toHaveValue('2025');

    // 382,250.5 kg = 382.2505 t, one decimal.
    const wtw = within(figure('Scope 3 CO2e well-to-wake')).getByRole('link');
    expect(wtw).toHaveTextContent('382.3 t');
    expect(wtw).toHaveAttribute('href', '/app/emissions/results?year=2025');
    expect(within(figure('Scope 3 CO2e tank-to-wake')).getByRole('link')).toHaveTextContent('315.5 t');
    expect(within(figure('Scope 3 CO2e tank-to-wake')).getByText('of which CO2 310 t')).toBeInTheDocument();
    // Nothing of scope 1/2 in the data, so no line for it.
    expect(screen.queryByText(/Scope 1\/2 found in the same data/)).not.toBeInTheDocument();
    expect(within(figure('Primary-data share')).getByRole('link')).toHaveTextContent('64.2%');
    // (382,250.5 − 350,000) / 350,000 = +9.2%, against 350.0 t in 2024.
    const change = within(figure('Change on 2024')).getByRole('link');
    expect(change).toHaveTextContent('+9.2%');
    expect(change).toHaveAttribute('href', '/app/emissions?year=2024');
    expect(screen.getByText('350 t in 2024')).toBeInTheDocument();

    const projection = screen.getByText('Year-end 2025').closest('div') as HTMLElement;
    expect(within(projection).getByText('Projection')).toBeInTheDocument();
    expect(within(projection).getByRole('link', { name: /^Projection, not a reported figure: 458\.7 t/ })).toHaveTextContent('458.7 t');

    expect(screen.getByRole('link', { name: '3 entries could not be computed' })).toHaveAttribute(
      'href',
      '/app/emissions/results?year=2025&method=not_computed',
    );
  });

  it('shows the scope 1/2 found in the same data apart from the Scope 3 total, opening its entries', async () => {
    // Ships the organisation runs: 45,417.5 kg tank-to-wake in scope 1/2, never in the 382.3 t Scope 3 headline.
    show(answers({ report: { ...REPORT, scope12: { co2TtwKg: 40_000, co2eTtwKg: 45_417.5, computedEntries: 2 } } }));
    await screen.findByRole('heading', { name: 'Figures for 2025' });
    expect(within(figure('Scope 3 CO2e well-to-wake')).getByRole('link')).toHaveTextContent('382.3 t');
    const line = screen.getByText(/Scope 1\/2 found in the same data \(not part of Scope 3\):/);
    expect(line).toHaveTextContent(/^Scope 1\/2 found in the same data \(not part of Scope 3\): 45\.4 t CO2e, tank-to-wake\./);
    expect(within(line).getByRole('link', { name: /^45\.4 t CO2e of scope 1\/2, not part of Scope 3/ })).toHaveAttribute(
      'href',
      '/app/emissions/results?year=2025&category=scope_1_2',
    );
  });

  it('links each category, supplier and vessel to its results', async () => {
    show(answers());
    const categories = await screen.findByRole('table', { name: 'CO2e by Scope 3 category, 2025' });
    const rows = within(categories).getAllByRole('row').slice(1);
    // Largest first: 229,350.3 kg = 229.4 t (60%), then 152,900.2 kg = 152.9 t (40%).
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'Category 1: purchased goods and services' })).toHaveAttribute(
      'href',
      '/app/emissions/results?year=2025&category=category_1',
    );
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: /^229\.4 t CO2e for Category 1/ })).toHaveTextContent('229.4');
    expect(within(rows[0] as HTMLElement).getByText('60.0%')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('152.9')).toBeInTheDocument();

    const suppliers = screen.getByRole('table', { name: 'Supplier hotspots, 2025' });
    expect(within(suppliers).getByRole('link', { name: 'Nordic Bunkers AS' })).toHaveAttribute(
      'href',
      `/app/emissions/results?year=2025&supplier=${SUPPLIER_A}`,
    );
    expect(within(suppliers).getByText('83.7%')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Vessel hotspots, 2025' })).getByRole('link', { name: 'Aurora Borealis' }),
    ).toHaveAttribute('href', '/app/emissions/results?year=2025&vessel=9321483');
    // Each chart says its figures in words.
    expect(
      screen.getByRole('img', { name: /CO2e well-to-wake by Scope 3 category: Cat\. 1 229\.4 t; Cat\. 4 152\.9 t\./ }),
    ).toBeInTheDocument();
  });

  it('shows the months reported and the projection of the rest apart', async () => {
    show(answers());
    const months = await screen.findByRole('table', { name: 'CO2e by month, 2025' });
    const october = within(months).getByText('October 2025').closest('tr') as HTMLElement;
    expect(within(october).getByRole('link', { name: /^40\.3 t in October 2025/ })).toHaveAttribute(
      'href',
      '/app/emissions/results?year=2025&month=2025-10-01',
    );
    // (458,700 − 382,250.5) kg over November and December = 38,224.75 kg = 38.2 t each.
    const november = within(months).getByText('November 2025').closest('tr') as HTMLElement;
    expect(within(november).getByText('38.2')).toBeInTheDocument();
    expect(within(november).queryByRole('link')).toBeNull();
    expect(screen.getByRole('img', { name: /Oct 40\.3 t; Nov projection 38\.2 t; Dec projection 38\.2 t\./ })).toBeInTheDocument();
  });

  it('shows data quality, coverage and benchmarks per supplier', async () => {
    show(answers());
    const quality = await screen.findByRole('table', { name: 'Data quality per supplier, 2025' });
    const row = within(quality).getByRole('link', { name: 'Nordic Bunkers AS' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('1.40')).toBeInTheDocument();
    expect(within(row).getByText('90.0%')).toBeInTheDocument();
    const coverage = screen.getByRole('table', { name: 'Coverage of the suppliers asked, 2025' });
    expect(
      within(within(coverage).getByText('Kiel Provisions GmbH').closest('tr') as HTMLElement).getByText('Estimated'),
    ).toBeInTheDocument();
    const benchmarks = screen.getByRole('table', { name: 'Supplier benchmarks, 2025' });
    expect(within(benchmarks).getByText('25th percentile')).toBeInTheDocument();
    expect(within(benchmarks).getByText('3.2064 kg CO2e/t fuel')).toBeInTheDocument();
  });

  it('says when and how the figures were computed; Recompute only for those who manage emissions', async () => {
    const { unmount } = show(answers());
    expect(await screen.findByText(/with the AR6 GWP set and factor library 2026-11-24\.84/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Recompute' })).toBeNull();
    unmount();
    show(answers({ permissions: ['emissions:read', 'emissions:manage'] }));
    expect(await screen.findByRole('button', { name: 'Recompute' })).toBeEnabled();
  });

  it('shows the progress of a run under way as the live channel reports it', async () => {
    const live = run({
      id: 'f1e2d3c4-b5a6-4978-8a6b-5c4d3e2f1a0b',
      status: 'running',
      entriesDone: 1200,
      entriesTotal: 5000,
      createdAt: '2025-11-03T08:00:00Z',
    });
    show(answers({ live, permissions: ['emissions:read', 'emissions:manage'] }));
    const bar = await screen.findByRole('progressbar', { name: 'Recomputing the emissions' });
    // 1,200 of 5,000 = 24%.
    expect(bar).toHaveAttribute('aria-valuenow', '24');
    expect(bar).toHaveAttribute('aria-valuetext', '1,200 of 5,000 entries');
    expect(screen.getByRole('button', { name: 'Recompute' })).toBeDisabled();
  });

  it('says what to do when nothing was computed yet', async () => {
    show(answers({ report: { ...REPORT, run: null } }));
    expect(await screen.findByText('Nothing computed yet', { selector: 'p.font-semibold' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request data' })).toHaveAttribute('href', '/app/requests');
    expect(screen.getByRole('link', { name: 'Upload a file' })).toHaveAttribute('href', '/app/uploads');
    expect(screen.getByRole('button', { name: 'Export XLSX' })).toBeDisabled();
  });

  it('says why the report could not be loaded', async () => {
    show({ ...answers(), EmissionReport: () => ({ error: 'The period may span at most 366 days', code: 'VALIDATION_FAILED' }) });
    expect(await screen.findByRole('alert')).toHaveTextContent('The period may span at most 366 days');
  });

  it('moves to another year through the address', async () => {
    const sent: Sent[] = [];
    show(answers(), '/app/emissions?year=2025', sent);
    await screen.findByRole('heading', { name: 'Figures for 2025' });
    fireEvent.change(screen.getByLabelText('Reporting year'), { target: { value: '2024' } });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/app/emissions?year=2024'));
    await waitFor(() =>
      expect(sent.filter((s) => s.name === 'EmissionReport').at(-1)?.variables).toEqual({
        input: { periodStart: '2024-01-01', periodEnd: '2024-12-31' },
      }),
    );
  });
});

describe('report exports', () => {
  it('asks for the period as XLSX and follows the link; the printable report is a page of its own', async () => {
    const sent: Sent[] = [];
    const onDownload = vi.fn();
    render(
      <WithClient
        client={testClient(
          {
            ExportEmissionReport: () => ({
              data: { exportEmissionReport: { url: '/exports/abc', fileName: 'scope3-2025.xlsx', expiresAt: '2025-11-02T08:05:00Z' } },
            }),
          },
          sent,
        )}
      >
        <ReportExports period={{ periodStart: '2025-01-01', periodEnd: '2025-12-31' }} onDownload={onDownload} />
      </WithClient>,
    );
    expect(screen.getByRole('link', { name: 'Printable report' })).toHaveAttribute(
      'href',
      '/app/emissions/print?periodStart=2025-01-01&periodEnd=2025-12-31',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export XLSX' }));
    await waitFor(() => expect(onDownload).toHaveBeenCalledWith('/exports/abc'));
    expect(sent.find((s) => s.name === 'ExportEmissionReport')?.variables).toEqual({
      input: { format: 'xlsx', periodStart: '2025-01-01', periodEnd: '2025-12-31' },
    });
    expect(screen.getByText('Downloading scope3-2025.xlsx.')).toHaveAttribute('role', 'status');
  });
});
