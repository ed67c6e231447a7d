import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { batchFileRows } from './batch-files.ts';
import { FileLine } from './file-line.tsx';
import type { UploadedFile } from './graphql.ts';
import type { LocalUpload } from './upload-queue.ts';

const serverFile = (patch: Partial<UploadedFile>): UploadedFile => ({
  id: 'f1',
  fileUploadId: 'b1',
  originalName: 'fuel.csv',
  size: 2048,
  mimeType: 'text/csv',
  status: 'processing',
  fileType: 'csv',
  createdAt: '2025-05-01T08:00:00Z',
  updatedAt: '2025-05-01T08:00:05Z',
  uploadedAt: '2025-05-01T08:00:02Z',
  processedAt: null,
  progress: { phase: 'reading', bytesReceived: 2048, totalBytes: 2048, rowsRead: 1500, percent: 42.7 },
  error: null,
  duplicateOf: null,
  fileMetadata: null,
  ...patch,
});

const renderLine = (files: UploadedFile[], local: LocalUpload<UploadedFile>[] = []) => {
  const [row] = batchFileRows(files, new Map(), local);
  if (!row) throw new Error('no line');
  const actions = { onCancel: vi.fn(), onRetry: vi.fn(), onDelete: vi.fn(), onDismiss: vi.fn() };
  render(
    <MemoryRouter>
      <ul>
        <FileLine row={row} batchId="b1" actions={actions} />
      </ul>
    </MemoryRouter>,
  );
  return { actions, line: screen.getByRole('listitem', { name: row.name }) };
};

describe('a file of a batch', () => {
  it('names its progress bars after the file and reads out the rows read', () => {
    const { line } = renderLine([serverFile({})]);
    expect(within(line).getByRole('progressbar', { name: 'Upload of fuel.csv' })).toHaveAttribute('aria-valuenow', '100');
    const reading = within(line).getByRole('progressbar', { name: 'Reading of fuel.csv' });
    expect(reading).toHaveAttribute('aria-valuenow', '42');
    expect(reading).toHaveAttribute('aria-valuetext', '42%, 1,500 rows read');
    expect(within(line).getByText('Reading')).toBeInTheDocument();
    expect(within(line).getByRole('link', { name: 'fuel.csv' })).toHaveAttribute('href', '/app/uploads/b1/files/f1');
  });

  it('while sending: the bytes sent, and Cancel stops that file', async () => {
    const uploading: LocalUpload<UploadedFile> = {
      key: 'k1',
      name: 'voyages.xlsx',
      size: 4000,
      phase: 'uploading',
      loaded: 1000,
      fileId: null,
      file: null,
      error: null,
    };
    const { line, actions } = renderLine([], [uploading]);
    expect(within(line).getByRole('progressbar', { name: 'Upload of voyages.xlsx' })).toHaveAttribute('aria-valuenow', '25');
    expect(within(line).queryByRole('progressbar', { name: 'Reading of voyages.xlsx' })).toBeNull();
    expect(within(line).queryByRole('link')).toBeNull();
    await userEvent.click(within(line).getByRole('button', { name: 'Cancel voyages.xlsx' }));
    expect(actions.onCancel).toHaveBeenCalledTimes(1);
  });

  it('a refused file shows why, with nothing to retry', () => {
    const refused = serverFile({
      status: 'failed',
      uploadedAt: null,
      error: { code: 'BINARY_FILE', message: 'The file is not a spreadsheet: it looks like a PNG image.' },
    });
    const first = renderLine([refused]);
    expect(within(first.line).getByText('The file is not a spreadsheet: it looks like a PNG image.')).toBeInTheDocument();
    expect(within(first.line).queryByRole('progressbar')).toBeNull();
    expect(within(first.line).queryByRole('button', { name: /again/ })).toBeNull();
  });

  it('a failed reading offers to read the stored file again', async () => {
    const failedReading = serverFile({ status: 'failed', error: { code: 'TOO_MANY_ROWS', message: 'Too many rows.' } });
    const second = renderLine([failedReading]);
    await userEvent.click(within(second.line).getByRole('button', { name: 'Read again: fuel.csv' }));
    expect(second.actions.onRetry).toHaveBeenCalledTimes(1);
  });

  it('flags the same content uploaded before, with a link to it', () => {
    const { line } = renderLine([
      serverFile({
        status: 'processed',
        duplicateOf: { fileId: 'f0', originalName: 'fuel-old.csv', fileUploadId: 'b0', uploadedAt: '2025-04-02T09:00:00Z' },
      }),
    ]);
    expect(line).toHaveTextContent('Same content as fuel-old.csv uploaded on 2 Apr 2025');
    expect(within(line).getByRole('link', { name: 'fuel-old.csv' })).toHaveAttribute('href', '/app/uploads/b0/files/f0');
  });
});
