import { expect } from 'vitest';
import { dataOf, type Gql, waitFor } from '../../test/graphql-test-kit.ts';
import type { TestServer } from '../../test/harness.ts';
import { type Mapping, uploadCsv, waitForRead } from '../../test/upload-test-kit.ts';

/**
 * For the entries integration tests: a file uploaded and read as the web app does it (batch, signed PUT,
 * completeUpload), its category confirmed, columns mapped and mappings applied through the public operations.
 */

export const VALIDATION_FIELDS = `fileId status isValid category errorCount warningCount mappedFields requiredFields missingRequiredFields
  totalRows emptyRows validRows invalidRows rowsValidated percent dataPointErrors dataPointWarnings dataPointSuccesses
  startedAt validatedAt failureReason
  errors { code message type field rowNumber value } warnings { code message type field rowNumber value }`;

export type IssueView = {
  code: string;
  message: string;
  type: string;
  field: string | null;
  rowNumber: number | null;
  value: string | null;
};

export type ValidationView = {
  fileId: string;
  status: string;
  isValid: boolean;
  category: string | null;
  errorCount: number;
  warningCount: number;
  mappedFields: string[];
  requiredFields: string[];
  missingRequiredFields: string[];
  totalRows: number;
  emptyRows: number;
  validRows: number;
  invalidRows: number;
  rowsValidated: number;
  percent: number;
  dataPointErrors: number;
  dataPointWarnings: number;
  dataPointSuccesses: number;
  startedAt: string | null;
  validatedAt: string | null;
  failureReason: string | null;
  errors: IssueView[];
  warnings: IssueView[];
};

export const FILE_VALIDATION = `query($fileId: ID!) { fileValidation(fileId: $fileId) { ${VALIDATION_FIELDS} } }`;
export const APPLY = `mutation($fileId: ID!) { applyFileMappings(fileId: $fileId) { ${VALIDATION_FIELDS} } }`;

export const ENTRY_FIELDS = `id category sourceReference entryDate isValid rowIndex rowNumber fileId uploadId fileUploadId organizationId
  supplierOrganizationId createdAt
  validationErrors { field error value code type }
  values { fieldName label stringValue numberValue booleanValue dateValue unit dataType isValid validationError }`;

export type EntryView = {
  id: string;
  category: string;
  sourceReference: string;
  entryDate: string | null;
  isValid: boolean;
  rowIndex: number;
  rowNumber: number;
  fileId: string;
  fileUploadId: string | null;
  organizationId: string;
  validationErrors: { field: string | null; error: string; value: string | null; code: string; type: string }[];
  values: {
    fieldName: string;
    label: string;
    stringValue: string | null;
    numberValue: number | null;
    booleanValue: boolean | null;
    dateValue: string | null;
    unit: string | null;
    dataType: string;
    isValid: boolean;
    validationError: string | null;
  }[];
  rawData?: Record<string, unknown>;
};

export type EntryPage = {
  data: EntryView[];
  pageInfo: { totalCount: number; totalPages: number; currentPage: number; hasNextPage: boolean };
};

export const DATA_ENTRIES = `query($filter: DataEntryFilterInput, $order: DataEntryOrderInput, $pagination: PaginationInput) {
  dataEntries(filter: $filter, order: $order, pagination: $pagination) { data { ${ENTRY_FIELDS} } pageInfo { totalCount totalPages currentPage hasNextPage } }
}`;

export const fileValidation = async (gql: Gql, fileId: string) =>
  dataOf(await gql<{ fileValidation: ValidationView }>(FILE_VALIDATION, { fileId })).fileValidation;

/** Waits for the run to settle (validated or failed) and answers the validation. */
export const waitForValidation = (gql: Gql, fileId: string, timeoutMs = 120_000) =>
  waitFor(
    () => fileValidation(gql, fileId),
    (v) => v.status === 'validated' || v.status === 'failed',
    `validation of ${fileId}`,
    timeoutMs,
  );

export const setCategory = async (gql: Gql, fileId: string, category: string) =>
  dataOf(
    await gql('mutation($input: UpdateFileCategoryInput!) { updateFileCategory(input: $input) { id } }', { input: { fileId, category } }),
  );

export const mapColumn = async (gql: Gql, fileId: string, mapping: Mapping) =>
  dataOf(
    await gql<{ createFileMapping: { id: string } }>(
      'mutation($input: CreateFileMappingInput!) { createFileMapping(input: $input) { id } }',
      {
        input: { fileId, ...mapping },
      },
    ),
  ).createFileMapping;

export const dataEntries = async (gql: Gql, variables: Record<string, unknown>) =>
  dataOf(await gql<{ dataEntries: EntryPage }>(DATA_ENTRIES, variables)).dataEntries;

/** A file uploaded, read, categorised, mapped and validated: the whole flow up to stored entries. */
export const validatedFile = async (
  server: TestServer,
  gql: Gql,
  name: string,
  csv: string,
  mappings: Mapping[],
  category = 'vessel_fuel_consumption',
) => {
  const { fileId, fileUploadId } = await uploadCsv(server, gql, name, csv);
  expect(await waitForRead(gql, fileId)).toBe('processed');
  await setCategory(gql, fileId, category);
  for (const mapping of mappings) await mapColumn(gql, fileId, mapping);
  dataOf(await gql(APPLY, { fileId }));
  return { fileId, fileUploadId, validation: await waitForValidation(gql, fileId) };
};

/** Fuel mass of data row i (1-based) of fuelCsv, in the file's unit. */
export const fuelMassOf = (i: number) => 100 + (i % 500) + 0.25;

/** A clean vessel-fuel CSV of `rows` rows, easy to check: row i has fuelMassOf(i), its own IMO-shaped id and dates. */
export const fuelCsv = (rows: number, vesselName: (i: number) => string = (i) => `Vessel ${i % 50}`) => {
  const lines = ['IMO number,Vessel,Fuel type,Fuel mass,Period start,Period end'];
  for (let i = 1; i <= rows; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    lines.push(`9321483,${vesselName(i)},HFO,${fuelMassOf(i)},2024-01-${day},2024-02-${day}`);
  }
  return `${lines.join('\n')}\n`;
};

export const FUEL_MAPPINGS = (unit: string): Mapping[] => [
  { sourceColumn: 'IMO number', targetField: 'imo_number' },
  { sourceColumn: 'Vessel', targetField: 'vessel_name' },
  { sourceColumn: 'Fuel mass', targetField: 'fuel_mass', transformations: [{ type: 'unit_conversion', unit }] },
  { sourceColumn: 'Period start', targetField: 'period_start' },
  { sourceColumn: 'Period end', targetField: 'period_end' },
];
