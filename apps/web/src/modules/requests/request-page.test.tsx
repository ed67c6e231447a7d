import { GraphQLError } from 'graphql';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Client, makeResult, type Operation, Provider } from 'urql';
import { describe, expect, it } from 'vitest';
import { filter, fromValue, mergeMap, never, pipe } from 'wonka';
import { TimeZoneProvider } from '../../lib/time-zone.tsx';
import type { AnswerValidation, RequestDetail } from './graphql.ts';
import { RequestPage } from './request-page.tsx';

const TASK_ID = '3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b';
const UPLOAD_ID = '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const FILE_ID = '0b6f1c9e-2f4a-4c1e-9d7a-1a2b3c4d5e6f';
const DAY = 86_400_000;

const submitted: RequestDetail = {
  id: TASK_ID,
  title: 'Vessel fuel consumption data for Q3 2025',
  subTitle: null,
  status: 'submitted',
  displayStatus: 'submitted',
  statusLabel: 'Submitted',
  isOverdue: false,
  deadline: new Date(Date.now() + 10 * DAY).toISOString(),
  endDate: null,
  requiredUploadPurpose: 'vessel_fuel_consumption',
  requiredUploadSecondaryPurpose: '2025-Q3',
  submittedAt: '2026-03-20T08:00:00Z',
  acceptedAt: null,
  createdAt: '2026-03-01T08:00:00Z',
  updatedAt: '2026-03-20T08:00:00Z',
  supplierOrganization: { id: 's1', name: 'Nordic Bunkers AS' },
  taskType: 'data_request',
  message: 'One row per vessel and month.',
  startDate: null,
  viewerSide: 'customer',
  allowedTransitions: ['accepted', 'returned', 'cancelled'],
  itemCount: 0,
  parentTaskId: null,
  calendarId: 'c1',
  responseUploadId: UPLOAD_ID,
  assignedUser: null,
  customerOrganization: { id: 'o1', name: 'Nordwind Shipping' },
  reviews: [],
  subtasks: [],
  responseUpload: {
    id: UPLOAD_ID,
    name: 'Q3 fuel',
    status: 'ready',
    completedAt: null,
    files: [{ id: FILE_ID, originalName: 'fuel-q3.xlsx', status: 'processed' }],
  },
};

const VALIDATION: AnswerValidation = {
  fileUploadId: UPLOAD_ID,
  status: 'validated',
  totalRowCount: 12,
  validRowCount: 11,
  invalidRowCount: 1,
  emptyRowCount: 0,
  dataPointErrors: 1,
  dataPointWarnings: 2,
  dataPointSuccesses: 70,
  files: [
    {
      fileId: FILE_ID,
      category: 'vessel_fuel_consumption',
      status: 'validated',
      totalRows: 12,
      validRows: 11,
      invalidRows: 1,
      errorCount: 1,
      warningCount: 2,
      isValid: false,
      validatedAt: '2026-03-20T07:00:00Z',
      missingRequiredFields: [],
      errors: [
        { code: 'INVALID_ENUM', field: 'fuel_type', message: 'HFO2 is not a fuel type', rowNumber: 7, type: 'error', value: 'HFO2' },
      ],
      warnings: [],
    },
  ],
};

const nameOf = (operation: Operation) => operation.query.definitions.find((d) => d.kind === 'OperationDefinition')?.name?.value;

