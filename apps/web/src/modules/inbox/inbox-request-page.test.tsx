import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AnswerFile, InboxRequest } from './graphql.ts';
import { InboxRequestPage } from './inbox-request-page.tsx';
import { type Answers, type Sent, testClient, WithClient } from '../../test/test-client.tsx';

const DAY = 86_400_000;

const answerFile = (validation: Partial<AnswerFile['validation']> = {}): AnswerFile => ({
  id: 'f1',
  originalName: 'fuel-2025.xlsx',
  status: 'processed',
  updatedAt: '2026-01-02T00:00:00Z',
  error: null,
  validation: {
    fileId: 'f1',
    status: 'validated',
    isValid: true,
    errorCount: 0,
    warningCount: 0,
    validRows: 12,
    invalidRows: 0,
    totalRows: 12,
    category: 'vessel_fuel_consumption',
    failureReason: null,
    ...validation,
  },
});

const request = (patch: Partial<InboxRequest> = {}): InboxRequest => ({
  id: 't1',
  title: 'Fuel 2025',
  subTitle: null,
  status: 'requested',
  displayStatus: 'requested',
  statusLabel: 'Requested',
  isOverdue: false,
  deadline: new Date(Date.now() + 10 * DAY).toISOString(),
  updatedAt: '2026-01-01T00:00:00Z',
  requiredUploadPurpose: 'vessel_fuel_consumption',
  requiredUploadSecondaryPurpose: '2025',
  itemCount: 12,
  customerOrganization: { id: 'c1', name: 'Nordic Bulk' },
  assignedUser: null,
  message: 'Please use the template.',
  taskType: 'data_request',
  viewerSide: 'supplier',
  allowedTransitions: ['in_progress', 'submitted'],
  submittedAt: null,
  acceptedAt: null,
  createdAt: '2026-01-01T00:00:00Z',
  startDate: null,
  endDate: null,
  responseUploadId: null,
  parentTaskId: null,
  supplierOrganizationId: 's1',
  responseUpload: null,
  reviews: [],
  subtasks: [],
  ...patch,
});

const withAnswer = (file: AnswerFile) => ({
  responseUploadId: 'u1',
  responseUpload: { id: 'u1', name: 'Fuel 2025 – answer', status: 'processing' as const, createdAt: '2026-01-02T00:00:00Z', files: [file] },
});

const answers = (task: InboxRequest, extra: Answers = {}): Answers => ({
  Viewer: () => ({
    data: { viewer: { userId: 'me', organizationId: 's1', permissions: ['calendar:read', 'calendar:update', 'uploads:create'] } },
  }),
  InboxRequest: () => ({ data: { calendarTask: task } }),
  RequestFields: () => ({
    data: {
      fieldsByCategory: [
        { key: 'imo_number', label: 'IMO number', requirement: 'required', description: '' },
        { key: 'fuel_type', label: 'Fuel type', requirement: 'required', description: '' },
        { key: 'fuel_consumed', label: 'Fuel consumed', requirement: 'required', description: '' },
      ],
    },
  }),
  RequestRows: () => ({ data: { uploadSupplierDataByTask: [] } }),
  ...extra,
});

const show = (given: Answers, sent: Sent[] = []) =>
  render(
    <WithClient client={testClient(given, sent)} path="/app/inbox/t1">
      <Routes>
        <Route path="/app/inbox/:taskId" element={<InboxRequestPage />} />
        <Route path="/app/uploads/:id" element={<p>Upload screen</p>} />
      </Routes>
    </WithClient>,
  );

