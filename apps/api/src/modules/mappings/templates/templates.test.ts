import { FIELD_CATALOGUE } from '@tidewise/shared/field-catalogue/index';
import type { CatalogueCategory, FieldDefinition } from '@tidewise/shared/field-catalogue/types';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Mailbox, outboxMailbox } from '../../../test/auth-test-kit.ts';
import { dataOf } from '../../../test/graphql-test-kit.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { newOrganization } from '../../../test/organization-test-kit.ts';
import { columnOf, type Person, personFor, SET_CATEGORY, uploadToBatch, waitForAnalyses } from '../mappings-test-kit.ts';
import { REQUIRED_MARK, templateHeaderOf } from './build-template.ts';

const CATEGORIES = Object.keys(FIELD_CATALOGUE) as CatalogueCategory[];

const VALID_TEXT: Record<string, readonly string[]> = {
  imoNumber: ['9074729', '9176187', '9321483'],
  unLocode: ['NOOSL', 'DKCPH', 'DEHAM'],
  currencyCode: ['EUR', 'NOK', 'USD'],
  countryCode: ['NO', 'DK', 'DE'],
  email: ['ops@nordic-star.example', 'fuel@baltic-wind.example', 'data@skagen.example'],
};

/** A valid value of a field for the i-th row, as a person filling the template would type it. */
const validValue = (field: FieldDefinition, i: number): ExcelJS.CellValue => {
  if (field.allowedValues?.length) return field.allowedValues[i % field.allowedValues.length]?.label ?? null;
  switch (field.dataType) {
    case 'date':
      return new Date(Date.UTC(2024, i, 1 + i * 3));
    case 'boolean':
      return i % 2 === 0;
    case 'number':
    case 'integer': {
      const low = field.min ?? 0;
      const value = low + (field.dataType === 'integer' ? 6 + i : 12.5 * (i + 1));
      return field.max === undefined ? value : Math.min(value, field.max);
    }
    default:
      return field.validator ? (VALID_TEXT[field.validator]?.[i] ?? null) : `${field.label} ${['north', 'south', 'east'][i]}`;
  }
};

const download = async (server: TestServer, category: string) => fetch(`${server.url}/templates/${category}.xlsx`);

const readWorkbook = async (response: Response) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  return workbook;
};

/** exceljs reads the checks of a sheet into `dataValidations.model`, by cell address. */
const checksOf = (sheet: ExcelJS.Worksheet) =>
  (sheet as unknown as { dataValidations: { model: Record<string, ExcelJS.DataValidation | undefined> } }).dataValidations.model;