const fakeClient = (sent: Operation[], task: RequestDetail | null) =>
  new Client({
    url: '/graphql',
    exchanges: [
      () => (operations$) =>
        pipe(
          operations$,
          filter((operation: Operation) => operation.kind !== 'teardown'),
          mergeMap((operation: Operation) => {
            sent.push(operation);
            const name = nameOf(operation);
            if (name === 'CustomerRequest' && !task)
              return fromValue(
                makeResult(operation, {
                  errors: [new GraphQLError('Data request not found', { extensions: { code: 'NOT_FOUND' } })],
                }),
              );
            const data = (() => {
              switch (name) {
                case 'CustomerRequest':
                  return { calendarTask: task };
                case 'RequestCategoryFields':
                  return {
                    fieldsByCategory: [
                      { key: 'imo_number', label: 'IMO number' },
                      { key: 'fuel_type', label: 'Fuel type' },
                    ],
                  };
                case 'RequestAnswerValidation':
                  return { fileUploadValidation: VALIDATION };
                case 'AnswerIssuesExport':
                  return {
                    exportValidationIssues: {
                      url: 'http://localhost/exports/t',
                      fileName: 'fuel-q3-issues.csv',
                      expiresAt: '2026-03-21T10:05:00Z',
                    },
                  };
                case 'RequestAnswerEntries':
                  return {
                    dataEntries: {
                      data: [
                        {
                          id: 'e1',
                          rowNumber: 2,
                          isValid: true,
                          entryDate: '2025-07-31',
                          fileId: FILE_ID,
                          values: [
                            {
                              fieldName: 'imo_number',
                              label: 'IMO number',
                              stringValue: '9321483',
                              numberValue: null,
                              booleanValue: null,
                              dateValue: null,
                              unit: null,
                              dataType: 'string',
                            },
                            {
                              fieldName: 'fuel_consumed',
                              label: 'Fuel consumed',
                              stringValue: null,
                              numberValue: 1250.5,
                              booleanValue: null,
                              dateValue: null,
                              unit: 't',
                              dataType: 'number',
                            },
                          ],
                        },
                      ],
                      pageInfo: { totalPages: 1, currentPage: 1, totalCount: 12, hasNextPage: false, hasPreviousPage: false },
                    },
                  };
                case 'UpdateCustomerRequest': {
                  const status = operation.variables?.input.status;
                  return {
                    updateCalendarTask: {
                      ...task,
                      status,
                      displayStatus: status,
                      allowedTransitions: status === 'returned' ? ['cancelled'] : [],
                      updatedAt: '2026-03-21T08:00:00Z',
                      acceptedAt: status === 'accepted' ? '2026-03-21T08:00:00Z' : null,
                      reviews:
                        status === 'returned'
                          ? [
                              {
                                id: 'rv1',
                                createdAt: '2026-03-21T08:00:00Z',
                                createdByEmail: 'astrid@nordwind.example',
                                ...operation.variables?.input.review,
                              },
                            ]
                          : [],
                    },
                  };
                }
                default:
                  return null;
              }
            })();
            return data ? fromValue(makeResult(operation, { data })) : never;
          }),
        ),
    ],
  });

const renderPage = (sent: Operation[], task: RequestDetail | null = submitted) =>
  render(
    <Provider value={fakeClient(sent, task)}>
      <TimeZoneProvider timeZone="UTC">
        <MemoryRouter initialEntries={[`/app/requests/${TASK_ID}`]}>
          <Routes>
            <Route path="/app/requests/:taskId" element={<RequestPage />} />
          </Routes>
        </MemoryRouter>
      </TimeZoneProvider>
    </Provider>,
  );

const updates = (sent: Operation[]) => sent.filter((o) => nameOf(o) === 'UpdateCustomerRequest').map((o) => o.variables?.input);

