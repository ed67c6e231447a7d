import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BulkAccept } from './bulk-accept.tsx';
import type { ColumnAnalysis } from './graphql.ts';
import { type Answers, type Sent, testClient, WithClient } from '../../test/test-client.tsx';
import { column, mapping } from './test-fixtures.ts';

const COLUMNS = [
  column({ id: 'a', sourceIndex: 0, sourceColumn: 'IMO', confidence: 0.97 }),
  column({ id: 'b', sourceIndex: 1, sourceColumn: 'Fuel', confidence: 0.82 }),
  column({ id: 'c', sourceIndex: 2, sourceColumn: 'Port', confidence: 0.64 }),
  column({ id: 'd', sourceIndex: 3, sourceColumn: 'Remarks', confidence: 0.9, isRejected: true }),
  column({ id: 'e', sourceIndex: 4, sourceColumn: 'Vessel', confidence: 0.99, isAccepted: true }),
];
const MAPPINGS = [mapping({ sourceIndex: 4, sourceColumn: 'Vessel', targetField: 'vessel_name' })];

/** The server accepts every open suggestion at or above minConfidence and answers all the analyses. */
const answers: Answers = {
  BulkAcceptColumnSuggestions: (variables) => {
    const min = (variables.input as { minConfidence: number }).minConfidence;
    const after: ColumnAnalysis[] = COLUMNS.map((c) => (!c.isRejected && c.confidence >= min ? { ...c, isAccepted: true } : c));
    return { data: { bulkAcceptColumnSuggestions: after.map((c) => ({ __typename: 'ColumnAnalysis', ...c })) } };
  },
};

const show = (client = testClient(answers)) => {
  const onDone = vi.fn();
  render(
    <WithClient client={client}>
      <BulkAccept fileId="f1" columns={COLUMNS} mappings={MAPPINGS} onDone={onDone} />
    </WithClient>,
  );
  return onDone;
};

describe('accept all above a threshold', () => {
  it('counts and names the open suggestions at or above 80% by default', () => {
    show();
    expect(screen.getByLabelText('Lowest confidence to accept')).toHaveValue('0.8');
    expect(screen.getByRole('button', { name: 'Accept all above 80% (2)' })).toBeEnabled();
    expect(screen.getByText('2 open suggestions at or above 80%: IMO, Fuel.')).toBeInTheDocument();
  });

  it('sends the chosen threshold and says how many were accepted', async () => {
    const sent: Sent[] = [];
    const onDone = show(testClient(answers, sent));
    await userEvent.selectOptions(screen.getByLabelText('Lowest confidence to accept'), '0.6');
    await userEvent.click(screen.getByRole('button', { name: 'Accept all above 60% (3)' }));
    expect(sent.filter((s) => s.name === 'BulkAcceptColumnSuggestions').map((s) => s.variables)).toEqual([
      { input: { fileId: 'f1', minConfidence: 0.6 } },
    ]);
    expect(onDone).toHaveBeenCalledWith('Accepted 3 suggestions at or above 60%.');
  });

  it('has nothing to accept above 95% but the one at 97%', async () => {
    show();
    await userEvent.selectOptions(screen.getByLabelText('Lowest confidence to accept'), '0.95');
    expect(screen.getByRole('button', { name: 'Accept all above 95% (1)' })).toBeEnabled();
    expect(screen.getByText('1 open suggestion at or above 95%: IMO.')).toBeInTheDocument();
  });

  it('shows the server’s refusal in the red alert', async () => {
    const onDone = show(testClient({ BulkAcceptColumnSuggestions: () => ({ error: 'Confirm the file’s category first.' }) }));
    await userEvent.click(screen.getByRole('button', { name: 'Accept all above 80% (2)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Confirm the file’s category first.');
    expect(onDone).toHaveBeenCalledWith(null);
  });
});