describe('Excel templates', () => {
  let server: TestServer;
  let mailbox: Mailbox;
  let alice: Person;

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true' });
    mailbox = outboxMailbox(server);
    const a = await newOrganization(server, mailbox, 'Grenaa Ferries');
    alice = personFor(server, a.token, a.client.ip);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('serves a template per category without signing in: a header per field, notes, drop-downs and a Fields sheet', async () => {
    const response = await download(server, 'vessel_fuel_consumption');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="vessel_fuel_consumption-template.xlsx"');
    const workbook = await readWorkbook(response);
    expect(workbook.worksheets.map((w) => [w.name, w.state])).toEqual([
      ['Data', 'visible'],
      ['Fields', 'visible'],
      ['Lists', 'hidden'],
    ]);

    const fields = FIELD_CATALOGUE.vessel_fuel_consumption;
    const data = workbook.getWorksheet('Data') as ExcelJS.Worksheet;
    const headers = fields.map((_, i) => data.getRow(1).getCell(i + 1).value);
    expect(headers).toEqual(fields.map(templateHeaderOf));
    expect(headers).toContain(`IMO number${REQUIRED_MARK}`);
    expect(headers.find((h) => String(h).startsWith(fields.find((f) => f.key === 'fuel_mass')?.label ?? '?'))).toMatch(/ \[t\] \*$/);
    expect(data.rowCount).toBe(1);

    const fuelType = fields.findIndex((f) => f.key === 'fuel_type');
    const typeCell = data.getRow(1).getCell(fuelType + 1);
    expect(String(typeCell.note)).toContain(fields[fuelType]?.description);
    const checks = checksOf(data);
    const letter = typeCell.address.replace(/\d+$/, '');
    const dropDown = checks[`${letter}2`];
    expect(dropDown).toMatchObject({ type: 'list', allowBlank: true });
    expect(checks[`${letter}5001`]).toEqual(dropDown);
    const [, listColumn, lastRow] = String(dropDown?.formulae?.[0]).match(/^Lists!\$([A-Z]+)\$2:\$[A-Z]+\$(\d+)$/) ?? [];
    const lists = workbook.getWorksheet('Lists') as ExcelJS.Worksheet;
    const listed = Array.from({ length: Number(lastRow) - 1 }, (_, i) => lists.getCell(`${listColumn}${i + 2}`).value);
    expect(listed).toEqual(fields[fuelType]?.allowedValues?.map((v) => v.label));

    const massLetter = data
      .getRow(1)
      .getCell(fields.findIndex((f) => f.key === 'fuel_mass') + 1)
      .address.replace(/\d+$/, '');
    expect(checks[`${massLetter}2`]).toMatchObject({ type: 'decimal', operator: 'greaterThanOrEqual', formulae: [0] });
    const startLetter = data
      .getRow(1)
      .getCell(fields.findIndex((f) => f.key === 'period_start') + 1)
      .address.replace(/\d+$/, '');
    expect(checks[`${startLetter}2`]).toMatchObject({ type: 'date' });

    const about = workbook.getWorksheet('Fields') as ExcelJS.Worksheet;
    expect(about.getRow(1).values).toEqual([
      undefined,
      'Field',
      'Key',
      'Requirement',
      'Data type',
      'Unit',
      'Accepted units',
      'Allowed values',
      'Description',
    ]);
    expect(about.rowCount).toBe(fields.length + 1);
    const massRow = about.getRow(fields.findIndex((f) => f.key === 'fuel_mass') + 2).values as unknown[];
    expect(massRow.slice(2, 6)).toEqual(['fuel_mass', 'Required', 'number', 't']);
    expect(String(massRow[6])).toContain('m3 (cubic metres)');
  });

  it('answers 404 for a category without fields and for anything else under /templates', async () => {
    for (const path of ['unknown', 'fuel', 'VESSEL_FUEL_CONSUMPTION']) {
      const response = await download(server, path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toBe('No template for this category.');
    }
    expect((await fetch(`${server.url}/templates/site_energy.csv`)).status).toBe(404);
  });

  it.each(CATEGORIES)('gets every column of a filled %s template suggested as its field', async (category) => {
    const response = await download(server, category);
    const workbook = await readWorkbook(response);
    const data = workbook.getWorksheet('Data') as ExcelJS.Worksheet;
    const fields = FIELD_CATALOGUE[category];
    for (let row = 0; row < 3; row++) data.addRow(fields.map((field) => validValue(field, row)));
    const filled = Buffer.from(await workbook.xlsx.writeBuffer());

    const file = await uploadToBatch(server, alice, `${category}.xlsx`, filled);
    expect(file.fileMetadata.detectedColumns.map((c) => c.name)).toEqual(fields.map(templateHeaderOf));
    dataOf(await alice.gql(SET_CATEGORY, { input: { fileId: file.id, category } }));
    const analyses = await waitForAnalyses(alice, { fileId: file.id }, (a) => a.length > 0 && a.every((x) => x.category === category));
    const wrong = fields
      .map((field) => ({ header: templateHeaderOf(field), expected: field.key, got: columnOf(analyses, templateHeaderOf(field)) }))
      .filter((c) => c.got.suggestedTargetField !== c.expected)
      .map((c) => `${c.header}: ${c.got.suggestedTargetField} (${c.got.reasoning})`);
    expect(wrong).toEqual([]);
  });
});
