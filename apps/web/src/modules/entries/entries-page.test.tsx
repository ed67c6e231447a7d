import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { Client, makeResult, type Operation, Provider } from 'urql';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { filter, fromValue, mergeMap, never, pipe } from 'wonka';
import { TimeZoneProvider } from '../../lib/time-zone.tsx';
import { DataEntriesPage } from './entries-page.tsx';
import type { DataEntryRow, FieldDefinition } from './graphql.ts';

const FILE_ID = '0b6f1c9e-2f4a-4c1e-9d7a-1a2b3c4d5e6f';
const BATCH_ID = '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const TASK_ID = '3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b';
const SUPPLIER_ID = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';

const FIELDS: FieldDefinition[] = [
  { key: 'fuel_consumed', label: 'Fuel consumed', dataType: 'number', canonicalUnit: 't', allowedValues: [] },
  {
    key: 'fuel_type',
    label: 'Fuel type',
    dataType: 'enum',
    canonicalUnit: null,
    allowedValues: [
      { value: 'HFO', label: 'Heavy fuel oil' },
      { value: 'MGO', label: 'Marine gas oil' },
    ],
  },
];

const entry = (patch: Partial<DataEntryRow> = {}): DataEntryRow => ({
  id: 'e1',
  category: 'vessel_fuel_consumption',
  sourceReference: 'fuel-2024.xlsx, row 14',
  entryDate: '2024-03-01',
  isValid: true,
  rowIndex: 12,
  rowNumber: 14,
  fileId: FILE_ID,
  fileUploadId: BATCH_ID,
  createdAt: '2024-04-01T10:00:00Z',
  supplierOrganizationId: null,
  values: [
    {
      fieldName: 'fuel_consumed',
      label: 'Fuel consumed',
      stringValue: null,
      numberValue: 12500.5,
      booleanValue: null,
      dateValue: null,
      unit: 't',
      dataType: 'number',
      isValid: true,
      validationError: null,
    },
    {
      fieldName: 'fuel_type',
      label: 'Fuel type',
      stringValue: 'HFO',
      numberValue: null,
      booleanValue: null,
      dateValue: null,
      unit: null,
      dataType: 'enum',
      isValid: true,
      validationError: null,
    },
  ],
  validationErrors: [],
  ...patch,
});

type Answers = { entries?: DataEntryRow[]; totalCount?: number; exportUrl?: string };

const nameOf = (operation: Operation) => operation.query.definitions.find((d) => d.kind === 'OperationDefinition')?.name?.value;

/** A client answering the screen's documents, keeping every operation it was sent. */
const fakeClient = ({ entries = [entry()], totalCount, exportUrl = '#export-ready' }: Answers, sent: Operation[]) =>
  new Client({
    url: '/graphql',
    exchanges: [
      () => (operations$) =>
        pipe(
          operations$,
          filter((operation: Operation) => operation.kind !== 'teardown'),
          mergeMap((operation: Operation) => {
            sent.push(operation);
            const data = (() => {
              switch (nameOf(operation)) {
                case 'DataEntries': {
                  const count = totalCount ?? entries.length;
                  return {
                    dataEntries: {
                      data: entries,
                      pageInfo: {
                        totalPages: Math.ceil(count / 50),
                        currentPage: 1,
                        totalCount: count,
                        hasNextPage: false,
                        hasPreviousPage: false,
                      },
                    },
                  };
                }
                case 'FieldsByCategory':
                  return { fieldsByCategory: FIELDS };
                case 'EntryFilterUploads':
                  return { fileUploads: { data: [{ id: BATCH_ID, name: 'March bunker reports' }] } };
                case 'EntryFilterRequest':
                  return {
                    calendarTask: {
                      id: TASK_ID,
                      title: 'Fuel data for 2025',
                      supplierOrganization: { id: SUPPLIER_ID, name: 'Nordlys Shipping AS' },
                    },
                  };
                case 'EntryOrganizationName':
                  return { organization: { id: SUPPLIER_ID, name: 'Nordlys Shipping AS' } };
                case 'EntryFilterFile':
                  return { file: { id: FILE_ID, originalName: 'fuel-2024.xlsx', fileUploadId: BATCH_ID } };
                case 'DataEntry':
                  return {
                    dataEntry: {
                      ...entry(),
                      uploadId: null,
                      rawData: { Vessel: 'Nordlys', 'Fuel [t]': '12 500,5', Type: 'IFO 380' },
                    },
                  };
                case 'ExportDataEntries':
                  return { exportDataEntries: { url: exportUrl, fileName: 'data-entries.xlsx', expiresAt: '2024-04-01T11:00:00Z' } };
                default:
                  return null;
              }
            })();
            return data ? fromValue(makeResult(operation, { data })) : never;
          }),
        ),
    ],
  });

