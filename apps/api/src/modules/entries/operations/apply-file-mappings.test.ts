import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Mailbox, outboxMailbox } from '../../../test/auth-test-kit.ts';
import { dataOf, gqlOf, type Gql } from '../../../test/graphql-test-kit.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { type Admin, newOrganization } from '../../../test/organization-test-kit.ts';
import { type Mapping, uploadCsv, waitForRead } from '../../../test/upload-test-kit.ts';
import {
  APPLY,
  DATA_ENTRIES,
  dataEntries,
  type EntryView,
  mapColumn,
  setCategory,
  validatedFile,
  waitForValidation,
} from '../entries-test-kit.ts';

let server: TestServer;
let mailbox: Mailbox;
let admin: Admin;
let gql: Gql;

beforeAll(async () => {
  server = await startTestServer();
  mailbox = outboxMailbox(server);
  admin = await newOrganization(server, mailbox);
  gql = gqlOf(admin);
});

afterAll(async () => {
  await server?.close();
});

/** A fuel report as suppliers send them: mixed date and number styles, a fuel type by another name, mistakes. */
const MESSY_CSV = [
  'IMO number,Vessel,Fuel type,Fuel mass [t],Period start,Period end,Comment',
  '9321483,Aurora Borealis,HFO,412.5,2024-01-01,2024-01-31,fine',
  '9412878,Baltic Star,IFO 380,"1 234,5",01.02.2024,28.02.2024,European number and another fuel name',
  '1234568,Nordic Tern,MGO,88,2024-03-01,2024-03-31,IMO check digit wrong',
  '9534121,Polar Wind,VLSFO,12.5 kg?,2024-04-01,2024-04-30,not a number',
  ',,,,,,only a comment',
  '9321483,Aurora Borealis,HFO,412.5,2024-01-01,2024-01-31,the first row again',
  '9074729,Coastal Spirit,MGO,10,2024-06-30,2024-06-01,ends before it starts',
].join('\n');

export const MESSY_MAPPINGS: Mapping[] = [
  { sourceColumn: 'IMO number', targetField: 'imo_number' },
  { sourceColumn: 'Vessel', targetField: 'vessel_name' },
  { sourceColumn: 'Fuel type', targetField: 'fuel_type', transformations: [{ type: 'value_mapping', mapping: { 'IFO 380': 'HFO' } }] },
  { sourceColumn: 'Fuel mass [t]', targetField: 'fuel_mass', transformations: [{ type: 'unit_conversion', unit: 't' }] },
  { sourceColumn: 'Period start', targetField: 'period_start' },
  { sourceColumn: 'Period end', targetField: 'period_end' },
];

const fieldOf = (entry: EntryView, field: string) => entry.values.find((v) => v.fieldName === field);

