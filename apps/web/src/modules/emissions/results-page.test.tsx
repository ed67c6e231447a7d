import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type Answers, type Sent, testClient, WithClient } from '../../test/test-client.tsx';
import type { EmissionFactor, EmissionResult, EmissionResultDetail } from './graphql.ts';
import { EmissionResultsPage } from './results-page.tsx';

const SUPPLIER_A = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const RUN = '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const OLD_RUN = '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d';
const ENTRY = 'e1e2e3e4-0000-4000-8000-000000000001';

const result = (patch: Partial<EmissionResult> = {}): EmissionResult => ({
  entryId: ENTRY,
  runId: RUN,
  fileId: 'f1f2f3f4-0000-4000-8000-000000000001',
  fileName: 'fuel-2025.xlsx',
  rowNumber: 14,
  fileCategory: 'vessel_fuel_consumption',
  supplierOrganizationId: SUPPLIER_A,
  supplierName: 'Nordic Bunkers AS',
  vesselImo: '9321483',
  vesselName: 'Aurora Borealis',
  month: '2025-03-01',
  method: 'fuel_based',
  dataQuality: 'primary',
  scope3Category: 'category_1',
  ruleId: 'vessel.time_charter.charterer',
  ruleReason: 'You chartered the ship on a time charter: its fuel is a service you buy.',
  gwpSet: 'AR6',
  activity: '412.5 t HFO',
  note: null,
  co2TtwKg: 1_284_525,
  co2eTtwKg: 1_297_000,
  co2eWtwKg: 1_496_123.4,
  computedAt: '2025-11-02T08:01:00Z',
  ...patch,
});

const factor: EmissionFactor = {
  id: 'imo.cf.hfo@1',
  key: 'imo.cf.hfo',
  version: 1,
  kind: 'cf',
  regime: 'imo',
  fuel: 'HFO',
  consumer: null,
  activity: null,
  value: '3.114',
  unit: 't CO2/t fuel',
  builtIn: true,
  verification: 'transcribed',
  validFrom: '2018-01-01',
  validTo: null,
  evidence: null,
  createdAt: null,
  source: { document: 'IMO resolution MEPC.364(79)', section: 'Annex, table 1', edition: '16 December 2022' },
  supplier: null,
};

const detail = (patch: Partial<EmissionResultDetail> = {}): EmissionResultDetail => ({
  ...result(),
  factors: [factor],
  entry: {
    id: ENTRY,
    sourceReference: 'fuel-2025.xlsx, row 14',
    entryDate: '2025-03-31',
    values: [
      {
        fieldName: 'fuel_consumed',
        label: 'Fuel consumed',
        stringValue: null,
        numberValue: 412.5,
        booleanValue: null,
        dateValue: null,
        unit: 't',
        dataType: 'number',
      },
    ],
  },
  ...patch,
});

const page = (rows: EmissionResult[]) => ({
  data: rows,
  pageInfo: { totalPages: 1, currentPage: 1, totalCount: rows.length, hasNextPage: false, hasPreviousPage: false },
});

const answers: Answers = {
  EmissionResults: () => ({
    data: {
      emissionResults: page([
        result(),
        result({ entryId: 'e2', rowNumber: 15, supplierOrganizationId: null, supplierName: null, vesselImo: null, vesselName: null }),
      ]),
    },
  }),
  EmissionResultHistory: () => ({
    data: {
      emissionResultHistory: [
        detail(),
        detail({ runId: OLD_RUN, gwpSet: 'AR5', co2eWtwKg: 1_490_001, computedAt: '2025-06-01T08:00:00Z' }),
      ],
    },
  }),
};

const show = (path: string, sent: Sent[]) =>
  render(
    <WithClient client={testClient(answers, sent)} path={path}>
      <Routes>
        <Route path="/app/emissions/results" element={<EmissionResultsPage />} />
      </Routes>
    </WithClient>,
  );