const LocationProbe = () => {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
};

const show = (url: string, answers: Answers = {}) => {
  const sent: Operation[] = [];
  render(
    <MemoryRouter initialEntries={[url]}>
      <TimeZoneProvider timeZone="UTC">
        <Provider value={fakeClient(answers, sent)}>
          <DataEntriesPage />
          <LocationProbe />
        </Provider>
      </TimeZoneProvider>
    </MemoryRouter>,
  );
  const search = () => new URLSearchParams(screen.getByTestId('location').textContent ?? '');
  const lastVariables = (name: string) => sent.filter((o) => nameOf(o) === name).at(-1)?.variables as Record<string, unknown> | undefined;
  return { sent, search, lastVariables };
};

beforeEach(() => {
  // The page's rows are virtualised: give the scrolling frame a size so rows in view render.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1400);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(49);
});
afterEach(() => vi.restoreAllMocks());

describe('data entries: filters and the address', () => {
  it('reads every filter, the order and the page size from the address into the query', async () => {
    const { lastVariables } = show(
      `/app/data-entries?search=nordlys&category=vessel_fuel_consumption&file=${FILE_ID}&upload=${BATCH_ID}&validity=errors&field=fuel_consumed&min=100&max=2000.5&sort=date&dir=desc&size=100`,
    );
    await screen.findByText('fuel-2024.xlsx, row 14');
    expect(lastVariables('DataEntries')).toEqual({
      filter: {
        search: 'nordlys',
        category: 'vessel_fuel_consumption',
        fileId: FILE_ID,
        fileUploadId: BATCH_ID,
        isValid: false,
        fieldValue: { field: 'fuel_consumed', min: 100, max: 2000.5 },
      },
      order: { field: 'entryDate', direction: 'DESC' },
      pagination: { page: 1, pageSize: 100 },
    });
  });

  it("shows a supplier's entries through a request: the request and supplier as removable chips, and a Supplier column", async () => {
    const user = userEvent.setup();
    const { search, lastVariables } = show(`/app/data-entries?request=${TASK_ID}&supplier=${SUPPLIER_ID}`, {
      entries: [entry({ supplierOrganizationId: SUPPLIER_ID })],
    });
    await screen.findByText('fuel-2024.xlsx, row 14');
    expect(lastVariables('DataEntries')).toMatchObject({ filter: { calendarTaskId: TASK_ID, supplierOrganizationId: SUPPLIER_ID } });
    const chips = screen.getByRole('list', { name: 'Filters from the link' });
    expect(await within(chips).findByText('Fuel data for 2025 (Nordlys Shipping AS)')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getByRole('columnheader', { name: 'Supplier' })).toBeInTheDocument();
    expect(await within(screen.getByRole('table')).findByText('Nordlys Shipping AS')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear the request filter (Fuel data for 2025 (Nordlys Shipping AS))' }));
    await waitFor(() => expect(search().get('request')).toBeNull());
    expect(search().get('supplier')).toBe(SUPPLIER_ID);
    expect(lastVariables('DataEntries')).toMatchObject({ filter: { supplierOrganizationId: SUPPLIER_ID } });
    expect(lastVariables('DataEntries')?.filter).not.toHaveProperty('calendarTaskId');
  });

  it("has no Supplier column while the page holds only the organisation's own entries", async () => {
    show('/app/data-entries');
    await screen.findByText('fuel-2024.xlsx, row 14');
    expect(within(screen.getByRole('table')).queryByRole('columnheader', { name: 'Supplier' })).not.toBeInTheDocument();
  });

  it('ignores what the address may not hold: an unknown category, a field without a category, a size under 50', async () => {
    const { lastVariables } = show('/app/data-entries?category=plankton&field=fuel_consumed&eq=HFO&validity=maybe&size=10&file=not-an-id');
    await screen.findByText('fuel-2024.xlsx, row 14');
    expect(lastVariables('DataEntries')).toEqual({ filter: null, order: null, pagination: { page: 1, pageSize: 50 } });
  });

  it('writes the applied filters to the address, back on page 1, and queries with them', async () => {
    const user = userEvent.setup();
    const { search, lastVariables } = show('/app/data-entries?page=3', { totalCount: 400 });
    await screen.findByText('fuel-2024.xlsx, row 14');
    await user.type(screen.getByLabelText('Search'), 'Nordlys');
    await user.selectOptions(screen.getByLabelText('Category'), 'vessel_fuel_consumption');
    await user.selectOptions(screen.getByLabelText('Validity'), 'valid');
    await user.selectOptions(
      await screen.findByRole('option', { name: 'Fuel type' }).then(() => screen.getByLabelText('Field')),
      'fuel_type',
    );
    await user.selectOptions(screen.getByLabelText('Equals'), 'Marine gas oil');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(search().get('eq')).toBe('MGO'));
    expect(Object.fromEntries(search())).toEqual({
      search: 'Nordlys',
      category: 'vessel_fuel_consumption',
      validity: 'valid',
      field: 'fuel_type',
      eq: 'MGO',
    });
    expect(lastVariables('DataEntries')).toMatchObject({
      filter: { search: 'Nordlys', category: 'vessel_fuel_consumption', isValid: true, fieldValue: { field: 'fuel_type', equals: 'MGO' } },
      pagination: { page: 1, pageSize: 50 },
    });
  });

  it('refuses a reversed range before it reaches the address', async () => {
    const user = userEvent.setup();
    const { search } = show('/app/data-entries?category=vessel_fuel_consumption');
    await user.selectOptions(await screen.findByLabelText('Field'), await screen.findByRole('option', { name: 'Fuel consumed (t)' }));
    await user.type(screen.getByLabelText('At least (t)'), '500');
    await user.type(screen.getByLabelText('At most (t)'), '20');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The minimum is larger than the maximum.');
    expect(search().get('field')).toBeNull();
  });

  it('shows the file filter by the file’s name, and its clear button drops it from the address', async () => {
    const user = userEvent.setup();
    const { search } = show(`/app/data-entries?file=${FILE_ID}&sort=row`);
    await user.click(await screen.findByRole('button', { name: 'Clear the file filter (fuel-2024.xlsx)' }));
    expect(search().get('file')).toBeNull();
    expect(search().get('sort')).toBe('row');
  });

  it('keeps the chosen order in the address', async () => {
    const user = userEvent.setup();
    const { search, lastVariables } = show('/app/data-entries');
    await screen.findByText('fuel-2024.xlsx, row 14');
    await user.selectOptions(screen.getByLabelText('Order'), 'Entry date, earliest first');
    expect(Object.fromEntries(search())).toEqual({ sort: 'date' });
    await waitFor(() => expect(lastVariables('DataEntries')?.order).toEqual({ field: 'entryDate', direction: 'ASC' }));
  });
});

