import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Client, makeResult, type Operation, Provider } from 'urql';
import { describe, expect, it } from 'vitest';
import { filter, fromValue, mergeMap, never, pipe } from 'wonka';
import { AnsweredRequestBanner, BatchSuppliersCard } from './batch-request-cards.tsx';

type Answers = Record<string, (variables: Record<string, unknown>) => unknown>;

const nameOf = (operation: Operation) => operation.query.definitions.find((d) => d.kind === 'OperationDefinition')?.name?.value ?? '';

/** Answers by operation name; anything else (the live subscription) never answers. */
const client = (answers: Answers) =>
  new Client({
    url: '/graphql',
    exchanges: [
      () => (operations$) =>
        pipe(
          operations$,
          filter((operation: Operation) => operation.kind !== 'teardown'),
          mergeMap((operation: Operation) => {
            const answer = answers[nameOf(operation)];
            return answer
              ? fromValue(
                  makeResult(operation, {
                    data: answer((operation.variables ?? {}) as Record<string, unknown>) as Record<string, unknown>,
                  }),
                )
              : never;
          }),
        ),
    ],
  });

const show = (answers: Answers, ui: React.ReactNode) =>
  render(
    <MemoryRouter>
      <Provider value={client(answers)}>{ui}</Provider>
    </MemoryRouter>,
  );

const matching = (patch: Record<string, unknown> = {}) => ({
  fileUploadValidation: {
    fileUploadId: 'b1',
    supplierMatchingStatus: 'completed',
    totalSuppliers: 3,
    matchCount: 1,
    semiMatchCount: 1,
    notMatchCount: 1,
    ...patch,
  },
});

describe('BatchSuppliersCard', () => {
  it('counts the suppliers found and leads to their review', async () => {
    show({ BatchMatching: () => matching() }, <BatchSuppliersCard fileUploadId="b1" completed={false} />);
    expect(await screen.findByText('3 found — 1 matched, 1 to confirm, 1 unknown')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review suppliers and send request' })).toHaveAttribute('href', '/app/uploads/b1/suppliers');
  });

  it('says matching is running, and shows nothing for a batch that names no supplier', async () => {
    const { unmount } = show(
      { BatchMatching: () => matching({ supplierMatchingStatus: 'running', totalSuppliers: 0 }) },
      <BatchSuppliersCard fileUploadId="b1" completed={false} />,
    );
    expect(await screen.findByText('Matching the suppliers named in the files…')).toBeInTheDocument();
    unmount();
    show(
      { BatchMatching: () => matching({ supplierMatchingStatus: 'none', totalSuppliers: 0 }) },
      <BatchSuppliersCard fileUploadId="b1" completed={false} />,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('Suppliers in this upload')).not.toBeInTheDocument();
  });
});

describe('AnsweredRequestBanner', () => {
  const task = (viewerSide: string) => ({
    calendarTask: {
      id: 't1',
      title: 'Transport legs data for 2025-Q3',
      viewerSide,
      customerOrganization: { id: 'c1', name: 'Tidewise Lines' },
      supplierOrganization: { id: 's1', name: 'Acme Shipping AS' },
    },
  });

  it('names the request and the customer, linking to the inbox', async () => {
    show(
      { BatchRequest: () => ({ fileUpload: { id: 'b1', calendarTaskId: 't1' } }), AnsweredRequest: () => task('supplier') },
      <AnsweredRequestBanner fileUploadId="b1" />,
    );
    const link = await screen.findByRole('link', { name: '“Transport legs data for 2025-Q3”' });
    expect(link).toHaveAttribute('href', '/app/inbox/t1');
    expect(link.parentElement).toHaveTextContent('This upload answers the request “Transport legs data for 2025-Q3” from Tidewise Lines.');
  });

  it('shows nothing for a batch that answers no request', async () => {
    const asked: string[] = [];
    show(
      {
        BatchRequest: () => ({ fileUpload: { id: 'b1', calendarTaskId: null } }),
        AnsweredRequest: () => {
          asked.push('task');
          return task('supplier');
        },
      },
      <AnsweredRequestBanner fileUploadId="b1" />,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(/answers the request/)).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});