const lastFilter = (sent: Sent[]) => sent.filter((s) => s.name === 'EmissionResults').at(-1)?.variables;

describe('emission results', () => {
  it('reads its filters from the address and narrows from a category to a supplier', async () => {
    const sent: Sent[] = [];
    show('/app/emissions/results?year=2025&category=category_1', sent);
    const table = await screen.findByRole('table', { name: /Emission results, 2025/ });
    expect(lastFilter(sent)).toEqual({
      filter: { periodStart: '2025-01-01', periodEnd: '2025-12-31', scope3Category: 'category_1' },
      pagination: { page: 1, pageSize: 25 },
    });
    const chips = screen.getByRole('list', { name: 'Filters in use' });
    expect(within(chips).getByText('Category 1: purchased goods and services')).toBeInTheDocument();

    const row = within(table).getByText('Row 14').closest('tr') as HTMLElement;
    // 1,496,123.4 kg = 1,496 t (whole tonnes from 1,000 t).
    expect(within(row).getByText('1,496,123')).toBeInTheDocument();
    expect(within(row).getByText('1,496')).toBeInTheDocument();
    expect(within(row).getByText('March 2025')).toBeInTheDocument();
    expect(within(row).getByText('Fuel-based')).toBeInTheDocument();
    expect(within(table).getByText('Row 15').closest('tr')).toHaveTextContent('Your own data');

    const supplier = within(row).getByRole('link', { name: 'Nordic Bunkers AS: only this supplier’s results' });
    expect(supplier).toHaveAttribute('href', `/app/emissions/results?year=2025&category=category_1&supplier=${SUPPLIER_A}`);
    fireEvent.click(supplier);
    await waitFor(() =>
      expect(lastFilter(sent)?.filter).toEqual({
        periodStart: '2025-01-01',
        periodEnd: '2025-12-31',
        scope3Category: 'category_1',
        supplier: SUPPLIER_A,
      }),
    );
    expect(await within(chips).findByText('Nordic Bunkers AS')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear the category filter (Category 1: purchased goods and services)' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/app/emissions/results?year=2025&supplier=${SUPPLIER_A}`),
    );
  });

  it('opens an entry’s result with each factor, the rule and its history', async () => {
    const sent: Sent[] = [];
    show('/app/emissions/results?year=2025', sent);
    const table = await screen.findByRole('table', { name: /Emission results, 2025/ });
    fireEvent.click(within(table).getByText('Row 14'));
    const sheet = await screen.findByRole('dialog', { name: 'fuel-2025.xlsx, row 14' });
    await within(sheet).findByText('imo.cf.hfo@1');
    expect(sent.find((s) => s.name === 'EmissionResultHistory')?.variables).toEqual({ entryId: ENTRY });
    expect(within(sheet).getByText('IMO resolution MEPC.364(79), Annex, table 1 (16 December 2022)')).toBeInTheDocument();
    expect(within(sheet).getByText('3.114')).toBeInTheDocument();
    // A transcribed value says so, so an auditor knows to check it against the source.
    expect(within(sheet).getByText('Transcribed')).toBeInTheDocument();
    expect(within(sheet).getByText(/not yet read in the primary text/)).toBeInTheDocument();
    expect(within(sheet).getByText('vessel.time_charter.charterer')).toBeInTheDocument();
    expect(within(sheet).getByText('You chartered the ship on a time charter: its fuel is a service you buy.')).toBeInTheDocument();
    expect(within(sheet).getByText('412.5 t')).toBeInTheDocument();
    expect(within(sheet).getByText('1,496,123 kg (1,496 t)')).toBeInTheDocument();
    const history = within(sheet).getByRole('table', { name: 'Every result this entry has had, newest first' });
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveAttribute('aria-current', 'true');
    expect(within(rows[1] as HTMLElement).getByText('AR5')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('1,490,001')).toBeInTheDocument();
  });
});
