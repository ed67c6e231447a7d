import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Client, makeResult, type Operation, Provider } from 'urql';
import { describe, expect, it } from 'vitest';
import { filter, fromValue, mergeMap, never, pipe } from 'wonka';
import { TimeZoneProvider } from '../../lib/time-zone.tsx';
import type { RequestOverview, RequestRow } from './graphql.ts';
import { RequestsPage } from './requests-page.tsx';

const DAY = 86_400_000;
const SUPPLIER_A = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const SUPPLIER_B = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';
const CALENDAR_ID = '5d6e7f80-9a1b-4c2d-8e3f-4a5b6c7d8e9f';

const row = (id: string, patch: Partial<RequestRow> = {}): RequestRow => ({
  id,
  title: `Request ${id}`,
  subTitle: null,
  status: 'requested',
  displayStatus: 'requested',
  statusLabel: 'Requested',
  isOverdue: false,
  deadline: new Date(Date.now() + 5 * DAY).toISOString(),
  endDate: null,
  requiredUploadPurpose: 'vessel_fuel_consumption',
  requiredUploadSecondaryPurpose: '2025-Q3',
  submittedAt: null,
  acceptedAt: null,
  createdAt: '2026-01-01T09:00:00Z',
  updatedAt: '2026-01-01T09:00:00Z',
  supplierOrganization: { id: SUPPLIER_A, name: 'Nordic Bunkers AS' },
  ...patch,
});

const ROWS = [
  row('a'),
  row('b', {
    status: 'returned',
    displayStatus: 'overdue',
    isOverdue: true,
    deadline: new Date(Date.now() - 3 * DAY).toISOString(),
    supplierOrganization: { id: SUPPLIER_B, name: 'Baltic Ship Supply Oy' },
  }),
];

const OVERVIEW: RequestOverview = {
  total: 10,
  requested: 3,
  inProgress: 1,
  submitted: 2,
  returned: 1,
  accepted: 2,
  cancelled: 1,
  overdue: 2,
  responseRate: 0.556,
  onTimeRate: 0.8,
  suppliers: [
    {
      total: 6,
      answered: 4,
      onTime: 3,
      overdue: 1,
      open: 2,
      accepted: 2,
      supplierOrganization: { id: SUPPLIER_A, name: 'Nordic Bunkers AS' },
    },
    {
      total: 3,
      answered: 1,
      onTime: 1,
      overdue: 1,
      open: 2,
      accepted: 0,
      supplierOrganization: { id: SUPPLIER_B, name: 'Baltic Ship Supply Oy' },
    },
  ],
};

const nameOf = (operation: Operation) => operation.query.definitions.find((d) => d.kind === 'OperationDefinition')?.name?.value;

/** A client answering the screen's documents, keeping every operation it was sent. */
const fakeClient = (sent: Operation[], { rows = ROWS }: { rows?: RequestRow[] } = {}) =>
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
                case 'Viewer':
                  return { viewer: { userId: 'u1', organizationId: 'o1', permissions: ['calendar:read', 'calendar:create'] } };
                case 'CustomerRequests':
                  return {
                    calendarTasks: {
                      data: rows,
                      pageInfo: { totalPages: 1, currentPage: 1, totalCount: rows.length, hasNextPage: false, hasPreviousPage: false },
                    },
                  };
                case 'CustomerRequestOverview':
                  return { dataRequestOverview: OVERVIEW };
                case 'RequestActiveSuppliers':
                  return {
                    organizationRelationships: {
                      data: [
                        { id: 'r1', supplierOrganization: { id: SUPPLIER_A, name: 'Nordic Bunkers AS' } },
                        { id: 'r2', supplierOrganization: { id: SUPPLIER_B, name: 'Baltic Ship Supply Oy' } },
                      ],
                      pageInfo: { totalCount: 2 },
                    },
                  };
                case 'CreateRequestCalendar':
                  return { createCalendar: { id: CALENDAR_ID, deadline: operation.variables?.deadline } };
                case 'CreateCustomerRequest':
                  return { createCalendarTask: { ...row('new', { title: operation.variables?.input.title }), parentTaskId: null } };
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
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
};

const renderPage = (sent: Operation[], path = '/app/requests', options: { rows?: RequestRow[] } = {}) =>
  render(
    <Provider value={fakeClient(sent, options)}>
      <TimeZoneProvider timeZone="Europe/Oslo">
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/app/requests" element={<RequestsPage />} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </TimeZoneProvider>
    </Provider>,
  );

const requestVariables = (sent: Operation[]) => sent.filter((o) => nameOf(o) === 'CustomerRequests').map((o) => o.variables);

