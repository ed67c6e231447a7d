import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type Answers, type Sent, testClient, WithClient } from '../../test/test-client.tsx';
import type { PactConnection, PactReceivedFootprint } from './graphql.ts';
import { PactConnectionsPage } from './connections-page.tsx';
import { PactReceivedPage } from './received-page.tsx';

const connection = (patch: Partial<PactConnection> = {}): PactConnection => ({
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Baltic host',
  baseUrl: 'https://pact.baltic.example',
  tokenUrl: 'https://pact.baltic.example/auth/token',
  clientId: 'nordwind',
  status: 'synced',
  lastSyncStartedAt: '2026-03-01T08:00:00Z',
  lastSyncedAt: '2026-03-01T08:01:00Z',
  lastError: null,
  footprintCount: 2,
  footprintsWithQuantity: 1,
  createdAt: '2026-01-01T00:00:00Z',
  supplier: { id: 's1', name: 'Baltic Marine Services' },
  entriesFile: { id: '22222222-2222-4222-8222-222222222222', originalName: 'PACT footprints from Baltic host' },
  ...patch,
});

const footprint = (patch: Partial<PactReceivedFootprint> = {}): PactReceivedFootprint => ({
  id: '33333333-3333-4333-8333-333333333333',
  productName: 'Short-sea container transport',
  productIds: ['urn:pact:baltic:tsc:1'],
  companyName: 'Baltic Marine Services',
  version: 1,
  status: 'Active',
  declaredUnit: 'ton kilometer',
  pcfExcludingBiogenic: '0.0123',
  primaryDataShare: 80,
  referencePeriodStart: '2025-01-01T00:00:00Z',
  referencePeriodEnd: '2026-01-01T00:00:00Z',
  quantity: null,
  isValid: true,
  problems: [],
  receivedAt: '2026-03-01T08:01:00Z',
  connection: { id: '11111111-1111-4111-8111-111111111111' },
  ...patch,
});

const viewer = (permissions: string[]) => () => ({ data: { viewer: { userId: 'u1', organizationId: 'o1', permissions } } });
const page = (data: PactReceivedFootprint[]) => ({
  data: {
    pactReceivedFootprints: {
      data,
      pageInfo: { totalPages: 1, currentPage: 1, totalCount: data.length, hasNextPage: false, hasPreviousPage: false },
    },
  },
});

const show = (ui: React.ReactNode, answers: Answers, sent: Sent[] = [], path = '/app/pact/received') =>
  render(
    <WithClient client={testClient(answers, sent)} path={path}>
      {ui}
    </WithClient>,
  );

