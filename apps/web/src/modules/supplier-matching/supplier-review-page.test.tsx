import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SupplierRow } from './graphql.ts';
import { SupplierReviewPage } from './supplier-review-page.tsx';
import { type Answers, type Sent, testClient, WithClient } from '../../test/test-client.tsx';

const UPLOAD_ID = 'b1';
const org = (id: string, name: string) => ({ __typename: 'Organization', id, name });

const supplier = (patch: Partial<SupplierRow>): SupplierRow & { __typename: string } => ({
  __typename: 'UploadSupplierData',
  id: 'usd-1',
  fileId: 'f1',
  fileName: 'voyages-2025.csv',
  supplierName: 'Acme Shipping',
  itemCount: 12,
  matchStatus: 'match',
  matchReason: 'Same registration number 912345678',
  matchScore: 1,
  isConfirmed: false,
  contactEmail: null,
  supplierOrgId: 'org-acme',
  calendarTaskId: null,
  supplierOrganization: org('org-acme', 'Acme Shipping AS'),
  possibleMatches: [],
  ...patch,
});

const exact = supplier({});
const semi = supplier({
  id: 'usd-2',
  supplierName: 'Nordlys Logistik',
  itemCount: 5,
  matchStatus: 'semiMatch',
  matchReason: 'Nordlys Logistics AB (0.81) and Nordlys Freight AS (0.77) are too close to choose between',
  matchScore: 0.81,
  supplierOrgId: null,
  supplierOrganization: null,
  possibleMatches: [
    { score: 0.81, reason: 'Similar name after removing AB', organization: org('org-nl', 'Nordlys Logistics AB') },
    { score: 0.77, reason: 'Similar name', organization: org('org-nf', 'Nordlys Freight AS') },
  ] as SupplierRow['possibleMatches'],
});
const unknown = supplier({
  id: 'usd-3',
  supplierName: 'Bluefin Bunkers',
  itemCount: 3,
  matchStatus: 'notMatch',
  matchReason: 'No organization has a similar name',
  matchScore: 0,
  supplierOrgId: null,
  supplierOrganization: null,
});

const upload = (patch: Record<string, unknown> = {}) => ({
  __typename: 'FileUpload',
  id: UPLOAD_ID,
  name: 'Q3 voyages',
  status: 'ready',
  completedAt: null,
  supplierEmails: [],
  files: [
    {
      __typename: 'File',
      id: 'f1',
      originalName: 'voyages-2025.csv',
      status: 'processed',
      fileMetadata: { __typename: 'FileMetadata', category: 'transport_legs' },
    },
  ],
  requests: [],
  ...patch,
});

const matching = (patch: Record<string, unknown> = {}) => ({
  __typename: 'FileUploadValidation',
  fileUploadId: UPLOAD_ID,
  supplierMatchingStatus: 'completed',
  totalSuppliers: 3,
  matchCount: 1,
  matchRowCount: 12,
  semiMatchCount: 1,
  semiMatchRowCount: 5,
  notMatchCount: 1,
  notMatchRowCount: 3,
  ...patch,
});

const viewer = (permissions = ['uploads:read', 'uploads:update', 'calendar:create']) => ({
  data: { viewer: { __typename: 'Viewer', userId: 'u1', organizationId: 'o1', permissions } },
});

/** A server holding the upload's suppliers: confirming and giving addresses change them, as the API does. */
const server = (rows: ReturnType<typeof supplier>[], overrides: Partial<Answers> = {}) => {
  const state = { rows: [...rows], upload: upload(), matching: matching() };
  const answers: Answers = {
    Viewer: () => viewer(),
    SupplierReview: () => ({
      data: { fileUpload: state.upload, fileUploadValidation: state.matching, uploadSupplierData: state.rows },
    }),
    ConfirmSupplierMatch: (variables) => {
      const { id, organizationId } = variables.input as { id: string; organizationId: string | null };
      const index = state.rows.findIndex((r) => r.id === id);
      const before = state.rows[index] as ReturnType<typeof supplier>;
      const chosen = before.possibleMatches.find((m) => m.organization.id === organizationId)?.organization ?? null;
      const after = {
        ...before,
        isConfirmed: true,
        matchStatus: chosen ? ('match' as const) : ('notMatch' as const),
        supplierOrgId: chosen?.id ?? null,
        supplierOrganization: chosen,
      };
      state.rows[index] = after;
      return { data: { confirmSupplierMatch: after } };
    },
    SetUploadSupplierContact: (variables) => {
      const { id, email } = variables.input as { id: string; email: string | null };
      const index = state.rows.findIndex((r) => r.id === id);
      const after = { ...(state.rows[index] as ReturnType<typeof supplier>), contactEmail: email };
      state.rows[index] = after;
      return { data: { setUploadSupplierContact: after } };
    },
    ...overrides,
  };
  return { state, answers };
};

