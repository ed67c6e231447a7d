import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { InboxTask } from './graphql.ts';
import { InboxPage } from './inbox-page.tsx';
import { type Answers, type Sent, testClient, WithClient } from '../../test/test-client.tsx';

const CUSTOMER = '0b6a3c6e-8d0e-4a57-9d55-2d1b0c3f4e5a';
const DAY = 86_400_000;

const task = (patch: Partial<InboxTask> = {}): InboxTask & { __typename: 'CalendarTask' } => ({
  __typename: 'CalendarTask',
  id: 't1',
  title: 'Fuel per vessel 2025',
  subTitle: null,
  status: 'requested',
  displayStatus: 'overdue',
  statusLabel: 'Overdue',
  isOverdue: true,
  deadline: new Date(Date.now() - 2 * DAY).toISOString(),
  updatedAt: '2026-01-01T00:00:00Z',
  requiredUploadPurpose: 'vessel_fuel_consumption',
  requiredUploadSecondaryPurpose: '2025',
  itemCount: 12,
  customerOrganization: { id: CUSTOMER, name: 'Nordic Bulk' },
  assignedUser: { id: 'u2', email: 'ola@supplier.test', firstName: 'Ola', lastName: 'Hansen' },
  ...patch,
});

const page = (data: InboxTask[]) => ({
  data,
  pageInfo: { totalPages: 1, currentPage: 1, totalCount: data.length, hasNextPage: false, hasPreviousPage: false },
});
const total = (n: number) => ({ pageInfo: { totalCount: n } });

const answers = (rows: InboxTask[]): Answers => ({
  InboxTasks: () => ({ data: { calendarTasks: page(rows) } }),
  InboxCounts: () => ({
    data: { requested: total(3), inProgress: total(2), returned: total(1), overdue: total(1), submitted: total(4), accepted: total(9) },
  }),
  InboxCustomers: () => ({
    data: {
      organizationRelationships: { data: [{ id: 'r1', status: 'active', customerOrganization: { id: CUSTOMER, name: 'Nordic Bulk' } }] },
    },
  }),
});

const show = (given: Answers, path = '/app/inbox', sent: Sent[] = []) =>
  render(
    <WithClient client={testClient(given, sent)} path={path}>
      <Routes>
        <Route path="/app/inbox" element={<InboxPage />} />
      </Routes>
    </WithClient>,
  );

const lastFilter = (sent: Sent[]) => sent.filter((s) => s.name === 'InboxTasks').at(-1)?.variables.filter;

describe('requests inbox', () => {
  it('asks for the requests sent to the organisation with the filters of the address, and says how late each is', async () => {
    const sent: Sent[] = [];
    show(answers([task()]), `/app/inbox?status=overdue&customer=${CUSTOMER}`, sent);
    const table = await screen.findByRole('table', { name: 'Data requests from your customers' });
    expect(lastFilter(sent)).toEqual({ side: 'supplier', status: 'overdue', customerOrganizationId: CUSTOMER });
    const row = within(table).getByText('Fuel per vessel 2025').closest('tr') as HTMLElement;
    expect(within(row).getByText('2 days overdue')).toBeInTheDocument();
    expect(within(row).getByText('Nordic Bulk')).toBeInTheDocument();
    expect(within(row).getByText('Overdue')).toBeInTheDocument();
    expect(within(row).getByText('Ola Hansen')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Fuel per vessel 2025' })).toHaveAttribute('href', '/app/inbox/t1');
    expect(screen.getByLabelText('Status')).toHaveValue('overdue');
    expect(screen.getByLabelText('Customer')).toHaveValue(CUSTOMER);
  });

  it('shows what is to do, overdue, waiting for the customer and accepted', async () => {
    show(answers([task()]));
    const counts = await screen.findByRole('region', { name: 'Requests at a glance' });
    await waitFor(() => expect(within(counts).getByText('7')).toBeInTheDocument());
    expect(within(counts).getByRole('button', { name: /Waiting for customer: 4/ })).toBeInTheDocument();
    fireEvent.click(within(counts).getByRole('button', { name: /Overdue: 1/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/app/inbox?status=overdue'));
  });

  it('puts an applied period in the address and asks with it; a wrong period is refused on the spot', async () => {
    const sent: Sent[] = [];
    show(answers([task()]), '/app/inbox', sent);
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'last year' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The period must be a year, quarter, half or month');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/app\/inbox$/);
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: '2025-q3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('period=2025-q3'));
    await waitFor(() => expect(lastFilter(sent)).toEqual({ side: 'supplier', period: '2025-Q3' }));
  });

  it('explains what a request is when there is none yet', async () => {
    show(answers([]));
    expect(await screen.findByText('No requests yet')).toBeInTheDocument();
    expect(screen.getByText(/download a template already filled with the rows they know/)).toBeInTheDocument();
  });

  it('counts the days by the server’s clock, which a test may have moved on', async () => {
    const given = answers([
      task({
        status: 'requested',
        displayStatus: 'requested',
        statusLabel: 'Requested',
        isOverdue: false,
        deadline: new Date(Date.now() + 7 * DAY).toISOString(),
      }),
    ]);
    show({ ...given, ServerClock: () => ({ data: { clock: new Date(Date.now() + 2 * DAY).toISOString() } }) });
    expect(await screen.findByText('due in 5 days')).toBeInTheDocument();
  });

  it('says a request due soon is due, in days, and one answered is not', async () => {
    show(
      answers([
        task({
          id: 't2',
          title: 'Voyages Q1',
          status: 'in_progress',
          displayStatus: 'in_progress',
          statusLabel: 'In progress',
          isOverdue: false,
          deadline: new Date(Date.now() + 3 * DAY).toISOString(),
        }),
        task({
          id: 't3',
          title: 'Port calls',
          status: 'submitted',
          displayStatus: 'submitted',
          statusLabel: 'Submitted',
          isOverdue: false,
        }),
      ]),
    );
    const table = await screen.findByRole('table');
    const due = within(table).getByText('Voyages Q1').closest('tr') as HTMLElement;
    expect(within(due).getByText('due in 3 days')).toBeInTheDocument();
    const answered = within(table).getByText('Port calls').closest('tr') as HTMLElement;
    expect(within(answered).queryByText(/overdue|due /)).toBeNull();
  });
});