describe('RequestPage', () => {
  it('shows a submitted answer with its validation and entries, and accepts it after a confirmation', async () => {
    const user = userEvent.setup();
    const sent: Operation[] = [];
    renderPage(sent);
    expect(await screen.findByRole('heading', { name: 'Submitted on 20 Mar 2026' })).toBeInTheDocument();
    expect(screen.getByText('One row per vessel and month.')).toBeInTheDocument();
    const validation = screen.getByRole('region', { name: 'Validation' });
    expect(await within(validation).findByText('fuel-q3.xlsx')).toBeInTheDocument();
    expect(within(validation).getByText(/HFO2 is not a fuel type/)).toBeInTheDocument();
    // The file's issues as CSV, for the review.
    await user.click(within(validation).getByRole('button', { name: 'Download the issues of fuel-q3.xlsx (CSV)' }));
    await waitFor(() => expect(sent.find((o) => nameOf(o) === 'AnswerIssuesExport')?.variables).toEqual({ fileId: FILE_ID }));
    const entries = (await screen.findByRole('heading', { level: 3, name: /^Entries/ })).closest('section') as HTMLElement;
    expect(await within(entries).findByText('9321483')).toBeInTheDocument();
    expect(within(entries).getByText('1,250.5 t')).toBeInTheDocument();
    expect(within(entries).getByRole('link', { name: 'Open in data entries' })).toHaveAttribute(
      'href',
      `/app/data-entries?request=${TASK_ID}`,
    );
    expect(sent.find((o) => nameOf(o) === 'RequestAnswerEntries')?.variables?.filter).toEqual({ calendarTaskId: TASK_ID });

    await user.click(screen.getByRole('button', { name: 'Accept answer' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Accept this answer?' });
    expect(dialog).toHaveTextContent('Accepting is final; the entries join your data.');
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(updates(sent)).toEqual([{ id: TASK_ID, status: 'accepted' }]));
    expect(await screen.findByRole('heading', { name: 'Accepted on 21 Mar 2026' })).toBeInTheDocument();
    expect(screen.getByText('Accepted. The entries are part of your data.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Return with comments' })).toBeNull();
  });

  it('returns the answer with a message and comments on rows and fields', async () => {
    const user = userEvent.setup();
    const sent: Operation[] = [];
    renderPage(sent);
    await user.click(await screen.findByRole('button', { name: 'Return with comments' }));
    await user.type(screen.getByLabelText(/What should the supplier change/), 'Row 7 has a wrong fuel type.');
    await user.click(screen.getByRole('button', { name: 'Add a comment' }));
    const comment = screen.getByRole('group', { name: 'Comment 1' });
    await user.type(within(comment).getByLabelText(/Row/), '7');
    await user.selectOptions(within(comment).getByLabelText(/Field/), 'Fuel type');
    await user.type(within(comment).getByLabelText('Comment'), 'Use HFO, VLSFO or MGO');
    await user.click(screen.getByRole('button', { name: 'Return to the supplier' }));
    await waitFor(() =>
      expect(updates(sent)).toEqual([
        {
          id: TASK_ID,
          status: 'returned',
          review: {
            message: 'Row 7 has a wrong fuel type.',
            comments: [{ rowNumber: 7, field: 'fuel_type', message: 'Use HFO, VLSFO or MGO' }],
          },
        },
      ]),
    );
    expect(await screen.findByRole('heading', { name: 'Returned on 21 Mar 2026 with 1 comment' })).toBeInTheDocument();
    const comments = screen.getByText('Your comments').closest('div')?.parentElement as HTMLElement;
    expect(within(comments).getByText('Row 7, Fuel type')).toBeInTheDocument();
  });

  it('says when the request does not exist (or is another organisation’s)', async () => {
    renderPage([], null);
    expect(await screen.findByText('This request does not exist')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to all data requests' })).toHaveAttribute('href', '/app/requests');
  });

  it('shows whose turn it is on a request the supplier has not answered', async () => {
    renderPage([], {
      ...submitted,
      status: 'requested',
      displayStatus: 'overdue',
      isOverdue: true,
      allowedTransitions: ['cancelled'],
      submittedAt: null,
      responseUpload: null,
      responseUploadId: null,
      deadline: new Date(Date.now() - 2 * DAY).toISOString(),
    });
    expect(await screen.findByRole('heading', { name: /^Overdue since/ })).toBeInTheDocument();
    expect(screen.getByText('No answer to review yet')).toBeInTheDocument();
    expect(screen.getByText('2 days overdue')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept answer' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel request' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change deadline' })).toBeInTheDocument();
  });
});