describe('data entries: the table and one entry', () => {
  it('with a category: one column per field, its unit in the header, values formatted', async () => {
    show('/app/data-entries?category=vessel_fuel_consumption');
    const table = await screen.findByRole('table', { name: /Data entries/ });
    await within(table).findByRole('columnheader', { name: 'Fuel consumed (t)' });
    const row = within(table).getByRole('row', { name: 'fuel-2024.xlsx, row 14, valid' });
    expect(within(row).getByText('Heavy fuel oil')).toBeInTheDocument();
    expect(within(row).getByText('Valid')).toBeInTheDocument();
    expect(within(row).getByText('1 Mar 2024')).toBeInTheDocument();
    expect(
      within(row).getByText(new Intl.NumberFormat(navigator.language, { maximumFractionDigits: 6 }).format(12500.5)),
    ).toBeInTheDocument();
  });

  it('without a category: a compact values column, and the issues counted', async () => {
    show('/app/data-entries', {
      entries: [
        entry({
          isValid: false,
          validationErrors: [
            { field: 'fuel_consumed', error: 'Must be at least 0', value: '-4', code: 'MIN', type: 'error' },
            { field: null, error: 'No entry date', value: null, code: 'NO_DATE', type: 'warning' },
          ],
        }),
      ],
    });
    const table = await screen.findByRole('table', { name: /Data entries/ });
    expect(within(table).getByRole('columnheader', { name: 'Values' })).toBeInTheDocument();
    const row = within(table).getByRole('row', { name: 'fuel-2024.xlsx, row 14, has errors' });
    expect(within(row).getByText(/Fuel type: HFO/)).toBeInTheDocument();
    expect(within(row).getByText('1 error, 1 warning')).toHaveAttribute('title', 'Must be at least 0\nNo entry date');
  });

  it('Enter on a row opens it in a side sheet with its source row and the way to its file', async () => {
    const user = userEvent.setup();
    show('/app/data-entries');
    const row = await screen.findByRole('row', { name: 'fuel-2024.xlsx, row 14, valid' });
    row.focus();
    await user.keyboard('{Enter}');
    const sheet = await screen.findByRole('dialog', { name: 'fuel-2024.xlsx, row 14' });
    expect(within(sheet).getByRole('rowheader', { name: 'Fuel [t]' })).toBeInTheDocument();
    expect(within(sheet).getByText('12 500,5')).toBeInTheDocument();
    expect(within(sheet).getByText('No errors or warnings.')).toBeInTheDocument();
    expect(within(sheet).getByRole('link', { name: 'Open the file' })).toHaveAttribute('href', `/app/uploads/${BATCH_ID}/files/${FILE_ID}`);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('from the sheet, “All entries of this file” filters the list by that file and closes the sheet', async () => {
    const user = userEvent.setup();
    const { search } = show('/app/data-entries?validity=valid');
    await user.click(await screen.findByText('fuel-2024.xlsx, row 14'));
    const sheet = await screen.findByRole('dialog', { name: 'fuel-2024.xlsx, row 14' });
    await user.click(within(sheet).getByRole('link', { name: 'All entries of this file' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(Object.fromEntries(search())).toEqual({ file: FILE_ID });
    expect(await screen.findByRole('button', { name: 'Clear the file filter (fuel-2024.xlsx)' })).toBeInTheDocument();
  });

  it('explains where entries come from when there are none, with the way to uploads and the templates', async () => {
    show('/app/data-entries', { entries: [] });
    expect(await screen.findByText('No data entries yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to uploads' })).toHaveAttribute('href', '/app/uploads');
    expect(screen.getByRole('button', { name: 'Download a template' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });
});

describe('data entries: export', () => {
  it('exports with the filter and order the list shows, then follows the link', async () => {
    const user = userEvent.setup();
    const { lastVariables } = show(`/app/data-entries?category=site_energy&validity=valid&upload=${BATCH_ID}&sort=row&dir=desc&page=2`, {
      totalCount: 120,
    });
    await screen.findByText('fuel-2024.xlsx, row 14');
    await user.click(screen.getByRole('button', { name: 'Export Excel' }));
    await waitFor(() => expect(window.location.hash).toBe('#export-ready'));
    expect(lastVariables('ExportDataEntries')).toEqual({
      input: {
        format: 'xlsx',
        filter: { category: 'site_energy', fileUploadId: BATCH_ID, isValid: true },
        order: { field: 'rowIndex', direction: 'DESC' },
      },
    });
  });

  it('says a large export may take a minute', async () => {
    show('/app/data-entries', { totalCount: 250_000 });
    expect(await screen.findByText(/250,000 entries to export: the download may take a minute to start\./)).toBeInTheDocument();
  });
});
