import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { MappingPreview } from './graphql.ts';
import { MappingPage } from './mapping-page.tsx';
import { type Answers, type Sent, testClient, WithClient } from '../../test/test-client.tsx';
import { column, fuelField, fuelType, mapping } from './test-fixtures.ts';

const typed = <T extends object>(typename: string, value: T) => ({ __typename: typename, ...value });

const COLUMNS = [
  column({
    id: 'c-fuel',
    sourceIndex: 0,
    sourceColumn: 'Fuel ROB',
    confidence: 0.62,
    detectedUnit: 'm3',
    sampleValues: [12.5, 13, null, 12.5],
    reasoning: 'The values look like fuel quantities.',
    alternativeSuggestions: [{ targetField: 'fuel_type', label: 'Fuel type', confidence: 0.3, reasoning: 'Text-like values.' }],
  }),
  column({
    id: 'c-type',
    sourceIndex: 1,
    sourceColumn: 'Grade',
    suggestedTargetField: 'fuel_type',
    suggestedTargetLabel: 'Fuel type',
    confidence: 0.91,
    isAccepted: true,
    dataType: 'string',
    sampleValues: ['HFO', 'VLSFO', 'IFO 380'],
  }),
];

const MAPPINGS = [mapping({ id: 'm-type', sourceIndex: 1, sourceColumn: 'Grade', targetField: 'fuel_type', targetLabel: 'Fuel type' })];

const PREVIEW: MappingPreview = {
  fileId: 'f1',
  category: 'vessel_fuel_consumption',
  issues: [
    {
      code: 'REQUIRED_FIELD_NOT_MAPPED',
      message: 'No column is mapped to it.',
      type: 'error',
      field: 'fuel_consumed',
      rowNumber: null,
      value: null,
    },
  ],
  rows: [
    {
      rowNumber: 2,
      isValid: false,
      issues: [],
      values: [
        {
          fieldName: 'fuel_type',
          label: 'Fuel type',
          stringValue: 'VLSFO',
          numberValue: null,
          booleanValue: null,
          dateValue: null,
          unit: null,
          dataType: 'enum',
          isValid: false,
          validationError: '“VLSFO” is not one of the allowed values.',
        },
      ],
    },
  ],
};

const answers = (patch: Answers = {}): Answers => ({
  Viewer: () => ({
    data: { viewer: typed('Viewer', { userId: 'u1', organizationId: 'o1', permissions: ['uploads:read', 'uploads:update'] }) },
  }),
  MappingScreen: () => ({
    data: {
      file: typed('File', {
        id: 'f1',
        fileUploadId: 'b1',
        originalName: 'bunkers-2024.xlsx',
        status: 'processed',
        fileMetadata: typed('FileMetadata', { category: 'vessel_fuel_consumption', totalRows: 40, categoryAnalysis: null }),
        validation: typed('FileValidation', { status: 'not_started' }),
      }),
      fileUpload: typed('FileUpload', { id: 'b1', name: 'Bunkers', status: 'ready' }),
      columnAnalyses: COLUMNS.map((c) => typed('ColumnAnalysis', c)),
      fileMappings: MAPPINGS.map((m) => typed('FileMapping', m)),
    },
  }),
  FieldsByCategory: () => ({ data: { fieldsByCategory: [fuelField(), fuelType].map((f) => typed('FieldDefinition', f)) } }),
  MappingPreview: () => ({ data: { mappingPreview: typed('MappingPreview', PREVIEW) } }),
  AcceptColumnSuggestion: (v) => ({
    data: { acceptColumnSuggestion: typed('ColumnAnalysis', { ...COLUMNS[0], id: String(v.id), isAccepted: true }) },
  }),
  CreateFileMapping: (v) => ({
    data: {
      createFileMapping: typed(
        'FileMapping',
        mapping({ id: 'm-new', targetField: String((v.input as { targetField: string }).targetField) }),
      ),
    },
  }),
  ApplyFileMappings: () => ({ data: { applyFileMappings: { fileId: 'f1', status: 'queued' } } }),
  ...patch,
});

const show = (sent: Sent[], patch?: Answers) =>
  render(
    <WithClient client={testClient(answers(patch), sent)} path="/app/uploads/b1/files/f1/mapping">
      <Routes>
        <Route path="/app/uploads/:fileUploadId/files/:fileId/mapping" element={<MappingPage />} />
        <Route path="/app/uploads/:fileUploadId/files/:fileId/validation" element={<p>Report</p>} />
      </Routes>
    </WithClient>,
  );

const count = (sent: Sent[], name: string) => sent.filter((s) => s.name === name).length;