describe('applying mappings to a file', () => {
  it('stores every non-empty row as an entry with typed values in canonical units, issues with codes and rows, and totals', async () => {
    const { fileId, fileUploadId, validation } = await validatedFile(server, gql, 'fuel-2024.csv', MESSY_CSV, MESSY_MAPPINGS);
    expect(validation).toMatchObject({
      status: 'validated',
      category: 'vessel_fuel_consumption',
      isValid: false,
      totalRows: 7,
      emptyRows: 1,
      validRows: 3,
      invalidRows: 3,
      rowsValidated: 7,
      percent: 100,
      failureReason: null,
    });
    expect(validation.mappedFields).toEqual(expect.arrayContaining(['imo_number', 'fuel_type', 'fuel_mass', 'period_start', 'period_end']));
    expect(validation.requiredFields).toContain('imo_number');
    expect(validation.errorCount).toBeGreaterThanOrEqual(3);
    const errorAt = (rowNumber: number) => validation.errors.filter((e) => e.rowNumber === rowNumber).map((e) => `${e.field}:${e.code}`);
    expect(errorAt(4)).toContain('imo_number:INVALID_IMO');
    expect(errorAt(5)).toContain('fuel_mass:NOT_A_NUMBER');
    expect(validation.errors.find((e) => e.rowNumber === 8)?.code).toBe('END_BEFORE_START');
    expect(validation.warnings.map((w) => `${w.rowNumber}:${w.code}`)).toEqual(
      expect.arrayContaining(['6:EMPTY_ROW', '7:DUPLICATE_IN_FILE']),
    );
    expect(validation.dataPointErrors).toBeGreaterThanOrEqual(2);
    expect(validation.dataPointSuccesses).toBeGreaterThan(20);

    const page = await dataEntries(gql, { filter: { fileId }, order: { field: 'rowIndex', direction: 'ASC' } });
    expect(page.pageInfo.totalCount).toBe(6);
    expect(page.data.map((e) => e.rowNumber)).toEqual([2, 3, 4, 5, 7, 8]);
    const [first, second] = page.data as [EntryView, EntryView];
    expect(first).toMatchObject({
      category: 'vessel_fuel_consumption',
      sourceReference: 'fuel-2024.csv, row 2',
      entryDate: '2024-01-01',
      isValid: true,
      rowIndex: 0,
      fileId,
      fileUploadId,
      organizationId: admin.organizationId,
      validationErrors: [],
    });
    expect(fieldOf(first, 'fuel_mass')).toMatchObject({
      numberValue: 412.5,
      unit: 't',
      dataType: 'number',
      isValid: true,
      label: 'Fuel consumed',
    });
    expect(fieldOf(first, 'imo_number')).toMatchObject({ stringValue: '9321483', dataType: 'string' });
    expect(fieldOf(second, 'fuel_mass')?.numberValue).toBe(1234.5);
    expect(fieldOf(second, 'fuel_type')).toMatchObject({ stringValue: 'HFO', dataType: 'enum' });
    expect(fieldOf(second, 'period_start')?.dateValue).toBe('2024-02-01');

    const wrongImo = page.data.find((e) => e.rowNumber === 4) as EntryView;
    expect(wrongImo.isValid).toBe(false);
    expect(wrongImo.validationErrors.map((e) => e.code)).toContain('INVALID_IMO');
    expect(fieldOf(wrongImo, 'imo_number')).toMatchObject({ isValid: false });
    expect(fieldOf(wrongImo, 'imo_number')?.validationError).toMatch(/Row 4/);

    // One entry with its source row as read.
    const one = dataOf(
      await gql<{ dataEntry: EntryView & { rawData: Record<string, unknown> } }>(
        'query($id: ID!) { dataEntry(id: $id) { id rowNumber rawData } }',
        {
          id: second.id,
        },
      ),
    ).dataEntry;
    expect(one.rawData).toMatchObject({
      'IMO number': 9412878,
      Vessel: 'Baltic Star',
      'Fuel type': 'IFO 380',
      Comment: 'European number and another fuel name',
    });

    // Filters: validity, a field's value, search over text and the file name, ordering by entry date.
    expect((await dataEntries(gql, { filter: { fileId, isValid: false } })).pageInfo.totalCount).toBe(3);
    const heavy = await dataEntries(gql, { filter: { fileId, fieldValue: { field: 'fuel_mass', min: 400 } } });
    expect(heavy.data.map((e) => e.rowNumber).sort()).toEqual([2, 3, 7]);
    expect(
      (await dataEntries(gql, { filter: { fileId, fieldValue: { field: 'fuel_type', equals: 'MDO_MGO' } } })).pageInfo.totalCount,
    ).toBe(2);
    expect((await dataEntries(gql, { filter: { search: 'polar' } })).data.map((e) => e.rowNumber)).toEqual([5]);
    expect((await dataEntries(gql, { filter: { search: 'FUEL-2024' } })).pageInfo.totalCount).toBe(6);
    const byDate = await dataEntries(gql, { filter: { fileId }, order: { field: 'entryDate', direction: 'DESC' } });
    expect(byDate.data.map((e) => e.entryDate)).toEqual([
      '2024-06-30',
      '2024-04-01',
      '2024-03-01',
      '2024-02-01',
      '2024-01-01',
      '2024-01-01',
    ]);
    const secondPage = await dataEntries(gql, {
      filter: { fileId },
      order: { field: 'rowIndex', direction: 'DESC' },
      pagination: { page: 2, pageSize: 4 },
    });
    expect(secondPage.data.map((e) => e.rowNumber)).toEqual([3, 2]);

    // Issues, filtered and paginated, file-level ones first.
    const issues = dataOf(
      await gql<{ validationIssues: { data: { code: string; rowNumber: number | null }[]; pageInfo: { totalCount: number } } }>(
        'query($fileId: ID!, $filter: ValidationIssueFilterInput) { validationIssues(fileId: $fileId, filter: $filter) { data { code rowNumber } pageInfo { totalCount } } }',
        { fileId, filter: { code: 'INVALID_IMO' } },
      ),
    ).validationIssues;
    expect(issues.data).toEqual([{ code: 'INVALID_IMO', rowNumber: 4 }]);
  });

  it('shows a single upload’s validation and issues', async () => {
    const bytes = Buffer.from(MESSY_CSV);
    const answer = dataOf(
      await gql<{ createUploadUrl: { uploadId: string; fileId: string; uploadUrl: string; headers: { name: string; value: string }[] } }>(
        'mutation($input: CreateUploadUrlInput!) { createUploadUrl(input: $input) { uploadId fileId uploadUrl headers { name value } } }',
        { input: { fileName: 'single.csv', mimeType: 'text/csv', size: bytes.length } },
      ),
    ).createUploadUrl;
    const target = new URL(answer.uploadUrl);
    const put = await fetch(`${server.url}${target.pathname}${target.search}`, {
      method: 'PUT',
      headers: Object.fromEntries(answer.headers.map((h) => [h.name, h.value])),
      body: new Uint8Array(bytes),
    });
    expect(put.status).toBe(200);
    dataOf(await gql('mutation($id: ID!) { finishUpload(uploadId: $id) { id } }', { id: answer.uploadId }));
    const UPLOAD_VALIDATION = `query($id: ID!) {
      uploadValidation(uploadId: $id) { uploadId status isValid issueCount entityAnalysis issues { code rowNumber } }
      upload(id: $id) { validation { status issueCount } }
    }`;
    type UploadValidation = {
      uploadId: string;
      status: string;
      isValid: boolean;
      issueCount: number;
      entityAnalysis: unknown;
      issues: { code: string }[];
    };
    const before = dataOf(await gql<{ uploadValidation: UploadValidation }>(UPLOAD_VALIDATION, { id: answer.uploadId }));
    expect(before.uploadValidation).toMatchObject({ status: 'not_started', issueCount: 0, issues: [] });
    dataOf(
      await gql('mutation($input: ProcessUploadInput!) { processUpload(input: $input) { id } }', { input: { uploadId: answer.uploadId } }),
    );
    expect(await waitForRead(gql, answer.fileId)).toBe('processed');
    await setCategory(gql, answer.fileId, 'vessel_fuel_consumption');
    for (const mapping of MESSY_MAPPINGS) await mapColumn(gql, answer.fileId, mapping);
    dataOf(await gql(APPLY, { fileId: answer.fileId }));
    const validation = await waitForValidation(gql, answer.fileId);
    const after = dataOf(
      await gql<{ uploadValidation: UploadValidation; upload: { validation: { status: string; issueCount: number } } }>(UPLOAD_VALIDATION, {
        id: answer.uploadId,
      }),
    );
    expect(after.uploadValidation).toMatchObject({
      uploadId: answer.uploadId,
      status: 'validated',
      isValid: false,
      issueCount: validation.errorCount + validation.warningCount,
      entityAnalysis: null,
    });
    expect(after.uploadValidation.issues.map((i) => i.code)).toContain('INVALID_IMO');
    expect(after.upload.validation).toEqual({ status: 'validated', issueCount: after.uploadValidation.issueCount });
    const warnings = dataOf(
      await gql<{ uploadValidationIssues: { data: { type: string }[]; pageInfo: { totalCount: number } } }>(
        'query($id: ID!) { uploadValidationIssues(uploadId: $id, filter: { type: warning }, pagination: { pageSize: 1 }) { data { type } pageInfo { totalCount } } }',
        { id: answer.uploadId },
      ),
    ).uploadValidationIssues;
    expect(warnings.data).toEqual([{ type: 'warning' }]);
    expect(warnings.pageInfo.totalCount).toBe(validation.warningCount);
  });

  it('refuses a file that is not read, has no category, or has no mapping, with what to do', async () => {
    const { fileId } = await uploadCsv(server, gql, 'unmapped.csv', 'Reference,Amount\nA-1,12\n');
    expect(await waitForRead(gql, fileId)).toBe('processed');
    await setCategory(gql, fileId, 'unknown');
    const noCategory = await gql(APPLY, { fileId });
    expect(noCategory.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    expect(noCategory.errors?.[0]?.message).toMatch(/category/);
    await setCategory(gql, fileId, 'vessel_fuel_consumption');
    const noMapping = await gql(APPLY, { fileId });
    expect(noMapping.errors?.[0]?.message).toMatch(/Map at least one column/);
    const validation = dataOf(
      await gql<{ fileValidation: { status: string } }>('query($f: ID!) { fileValidation(fileId: $f) { status } }', { f: fileId }),
    );
    expect(validation.fileValidation.status).toBe('not_started');
  });

  it('answers NOT_FOUND for another organization’s file, entry or batch', async () => {
    const { fileId, fileUploadId } = await validatedFile(server, gql, 'theirs.csv', MESSY_CSV, MESSY_MAPPINGS.slice(0, 1));
    const [entry] = (await dataEntries(gql, { filter: { fileId } })).data;
    const other = await newOrganization(server, mailbox);
    const theirs = gqlOf(other);
    const codeOf = async (query: string, variables: Record<string, unknown>) =>
      (await theirs(query, variables)).errors?.[0]?.extensions?.code;
    expect(await codeOf(APPLY, { fileId })).toBe('NOT_FOUND');
    expect(await codeOf('query($f: ID!) { fileValidation(fileId: $f) { status } }', { f: fileId })).toBe('NOT_FOUND');
    expect(await codeOf('query($f: ID!) { validationIssues(fileId: $f) { pageInfo { totalCount } } }', { f: fileId })).toBe('NOT_FOUND');
    expect(await codeOf('query($f: ID!) { fileUploadValidation(fileUploadId: $f) { status } }', { f: fileUploadId })).toBe('NOT_FOUND');
    expect(await codeOf('query($id: ID!) { dataEntry(id: $id) { id } }', { id: entry?.id })).toBe('NOT_FOUND');
    expect(await codeOf(DATA_ENTRIES, { filter: { fileId } })).toBe('NOT_FOUND');
    expect(await codeOf('mutation($f: ID!) { exportValidationIssues(fileId: $f) { url } }', { f: fileId })).toBe('NOT_FOUND');
    expect(
      await codeOf('mutation($i: ExportDataEntriesInput!) { exportDataEntries(input: $i) { url } }', {
        i: { format: 'csv', filter: { fileId } },
      }),
    ).toBe('NOT_FOUND');
    expect((await dataEntries(theirs, {})).pageInfo.totalCount).toBe(0);
  });
});