describe('a request in the supplier’s inbox', () => {
  it('says what is asked and what to do, and starts the answer as an upload tied to the request', async () => {
    const sent: Sent[] = [];
    show(
      answers(request(), {
        CreateAnswerUpload: () => ({ data: { createFileUpload: { id: 'u9', name: 'Fuel 2025 – answer', calendarTaskId: 't1' } } }),
      }),
      sent,
    );
    expect(await screen.findByRole('heading', { name: 'Fuel 2025' })).toBeInTheDocument();
    expect(screen.getByText('Download the template, fill it in, and upload it as your answer.')).toBeInTheDocument();
    expect(await screen.findByText('IMO number, Fuel type, Fuel consumed')).toBeInTheDocument();
    expect(screen.getByText('due in 10 days')).toBeInTheDocument();
    expect(screen.getByText('Please use the template.')).toBeInTheDocument();
    expect(screen.getByText('Upload your answer first.')).toBeInTheDocument();
    // The request names the data it wants, so it cannot be submitted without an answer (the shared rule).
    expect(screen.getByRole('button', { name: 'Submit to Nordic Bulk' })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Upload your answer' }));
    expect(await screen.findByText('Upload screen')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/app/uploads/u9');
    expect(sent.find((s) => s.name === 'CreateAnswerUpload')?.variables).toEqual({
      input: { name: 'Fuel 2025 – answer', calendarTaskId: 't1' },
    });
  });

  it('shows the answer’s files with their mapping and validation screens, and the server’s refusal of a submission', async () => {
    const sent: Sent[] = [];
    const task = request({
      status: 'in_progress',
      displayStatus: 'in_progress',
      statusLabel: 'In progress',
      ...withAnswer(answerFile({ status: 'not_started' })),
    });
    show(
      answers(task, {
        UpdateRequest: () => ({ error: 'fuel-2025.xlsx is not validated yet. Validate it before submitting.', code: 'CONFLICT' }),
      }),
      sent,
    );
    const files = await screen.findByRole('list', { name: 'Files of your answer' });
    expect(within(files).getByText('To map and validate')).toBeInTheDocument();
    expect(within(files).getByRole('link', { name: 'Mapping of fuel-2025.xlsx' })).toHaveAttribute(
      'href',
      '/app/uploads/u1/files/f1/mapping',
    );
    expect(within(files).getByRole('link', { name: 'Validation of fuel-2025.xlsx' })).toHaveAttribute(
      'href',
      '/app/uploads/u1/files/f1/validation',
    );
    expect(screen.getByText('Map and validate fuel-2025.xlsx, then submit your answer to Nordic Bulk.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Submit to Nordic Bulk' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('fuel-2025.xlsx is not validated yet. Validate it before submitting.');
    expect(sent.find((s) => s.name === 'UpdateRequest')?.variables).toEqual({ input: { id: 't1', status: 'submitted' } });
  });

  it('puts the customer’s review on top when the answer came back, and starts on the comments', async () => {
    const sent: Sent[] = [];
    const task = request({
      status: 'returned',
      displayStatus: 'returned',
      statusLabel: 'Returned with comments',
      allowedTransitions: ['in_progress', 'submitted'],
      ...withAnswer(answerFile()),
      reviews: [
        {
          id: 'r1',
          message: 'Two vessels are missing their fuel type.',
          createdAt: '2026-01-03T09:00:00Z',
          createdByEmail: 'anna@nordicbulk.test',
          comments: [
            { rowNumber: 4, field: 'fuel_type', message: 'HFO or VLSFO?' },
            { rowNumber: null, field: 'fuel_consumed', message: 'Tonnes, please.' },
          ],
        },
      ],
    });
    show(answers(task, { UpdateRequest: () => ({ data: { updateCalendarTask: { ...task, status: 'in_progress' } } }) }), sent);
    expect(await screen.findByRole('heading', { name: 'Nordic Bulk returned your answer' })).toBeInTheDocument();
    expect(screen.getByText('Two vessels are missing their fuel type.')).toBeInTheDocument();
    const comments = screen.getByRole('list', { name: 'Comments on your answer' });
    await waitFor(() => expect(within(comments).getByText('Row 4 · Fuel type')).toBeInTheDocument());
    expect(within(comments).getByText('Fuel consumed (every row)')).toBeInTheDocument();
    expect(within(comments).getByRole('link', { name: 'See the entries of row 4' })).toHaveAttribute(
      'href',
      '/app/data-entries?file=f1&sort=row',
    );
    expect(screen.getByRole('button', { name: 'Resubmit to Nordic Bulk' })).toBeEnabled();

    fireEvent.click(screen.getByRole('button', { name: 'Start on the comments' }));
    await waitFor(() =>
      expect(sent.find((s) => s.name === 'UpdateRequest')?.variables).toEqual({ input: { id: 't1', status: 'in_progress' } }),
    );
  });

  it('offers taking a submission back while the customer reviews it, and nothing once accepted', async () => {
    const submitted = request({
      status: 'submitted',
      displayStatus: 'submitted',
      statusLabel: 'Submitted',
      allowedTransitions: ['in_progress'],
      ...withAnswer(answerFile()),
    });
    const { unmount } = show(answers(submitted));
    expect(await screen.findByRole('button', { name: 'Take back' })).toBeInTheDocument();
    expect(
      screen.getByText('Nordic Bulk is reviewing your answer. You can take it back until they accept or return it.'),
    ).toBeInTheDocument();
    unmount();

    const accepted = request({
      status: 'accepted',
      displayStatus: 'accepted',
      statusLabel: 'Accepted',
      allowedTransitions: [],
      ...withAnswer(answerFile()),
    });
    show(answers(accepted));
    expect(await screen.findByText(/Nordic Bulk accepted your answer/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Submit|Take back|Replace answer/ })).toBeNull();
  });

  it('says a request that is not the organisation’s does not exist', async () => {
    show({ ...answers(request()), InboxRequest: () => ({ error: 'Calendar task not found', code: 'NOT_FOUND' }) });
    expect(await screen.findByText('This request does not exist')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the inbox' })).toHaveAttribute('href', '/app/inbox');
  });
});