describe('RequestsPage', () => {
  it('shows the figures, each supplier’s answers and the requests by deadline', async () => {
    const sent: Operation[] = [];
    renderPage(sent);
    const figures = await screen.findByRole('region', { name: 'Request figures' });
    expect(within(figures).getByText('Response rate').nextSibling).toHaveTextContent('56%');
    expect(within(figures).getByText('5 of 9 answered')).toBeInTheDocument();
    expect(within(figures).getByText('On time').nextSibling).toHaveTextContent('80%');
    expect(within(figures).getByText('Open').nextSibling).toHaveTextContent('5');
    expect(within(figures).getByText('Overdue').nextSibling).toHaveTextContent('2');
    expect(within(figures).getByText('To review').nextSibling).toHaveTextContent('2');

    const bySupplier = screen.getByRole('table', { name: 'Requests by supplier' });
    const supplierRows = within(bySupplier).getAllByRole('row').slice(1);
    expect(supplierRows.map((r) => r.firstElementChild?.textContent)).toEqual(['Nordic Bunkers AS', 'Baltic Ship Supply Oy']);
    expect(supplierRows[0]).toHaveTextContent('4 (67%)');

    const requests = screen.getByRole('table', { name: /^Data requests/ });
    const a = within(requests).getByRole('row', { name: /Request a/ });
    expect(a).toHaveTextContent('Q3 2025');
    expect(a).toHaveTextContent('In 5 days');
    expect(within(a).getByRole('link', { name: 'Request a, Nordic Bunkers AS' })).toHaveAttribute('href', '/app/requests/a');
    const b = within(requests).getByRole('row', { name: /Request b/ });
    expect(b).toHaveTextContent('3 days overdue');
    expect(b).toHaveTextContent('Overdue');

    expect(requestVariables(sent)[0]).toMatchObject({ filter: { side: 'customer' }, sort: { field: 'deadline', direction: 'ASC' } });
    expect(within(requests).getByRole('columnheader', { name: /Deadline/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('keeps the status and period filters in the address and sends them', async () => {
    const user = userEvent.setup();
    const sent: Operation[] = [];
    renderPage(sent);
    await screen.findByRole('table', { name: /^Data requests/ });
    await user.selectOptions(screen.getByLabelText('Status'), 'Overdue');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/app/requests?status=overdue'));
    await user.type(screen.getByLabelText('Period'), '2025-q5{Enter}');
    expect(await screen.findByText(/The period must be a year, quarter, half or month/)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Period'));
    await user.type(screen.getByLabelText('Period'), '2025-q3{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/app/requests?status=overdue&period=2025-Q3'));
    await waitFor(() =>
      expect(requestVariables(sent).at(-1)).toMatchObject({ filter: { side: 'customer', status: 'overdue', period: '2025-Q3' } }),
    );
    expect(sent.filter((o) => nameOf(o) === 'CustomerRequestOverview').at(-1)?.variables).toEqual({ filter: { period: '2025-Q3' } });
  });

  it('says when nothing matches and clears the filters', async () => {
    const user = userEvent.setup();
    renderPage([], '/app/requests?status=accepted', { rows: [] });
    expect(await screen.findByText('No requests match')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/app\/requests$/));
  });

  it('asks an active supplier by hand: a calendar with the deadline, then the request in it', async () => {
    const user = userEvent.setup();
    const sent: Operation[] = [];
    renderPage(sent);
    await user.click(await screen.findByRole('button', { name: 'New request' }));
    const dialog = await screen.findByRole('dialog', { name: 'New data request' });
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText('Choose the supplier')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose the data you ask for')).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText(/Supplier/), 'Baltic Ship Supply Oy');
    await user.selectOptions(within(dialog).getByLabelText(/Data asked for/), 'Vessel fuel consumption');
    await user.type(within(dialog).getByLabelText(/Reporting period/), '2025-H1');
    await user.type(within(dialog).getByLabelText(/Message/), 'Per vessel, please.');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));

    expect(
      await screen.findByText(/^Request “Vessel fuel consumption data for H1 2025” sent\. The supplier has been emailed\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open it' })).toHaveAttribute('href', '/app/requests/new');
    expect(screen.queryByRole('dialog')).toBeNull();
    const calendar = sent.find((o) => nameOf(o) === 'CreateRequestCalendar');
    // 30 days ahead, due by 23:59 in Oslo.
    expect(new Date(calendar?.variables?.deadline).getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
    expect(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Oslo', timeStyle: 'short' }).format(new Date(calendar?.variables?.deadline)),
    ).toBe('23:59');
    expect(sent.find((o) => nameOf(o) === 'CreateCustomerRequest')?.variables?.input).toEqual({
      calendarId: CALENDAR_ID,
      taskType: 'data_request',
      supplierOrganizationId: SUPPLIER_B,
      title: 'Vessel fuel consumption data for H1 2025',
      message: 'Per vessel, please.',
      requiredUploadPurpose: 'vessel_fuel_consumption',
      requiredUploadSecondaryPurpose: '2025-H1',
    });
  });
});
