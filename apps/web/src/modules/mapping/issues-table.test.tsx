import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ValidationIssue } from './graphql.ts';
import { IssuesTable } from './issues-table.tsx';
import { type Answers, type Sent, testClient, WithClient } from '../../test/test-client.tsx';

const ISSUES: ValidationIssue[] = [
  { code: 'INVALID_IMO', message: 'The check digit does not match.', type: 'error', field: 'imo_number', rowNumber: 14, value: '9074728' },
  { code: 'OUT_OF_RANGE', message: 'Below 0.', type: 'error', field: 'fuel_consumed', rowNumber: 15, value: '-3' },
  {
    code: 'UNUSUAL_VALUE',
    message: 'Much higher than the other rows.',
    type: 'warning',
    field: 'fuel_consumed',
    rowNumber: 16,
    value: '9000',
  },
];

/** The server filters the issues as asked and answers one page. */
const answers: Answers = {
  ValidationIssues: (variables) => {
    const filter = (variables.filter ?? {}) as { type?: string; field?: string; code?: string };
    const data = ISSUES.filter(
      (i) =>
        (!filter.type || i.type === filter.type) && (!filter.field || i.field === filter.field) && (!filter.code || i.code === filter.code),
    );
    return {
      data: {
        validationIssues: {
          __typename: 'ValidationIssuePage',
          data: data.map((i) => ({ __typename: 'ValidationIssue', ...i })),
          pageInfo: {
            __typename: 'PageInfo',
            totalPages: 1,
            currentPage: 1,
            totalCount: data.length,
            hasNextPage: false,
            hasPreviousPage: false,
          },
        },
      },
    };
  },
  RowSnippet: () => ({
    data: {
      fileRowSnippets: {
        __typename: 'FileRowSnippet',
        fileId: 'f1',
        columns: ['Vessel', 'IMO', 'Fuel (t)'],
        totalRows: 40,
        fromRow: 1,
        rows: [
          { __typename: 'FileRow', rowNumber: 13, values: ['Nordic Star', '9074729', 12.5] },
          { __typename: 'FileRow', rowNumber: 14, values: ['Polar Wind', '9074728', null] },
        ],
      },
    },
  }),
  RowMappings: () => ({
    data: {
      fileMappings: [
        { __typename: 'FileMapping', id: 'm1', sourceIndex: 1, sourceColumn: 'IMO', targetField: 'imo_number', targetLabel: 'IMO number' },
      ],
    },
  }),
};

const LABELS = new Map([
  ['imo_number', 'IMO number'],
  ['fuel_consumed', 'Fuel consumed'],
]);

const show = (path: string, sent: Sent[] = []) =>
  render(
    <WithClient client={testClient(answers, sent)} path={path}>
      <IssuesTable
        fileId="f1"
        fileName="fuel-2024.xlsx"
        labels={LABELS}
        codes={['INVALID_IMO', 'OUT_OF_RANGE', 'UNUSUAL_VALUE']}
        headerRowNumber={1}
        revision="validated|1"
      />
    </WithClient>,
  );

const issueFilters = (sent: Sent[]) => sent.filter((s) => s.name === 'ValidationIssues').map((s) => s.variables.filter);

describe('validation issues', () => {
  it('reads its filters from the address and asks the server with them', async () => {
    const sent: Sent[] = [];
    show('/report?type=error&field=fuel_consumed', sent);
    const table = await screen.findByRole('table', { name: 'Issues found in fuel-2024.xlsx' });
    expect(await within(table).findByText('Below 0.')).toBeInTheDocument();
    expect(within(table).queryByText('Much higher than the other rows.')).toBeNull();
    expect(new Set(issueFilters(sent).map((f) => JSON.stringify(f)))).toEqual(
      new Set([JSON.stringify({ type: 'error', field: 'fuel_consumed' })]),
    );
    expect(screen.getByLabelText('Type')).toHaveValue('error');
    expect(screen.getByLabelText('Field')).toHaveValue('fuel_consumed');
  });

  it('ignores filter values the list does not know', async () => {
    const sent: Sent[] = [];
    show('/report?type=fatal', sent);
    expect(await screen.findByText('The check digit does not match.')).toBeInTheDocument();
    expect(new Set(issueFilters(sent))).toEqual(new Set([null]));
  });

  it('writes applied filters to the address, and Reset clears them', async () => {
    const sent: Sent[] = [];
    show('/report?page=1', sent);
    expect(await screen.findByText('The check digit does not match.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'warning');
    await userEvent.selectOptions(screen.getByLabelText('Kind of problem'), 'UNUSUAL_VALUE');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/report?type=warning&code=UNUSUAL_VALUE'));
    expect(await screen.findByText('Much higher than the other rows.')).toBeInTheDocument();
    expect(screen.queryByText('The check digit does not match.')).toBeNull();
    expect(issueFilters(sent).at(-1)).toEqual({ type: 'warning', code: 'UNUSUAL_VALUE' });

    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/report$/));
    expect(await screen.findByText('The check digit does not match.')).toBeInTheDocument();
  });

  it('opens the row an issue is about, with the column of its field marked', async () => {
    const sent: Sent[] = [];
    show('/report', sent);
    const table = await screen.findByRole('table', { name: 'Issues found in fuel-2024.xlsx' });
    await within(table).findByText('The check digit does not match.');
    await userEvent.click(within(table).getByRole('button', { name: 'Open row 14' }));
    const dialog = await screen.findByRole('dialog', { name: 'Row 14' });
    expect(dialog).toHaveTextContent('Error: IMO number: The check digit does not match.');
    expect(await within(dialog).findByText('Polar Wind')).toBeInTheDocument();
    expect(within(dialog).queryByText('Nordic Star')).toBeNull();
    expect(within(dialog).getByText('(the value this issue is about)').parentElement).toHaveTextContent('9074728');
    expect(sent.find((s) => s.name === 'RowSnippet')?.variables).toEqual({ fileId: 'f1', fromRow: 1, toRow: 13 });
  });
});