describe('received footprints', () => {
  it('saves a quantity per row, says that footprints without one make no emissions, and links to the entries', async () => {
    const user = userEvent.setup();
    const sent: Sent[] = [];
    show(
      <PactReceivedPage />,
      {
        Viewer: viewer(['pact:read', 'pact:manage']),
        PactConnections: () => ({ data: { pactConnections: [connection()] } }),
        PactReceivedFootprints: () =>
          page([
            footprint(),
            footprint({
              id: '44444444-4444-4444-8444-444444444444',
              isValid: false,
              problems: ['pcf.declaredUnit: not a unit of the spec'],
            }),
          ]),
        SetPactFootprintQuantity: (v) => ({
          data: { setPactFootprintQuantity: footprint({ quantity: (v.input as { quantity: number }).quantity }) },
        }),
      },
      sent,
    );
    const table = await screen.findByRole('region', { name: 'Footprints received from Baltic host' });
    expect(sent.find((s) => s.name === 'PactReceivedFootprints')?.variables.filter).toEqual({ connectionId: connection().id });
    expect(screen.getByText(/only with the quantity you bought in its reference period does it make emissions/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the data entries made from these footprints' })).toHaveAttribute(
      'href',
      '/app/data-entries?file=22222222-2222-4222-8222-222222222222',
    );
    expect(within(table).getByText('pcf.declaredUnit: not a unit of the spec')).toBeInTheDocument();
    expect(within(table).getByText('Invalid: no entry')).toBeInTheDocument();

    const input = within(table).getByLabelText('Quantity of ton kilometer bought of Short-sea container transport', {
      selector: 'input:not([disabled])',
    });
    await user.type(input, 'abc');
    await user.click(
      within(table).getAllByRole('button', { name: 'Save the quantity of Short-sea container transport' })[0] as HTMLElement,
    );
    expect(await within(table).findByText('Enter a number of zero or more, like 1200 or 35.5.')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '1 250 000{Enter}');
    expect(await within(table).findByText('Saved.')).toBeInTheDocument();
    expect(sent.find((s) => s.name === 'SetPactFootprintQuantity')?.variables).toEqual({
      input: { connectionId: connection().id, footprintId: footprint().id, quantity: 1_250_000 },
    });
  });

  it('keeps a saved quantity and its outcome when the list is read again after the save', async () => {
    const user = userEvent.setup();
    let stored: number | null = null;
    const sent: Sent[] = [];
    render(
      <WithClient
        client={testClient(
          {
            Viewer: viewer(['pact:read', 'pact:manage']),
            PactConnections: () => ({ data: { pactConnections: [connection()] } }),
            // With their typename, as the server answers: the document cache reads the list again after the save.
            PactReceivedFootprints: () => page([Object.assign(footprint({ quantity: stored }), { __typename: 'PactReceivedFootprint' })]),
            SetPactFootprintQuantity: (v) => {
              stored = (v.input as { quantity: number }).quantity;
              return { data: { setPactFootprintQuantity: { ...footprint({ quantity: stored }), __typename: 'PactReceivedFootprint' } } };
            },
          },
          sent,
          { cache: true },
        )}
        path="/app/pact/received"
      >
        <PactReceivedPage />
      </WithClient>,
    );
    const table = await screen.findByRole('region', { name: 'Footprints received from Baltic host' });
    const input = within(table).getByLabelText('Quantity of ton kilometer bought of Short-sea container transport', {
      selector: 'input:not([disabled])',
    });
    const reads = sent.filter((s) => s.name === 'PactReceivedFootprints').length;
    await user.type(input, '1 000 000{Enter}');
    await vi.waitFor(() => expect(sent.filter((s) => s.name === 'PactReceivedFootprints').length).toBeGreaterThan(reads));
    expect(await within(table).findByText('Saved.')).toBeInTheDocument();
    expect(
      within(table).getByLabelText('Quantity of ton kilometer bought of Short-sea container transport', {
        selector: 'input:not([disabled])',
      }),
    ).toHaveValue('1000000');
  });

  it('points to the connections when there are none', async () => {
    show(<PactReceivedPage />, { Viewer: viewer(['pact:read']), PactConnections: () => ({ data: { pactConnections: [] } }) });
    expect(await screen.findByText('No connections yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to connections' })).toHaveAttribute('href', '/app/pact/connections');
  });
});

describe('connections', () => {
  it('shows a sync pushed by the server as it happens and announces it', async () => {
    show(
      <PactConnectionsPage />,
      {
        Viewer: viewer(['pact:read']),
        PactConnections: () => ({ data: { pactConnections: [connection({ status: 'idle', lastSyncedAt: null })] } }),
        PactConnectionUpdated: () => ({
          data: { pactConnectionUpdated: connection({ status: 'failed', lastError: 'The partner refused the client credentials (401).' }) },
        }),
      },
      [],
      '/app/pact/connections',
    );
    expect(await screen.findByText('The partner refused the client credentials (401).')).toBeInTheDocument();
    expect(screen.getByText('Failed')).toBeInTheDocument();
    expect(screen.getByText('Baltic host: failed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add connection' })).not.toBeInTheDocument();
  });
});