const renderPage = (answers: Answers, sent: Sent[] = []) =>
  render(
    <WithClient client={testClient(answers, sent, { cache: true })} path={`/app/uploads/${UPLOAD_ID}/suppliers`} showLocation={false}>
      <Routes>
        <Route path="/app/uploads/:fileUploadId/suppliers" element={<SupplierReviewPage />} />
      </Routes>
    </WithClient>,
  );

/** A day a month ahead, as a date field holds it. */
const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

const fillRequest = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(screen.getByLabelText('Reporting period'), '2025-q3');
  fireEvent.change(screen.getByLabelText('Deadline'), { target: { value: inAMonth() } });
};

describe('SupplierReviewPage', () => {
  it('sums up the suppliers by where they stand, with their rows', async () => {
    renderPage(server([exact, semi, unknown]).answers);
    const summary = await screen.findByRole('region', { name: '3 suppliers found, 20 rows' });
    const tiles = within(summary).getAllByRole('definition');
    expect(
      within(summary)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Matched', 'To confirm', 'Unknown']);
    expect(tiles.map((t) => t.textContent)).toEqual([
      '1 supplier, 12 rows · Get a request.',
      '1 supplier, 5 rows · Choose the organisation before sending.',
      '1 supplier, 3 rows · Invited when you give an address.',
    ]);
    const cards = within(screen.getByRole('region', { name: 'Suppliers' })).getAllByRole('listitem', { name: /./ });
    // The supplier to confirm comes first.
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Nordlys Logistik', 'Acme Shipping', 'Bluefin Bunkers']);
    expect(within(cards[1] as HTMLElement).getByText('Matched')).toBeInTheDocument();
    expect(within(cards[1] as HTMLElement).getByText('Same registration number 912345678.')).toBeInTheDocument();
    expect(within(cards[0] as HTMLElement).getByText('Check the match')).toBeInTheDocument();
    expect(within(cards[2] as HTMLElement).getByText('Not on the platform')).toBeInTheDocument();
  });

  it('keeps Send disabled, saying why, until the possible match is confirmed', async () => {
    const user = userEvent.setup();
    const sent: Sent[] = [];
    renderPage(server([exact, semi, unknown]).answers, sent);
    const send = await screen.findByRole('button', { name: 'Send request' });
    expect(send).toBeDisabled();
    expect(send).toHaveAccessibleDescription('Confirm which organisation “Nordlys Logistik” is, or choose “None of these”.');

    const choices = screen.getByRole('group', { name: 'Which organisation is “Nordlys Logistik”?' });
    expect(within(choices).getByRole('radio', { name: 'Nordlys Logistics AB' })).toHaveAccessibleDescription(
      'Close (81%) · Similar name after removing AB',
    );
    expect(within(choices).getByRole('radio', { name: 'None of these' })).toBeInTheDocument();
    expect(within(choices).getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await user.click(within(choices).getByRole('radio', { name: 'Nordlys Freight AS' }));
    await user.click(within(choices).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Send request' })).toBeEnabled());
    expect(sent.find((s) => s.name === 'ConfirmSupplierMatch')?.variables).toEqual({ input: { id: 'usd-2', organizationId: 'org-nf' } });
    expect(await screen.findByText('“Nordlys Logistik” is confirmed as Nordlys Freight AS.')).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: '3 suppliers found, 20 rows' });
    expect(
      within(summary)
        .getAllByRole('definition')
        .map((t) => t.textContent?.split(' · ')[0]),
    ).toEqual(['2 suppliers, 17 rows', '0 suppliers, 0 rows', '1 supplier, 3 rows']);
  });

  it('sends the request to the matched suppliers and the addresses given, then lists what was made', async () => {
    const user = userEvent.setup();
    const sent: Sent[] = [];
    const skippedToo = supplier({ ...unknown, id: 'usd-4', supplierName: 'Kestrel Tankers', itemCount: 1 });
    const { answers, state } = server([exact, unknown, skippedToo], {
      SendUploadRequests: () => {
        state.upload = upload({
          status: 'completed',
          completedAt: '2026-01-01T10:00:00Z',
          supplierEmails: ['ops@bluefin.example'],
          requests: [
            {
              __typename: 'CalendarTask',
              id: 'task-1',
              title: 'Transport legs data for 2025-Q3',
              deadline: '2026-02-01T23:59:00Z',
              itemCount: 12,
              requiredUploadPurpose: 'transport_legs',
              requiredUploadSecondaryPurpose: '2025-Q3',
              supplierOrganization: org('org-acme', 'Acme Shipping AS'),
            },
            {
              __typename: 'CalendarTask',
              id: 'task-2',
              title: 'Transport legs data for 2025-Q3',
              deadline: '2026-02-01T23:59:00Z',
              itemCount: 3,
              requiredUploadPurpose: 'transport_legs',
              requiredUploadSecondaryPurpose: '2025-Q3',
              supplierOrganization: org('org-new', 'Bluefin Bunkers'),
            },
          ],
        });
        // The invited supplier's rows now carry its request, as the API records them.
        state.rows = state.rows.map((r) => (r.id === 'usd-3' ? { ...r, calendarTaskId: 'task-2' } : r));
        return { data: { completeFileUpload: state.upload } };
      },
    });
    renderPage(answers, sent);

    const bluefin = await screen.findByRole('listitem', { name: 'Bluefin Bunkers' });
    await user.type(within(bluefin).getByLabelText('Invite at'), 'Ops@Bluefin.example');
    await user.tab();
    await waitFor(() =>
      expect(sent.find((s) => s.name === 'SetUploadSupplierContact')?.variables).toEqual({
        input: { id: 'usd-3', email: 'ops@bluefin.example' },
      }),
    );

    expect(screen.getByLabelText('Data asked for')).toHaveValue('transport_legs');
    await fillRequest(user);
    expect(screen.getByLabelText(/^Title/)).toHaveAttribute('placeholder', 'Transport legs data for 2025-Q3');
    await user.click(screen.getByRole('button', { name: 'Send request' }));

    const result = await screen.findByRole('heading', { name: '2 requests sent' });
    expect(result).toHaveFocus();
    const request = sent.find((s) => s.name === 'SendUploadRequests')?.variables.input as Record<string, unknown>;
    expect(request).toMatchObject({
      fileUploadId: UPLOAD_ID,
      supplierEmails: ['ops@bluefin.example'],
      request: { requiredUploadPurpose: 'transport_legs', requiredUploadSecondaryPurpose: '2025-Q3', title: null, message: null },
    });
    expect((request.request as { deadline: string }).deadline).toBe(`${inAMonth()}T23:59:00.000Z`);

    const made = screen.getByRole('list', { name: 'Requests sent' });
    expect(
      within(made)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/app/requests/task-1', '/app/requests/task-2']);
    expect(within(made).getByText('Bluefin Bunkers · 3 rows')).toBeInTheDocument();
    const skipped = screen.getByRole('region', { name: '1 supplier got no request (no address given)' });
    expect(within(skipped).getByRole('listitem')).toHaveTextContent('Kestrel Tankers · voyages-2025.csv · 1 row');
    expect(screen.queryByRole('button', { name: 'Send request' })).not.toBeInTheDocument();
    const invited = screen.getByRole('listitem', { name: 'Bluefin Bunkers' });
    expect(await within(invited).findByText('Invited')).toBeInTheDocument();
    expect(within(invited).getByText('ops@bluefin.example')).toBeInTheDocument();
    expect(within(invited).queryByLabelText('Invite at')).not.toBeInTheDocument();
  });

  it("shows the server's refusal in the form's alert", async () => {
    const user = userEvent.setup();
    const { answers } = server([exact], {
      SendUploadRequests: () => ({ error: 'Confirm the match of “Nordlys Logistik” before sending', code: 'CONFLICT' }),
    });
    renderPage(answers);
    await screen.findByRole('button', { name: 'Send request' });
    await fillRequest(user);
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The request was not sent');
    expect(alert).toHaveTextContent('Confirm the match of “Nordlys Logistik” before sending');
  });

  it('refuses a past deadline and a wrong period before asking the server', async () => {
    const user = userEvent.setup();
    const sent: Sent[] = [];
    renderPage(server([exact]).answers, sent);
    await screen.findByRole('button', { name: 'Send request' });
    await user.type(screen.getByLabelText('Reporting period'), 'last year');
    fireEvent.change(screen.getByLabelText('Deadline'), { target: { value: '2020-01-01' } });
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('The deadline must be in the future')).toBeInTheDocument();
    expect(screen.getByText(/^The reporting period must be a year, quarter/)).toBeInTheDocument();
    expect(sent.some((s) => s.name === 'SendUploadRequests')).toBe(false);
  });

  it('while matching runs: a progress state, and Send waits for it', async () => {
    const { answers, state } = server([]);
    state.matching = matching({ supplierMatchingStatus: 'running', totalSuppliers: 0 });
    renderPage(answers);
    expect(await screen.findByText('Matching the suppliers named in your files…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send request' })).toHaveAccessibleDescription('Wait until the suppliers are matched.');
  });

  it('says when the upload does not exist', async () => {
    renderPage({ Viewer: () => viewer(), SupplierReview: () => ({ error: 'File upload not found', code: 'NOT_FOUND' }) });
    expect(await screen.findByText('This upload does not exist')).toBeInTheDocument();
  });
});