describe('mapping screen', () => {
  it('sums up the required fields, and shows each column with its suggestion and how sure it is', async () => {
    show([]);
    expect(await screen.findByRole('heading', { name: 'bunkers-2024.xlsx' })).toBeInTheDocument();
    expect(await screen.findByText('Still missing:', { exact: false })).toHaveTextContent('Still missing: Fuel consumed.');
    const fuel = await screen.findByRole('group', { name: 'Fuel ROB' });
    expect(within(fuel).getByText('Suggestion to review')).toBeInTheDocument();
    expect(within(fuel).getByText('Medium', { exact: false })).toHaveTextContent('Medium confidence · 62%');
    expect(within(fuel).getByText('The values look like fuel quantities.')).toBeInTheDocument();
    expect(within(fuel).getByRole('list', { name: 'Sample values of Fuel ROB' })).toHaveTextContent('12.513');
    const grade = screen.getByRole('group', { name: 'Grade' });
    expect(within(grade).getByText('Accepted')).toBeInTheDocument();
    expect(grade).toHaveTextContent('Mapped to Fuel type');
  });

  it('accepts a suggestion, then reads the mappings and the preview again', async () => {
    const sent: Sent[] = [];
    show(sent);
    const fuel = await screen.findByRole('group', { name: 'Fuel ROB' });
    await waitFor(() => expect(count(sent, 'MappingPreview')).toBeGreaterThan(0));
    const before = { screen: count(sent, 'MappingScreen'), preview: count(sent, 'MappingPreview') };
    await userEvent.click(within(fuel).getByRole('button', { name: 'Accept Fuel consumed for Fuel ROB' }));
    expect(sent.find((s) => s.name === 'AcceptColumnSuggestion')?.variables).toEqual({ id: 'c-fuel' });
    await waitFor(() => expect(count(sent, 'MappingPreview')).toBeGreaterThan(before.preview));
    expect(count(sent, 'MappingScreen')).toBeGreaterThan(before.screen);
    expect(await screen.findByText('“Fuel ROB” mapped to Fuel consumed.')).toBeInTheDocument();
  });

  it('maps a column to an alternative, and shows the server’s refusal on the column', async () => {
    const sent: Sent[] = [];
    show(sent, { CreateFileMapping: () => ({ error: 'Fuel type takes text, but “Fuel ROB” holds numbers.' }) });
    const fuel = await screen.findByRole('group', { name: 'Fuel ROB' });
    await userEvent.click(within(fuel).getByRole('button', { name: /Fuel type/ }));
    expect(sent.find((s) => s.name === 'CreateFileMapping')?.variables).toEqual({
      input: { fileId: 'f1', sourceColumn: 'Fuel ROB', targetField: 'fuel_type' },
    });
    expect(await within(fuel).findByRole('alert')).toHaveTextContent('Fuel type takes text, but “Fuel ROB” holds numbers.');
  });

  it('asks what unknown fuel names mean and saves them as the mapping’s value mapping', async () => {
    const sent: Sent[] = [];
    show(sent);
    const grade = await screen.findByRole('group', { name: 'Grade' });
    const select = await within(grade).findByLabelText('“VLSFO” means');
    expect(within(grade).queryByLabelText('“IFO 380” means')).toBeNull();
    await userEvent.selectOptions(select, 'HFO');
    await userEvent.click(within(grade).getByRole('button', { name: 'Save values' }));
    await waitFor(() => expect(count(sent, 'CreateFileMapping')).toBe(1));
    expect(sent.find((s) => s.name === 'CreateFileMapping')?.variables).toEqual({
      input: {
        fileId: 'f1',
        sourceColumn: 'Grade',
        targetField: 'fuel_type',
        transformations: [{ type: 'value_mapping', mapping: { VLSFO: 'HFO' } }],
      },
    });
  });

  it('previews the rows with the refused cells and the mapping’s problems marked', async () => {
    show([]);
    const preview = await screen.findByRole('table', { name: 'Preview of the mapped rows' });
    expect(await within(preview).findByText('“VLSFO” is not one of the allowed values.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Problems with the mapping' })).toHaveTextContent(
      'Error: Fuel consumed: No column is mapped to it.',
    );
  });

  it('warns in words that a required field is missing, validates anyway and opens the report', async () => {
    const sent: Sent[] = [];
    show(sent);
    expect(await screen.findByText(/A required field is not mapped \(Fuel consumed\)/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Validate and create entries' }));
    expect(sent.find((s) => s.name === 'ApplyFileMappings')?.variables).toEqual({ fileId: 'f1' });
    expect(await screen.findByText('Report')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/app/uploads/b1/files/f1/validation');
  });
});
