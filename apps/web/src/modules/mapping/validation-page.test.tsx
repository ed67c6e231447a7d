import { render, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { FileValidation } from './graphql.ts';
import { type Answers, type Sent, testClient, WithClient } from '../../test/test-client.tsx';
import { ValidationPage } from './validation-page.tsx';

const validation = (patch: Partial<FileValidation> = {}): FileValidation => ({
  fileId: 'f1',
  status: 'validating',
  isValid: false,
  category: 'vessel_fuel_consumption',
  errorCount: 0,
  warningCount: 0,
  mappedFields: ['imo_number', 'fuel_consumed'],
  requiredFields: ['imo_number', 'fuel_consumed', 'fuel_type'],
  recommendedFields: [],
  optionalFields: [],
  missingRequiredFields: ['fuel_type'],
  totalRows: 3000,
  emptyRows: 0,
  validRows: 0,
  invalidRows: 0,
  rowsValidated: 1200,
  percent: 40,
  dataPointErrors: 0,
  dataPointWarnings: 0,
  dataPointSuccesses: 0,
  startedAt: '2025-05-01T08:00:00Z',
  validatedAt: null,
  failureReason: null,
  errors: [],
  warnings: [],
  ...patch,
});

const DONE = validation({
  status: 'validated',
  errorCount: 2,
  warningCount: 1,
  validRows: 2990,
  invalidRows: 8,
  emptyRows: 2,
  rowsValidated: 3000,
  percent: 100,
  dataPointSuccesses: 8970,
  dataPointErrors: 2,
  dataPointWarnings: 1,
  validatedAt: '2025-05-01T08:01:00Z',
});

const fileWith = (v: FileValidation, updatedAt = '2025-05-01T08:00:30Z') => ({
  __typename: 'File',
  id: 'f1',
  fileUploadId: 'b1',
  originalName: 'bunkers-2024.xlsx',
  status: 'processed',
  updatedAt,
  readDetails: { __typename: 'FileReadDetails', headerRowNumber: 1 },
  validation: { __typename: 'FileValidation', ...v },
});

const answers = (queried: FileValidation, live?: FileValidation): Answers => ({
  ValidationReport: () => ({ data: { file: fileWith(queried), fileUpload: { __typename: 'FileUpload', id: 'b1', name: 'Bunkers' } } }),
  ...(live ? { FileValidationUpdated: () => ({ data: { fileUpdated: fileWith(live, '2025-05-01T08:01:00Z') } }) } : {}),
  FieldsByCategory: () => ({
    data: {
      fieldsByCategory: [
        { key: 'fuel_type', label: 'Fuel type' },
        { key: 'imo_number', label: 'IMO number' },
      ].map((f) => ({ __typename: 'FieldDefinition', ...f })),
    },
  }),
});

const show = (given: Answers, sent: Sent[] = []) =>
  render(
    <WithClient client={testClient(given, sent)} path="/app/uploads/b1/files/f1/validation">
      <Routes>
        <Route path="/app/uploads/:fileUploadId/files/:fileId/validation" element={<ValidationPage />} />
      </Routes>
    </WithClient>,
  );

describe('validation report', () => {
  it('shows a run under way with the rows validated and its percentage', async () => {
    show(answers(validation()));
    const bar = await screen.findByRole('progressbar', { name: 'Validation of bunkers-2024.xlsx' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(bar).toHaveAttribute('aria-valuetext', '40%, 1,200 rows validated');
    expect(screen.getByText(/1,200 of 3,000 rows validated \(40%\)/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'See entries' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Change mappings' })).toHaveAttribute('href', '/app/uploads/b1/files/f1/mapping');
  });

  it('follows the live report to the totals, names the missing required field, and leads to the entries', async () => {
    const sent: Sent[] = [];
    show(answers(validation(), DONE), sent);
    const rows = await screen.findByRole('region', { name: 'Rows' });
    expect(within(rows).getByText('Total rows').nextSibling).toHaveTextContent('3,000');
    expect(within(rows).getByText('Valid rows').nextSibling).toHaveTextContent('2,990');
    expect(within(rows).getByText('Invalid rows').nextSibling).toHaveTextContent('8');
    const values = screen.getByRole('region', { name: 'Issues and values' });
    expect(within(values).getByText('Values accepted').nextSibling).toHaveTextContent('8,970');
    expect(screen.getByRole('region', { name: 'Fields' })).toHaveTextContent(
      '2 fields mapped, including 2 of the 3 required fields.Required but not mapped: Fuel type.',
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('link', { name: 'See entries' })).toHaveAttribute('href', '/app/data-entries?file=f1');
    expect(screen.getByRole('button', { name: 'Download issues (CSV)' })).toBeInTheDocument();
    expect(await screen.findByText('Validation finished: 2,990 valid rows, 8 invalid rows.')).toBeInTheDocument();
  });

  it('says why a run failed', async () => {
    show(answers(validation({ status: 'failed', failureReason: 'The file’s rows could not be read again.' })));
    expect(await screen.findByRole('alert')).toHaveTextContent('The validation could not finishThe file’s rows could not be read again.');
  });

  it('invites to map the columns when the file was never validated', async () => {
    show(answers(validation({ status: 'not_started' })));
    expect(await screen.findByText('Not validated yet', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Map columns' })).toHaveAttribute('href', '/app/uploads/b1/files/f1/mapping');
  });

  it('says so when the file does not exist', async () => {
    show({ ValidationReport: () => ({ error: 'File not found.', code: 'NOT_FOUND' }) });
    expect(await screen.findByText('This file does not exist')).toBeInTheDocument();
  });
});
