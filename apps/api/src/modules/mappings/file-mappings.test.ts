import { fieldsByCategory, resolveAllowedValue } from '@tidewise/shared/field-catalogue/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Mailbox, outboxMailbox } from '../../test/auth-test-kit.ts';
import { dataOf, refusalOf } from '../../test/graphql-test-kit.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { auditRows, newOrganization } from '../../test/organization-test-kit.ts';
import {
  CREATE_MAPPING,
  CREATE_UPLOAD_MAPPING,
  DELETE_MAPPING,
  DELETE_UPLOAD_MAPPING,
  FILE_MAPPINGS,
  type MappingView,
  type Person,
  PREVIEW,
  personFor,
  type ReadFile,
  SET_CATEGORY,
  UPLOAD_MAPPINGS,
  uploadSingle,
  uploadToBatch,
  waitForAnalyses,
} from './mappings-test-kit.ts';

/** Fuel in kilograms, a fuel grade the catalogue does not know, dates day first, distance in kilometres; rows 3 and 4 hold mistakes. */
const VOYAGES = Buffer.from(
  [
    'IMO No.,Fuel [kg],Grade,From,To,Distance [km],Fuel [m3]',
    '9074729,12500,Bunker C,01.03.2024,05.03.2024,1852,14',
    '9074720,8250,MGO,02.03.2024,04.03.2024,926,9',
    '9321483,abc,LNG?,03.03.2024,02.03.2024,,',
  ].join('\n'),
);

const fuelType = fieldsByCategory('vessel_fuel_consumption').find((f) => f.key === 'fuel_type');
/** The allowed fuel type a text stands for, as the catalogue resolves it. */
const fuelTypeOf = (text: string) => (fuelType ? resolveAllowedValue(fuelType, text)?.value : undefined);

const label = (key: string) => fieldsByCategory('vessel_fuel_consumption').find((f) => f.key === key)?.label;

type PreviewValue = {
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
};
type PreviewIssue = { code: string; message: string; type: string; field: string | null; rowNumber: number | null; value: string | null };
type Preview = {
  fileId: string;
  category: string;
  issues: PreviewIssue[];
  rows: { rowNumber: number; isValid: boolean; issues: PreviewIssue[]; values: PreviewValue[] }[];
};

describe('file mappings and the mapping preview', () => {
  let server: TestServer;
  let mailbox: Mailbox;
  let alice: Person;
  let aliceOrganizationId: string;
  let file: ReadFile;

  const create = (input: Record<string, unknown>) =>
    alice.gql<{ createFileMapping: MappingView }>(CREATE_MAPPING, { input: { fileId: file.id, ...input } });
  const mappingsOf = async (fileId: string) =>
    dataOf(await alice.gql<{ fileMappings: MappingView[] }>(FILE_MAPPINGS, { fileId })).fileMappings;

  const newPerson = async (organizationName: string) => {
    const admin = await newOrganization(server, mailbox, organizationName);
    return personFor(server, admin.token, admin.client.ip);
  };

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true' });
    mailbox = outboxMailbox(server);
    const a = await newOrganization(server, mailbox, 'Hanstholm Tankers');
    alice = personFor(server, a.token, a.client.ip);
    aliceOrganizationId = a.organizationId;
    file = await uploadToBatch(server, alice, 'voyages.csv', VOYAGES);
    dataOf(await alice.gql(SET_CATEGORY, { input: { fileId: file.id, category: 'vessel_fuel_consumption' } }));
    await waitForAnalyses(alice, { fileId: file.id });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('creates a mapping with each kind of transformation, stored as the field understands it', async () => {
    const unit = dataOf(
      await create({
        sourceColumn: 'Fuel [kg]',
        targetField: 'fuel_mass',
        transformations: [{ type: 'unit_conversion', unit: 'kilograms' }],
      }),
    ).createFileMapping;
    expect(unit).toMatchObject({
      sourceColumn: 'Fuel [kg]',
      sourceIndex: 1,
      targetField: 'fuel_mass',
      targetLabel: label('fuel_mass'),
      origin: 'manual',
      isActive: true,
      transformations: [{ type: 'unit_conversion', unit: 'kg', density: null }],
      validation: { required: true, dataType: 'number', min: 0 },
    });
    const [audit] = await auditRows(server, aliceOrganizationId, 'createFileMapping');
    expect(audit?.description).toBe(`Mapped column "Fuel [kg]" of "voyages.csv" to ${label('fuel_mass')}`);

    const volume = dataOf(
      await create({
        sourceColumn: 'Fuel [m3]',
        targetField: 'fuel_mass',
        transformations: [{ type: 'unit_conversion', unit: 'm³', density: 0.991 }],
        validation: { max: 5000 },
      }),
    ).createFileMapping;
    expect(volume).toMatchObject({
      transformations: [{ type: 'unit_conversion', unit: 'm3', density: 0.991 }],
      validation: { required: true, max: 5000 },
    });
    // One field takes one column: the mapping of Fuel [kg] was replaced.
    expect((await mappingsOf(file.id)).map((m) => m.sourceColumn)).toEqual(['Fuel [m3]']);

    const factor = dataOf(
      await create({ sourceColumn: 'Fuel [kg]', targetField: 'fuel_mass', transformations: [{ type: 'factor', factor: 0.001 }] }),
    ).createFileMapping;
    expect(factor.transformations).toEqual([{ type: 'factor', factor: 0.001, unit: null, density: null, mapping: null, dateFormat: null }]);

    const values = dataOf(
      await create({
        sourceColumn: 'Grade',
        targetField: 'fuel_type',
        transformations: [{ type: 'value_mapping', mapping: { 'Bunker C': 'Heavy fuel oil', 'LNG?': 'LNG' } }],
      }),
    ).createFileMapping;
    expect(values.transformations[0]).toMatchObject({ type: 'value_mapping', mapping: { 'Bunker C': 'HFO', 'LNG?': fuelTypeOf('LNG') } });

    const dates = dataOf(
      await create({
        sourceColumn: 'From',
        targetField: 'period_start',
        transformations: [{ type: 'date_format', dateFormat: 'dd.mm.yyyy' }],
      }),
    ).createFileMapping;
    expect(dates.transformations[0]).toMatchObject({ type: 'date_format', dateFormat: 'DD.MM.YYYY' });

    // A column takes one field: mapping From to period_end replaces its period_start mapping.
    dataOf(await create({ sourceColumn: 'From', targetField: 'period_end' }));
    const mapped = await mappingsOf(file.id);
    expect(mapped.map((m) => [m.sourceColumn, m.targetField])).toEqual([
      ['Fuel [kg]', 'fuel_mass'],
      ['Grade', 'fuel_type'],
      ['From', 'period_end'],
    ]);
  });

  it('refuses a mapping that does not fit, saying what is wrong and where', async () => {
    const cases: [Record<string, unknown>, { message: string | RegExp; field: string | null; code?: string }][] = [
      [
        { sourceColumn: 'Grade', targetField: 'colour' },
        { message: /^Vessel fuel consumption has no field "colour"\. Its fields are "imo_number", /, field: 'targetField' },
      ],
      [
        { sourceColumn: 'Tonnes', targetField: 'fuel_mass' },
        { message: /^"voyages\.csv" has no column "Tonnes"\. Its columns are "IMO No\.", "Fuel \[kg\]", /, field: 'sourceColumn' },
      ],
      [
        { sourceColumn: 'Fuel [kg]', targetField: 'fuel_mass', transformations: [{ type: 'unit_conversion', unit: 'gallons' }] },
        {
          message: `${label('fuel_mass')} cannot be converted from "gallons". Its units are "t", "kg", "g", "m3", "l".`,
          field: 'transformations.0.unit',
        },
      ],
      [
        { sourceColumn: 'Fuel [m3]', targetField: 'fuel_mass', transformations: [{ type: 'unit_conversion', unit: 'm3', density: 0 }] },
        { message: 'The density must be more than 0 t/m³ (got 0).', field: 'transformations.0.density' },
      ],
      [
        { sourceColumn: 'Fuel [kg]', targetField: 'fuel_mass', transformations: [{ type: 'unit_conversion', unit: 'kg', density: 0.9 }] },
        {
          message: 'A density is only used to convert a volume to a mass; kilograms (kg) is not a volume.',
          field: 'transformations.0.density',
        },
      ],
      [
        { sourceColumn: 'Grade', targetField: 'imo_number', transformations: [{ type: 'unit_conversion', unit: 'kg' }] },
        { message: `${label('imo_number')} has no unit, so it takes no unit conversion.`, field: 'transformations.0.unit' },
      ],
      [
        { sourceColumn: 'Grade', targetField: 'fuel_type', transformations: [{ type: 'value_mapping', mapping: { 'Bunker C': 'Coal' } }] },
        {
          message: /^"Bunker C" is mapped to "Coal", which is not an allowed value of .+\. Allowed: "HFO", /,
          field: 'transformations.0.mapping',
        },
      ],
      [
        { sourceColumn: 'Grade', targetField: 'fuel_type', transformations: [{ type: 'value_mapping', mapping: ['HFO'] }] },
        {
          message: 'A value mapping is an object of source text to allowed value, e.g. {"IFO 380": "HFO"}.',
          field: 'transformations.0.mapping',
        },
      ],
      [
        { sourceColumn: 'Fuel [kg]', targetField: 'fuel_mass', transformations: [{ type: 'value_mapping', mapping: { a: 'b' } }] },
        { message: `${label('fuel_mass')} has no list of allowed values, so it takes no value mapping.`, field: 'transformations.0.type' },
      ],
      [
        { sourceColumn: 'From', targetField: 'period_start', transformations: [{ type: 'date_format', dateFormat: 'DD-MMM-YY' }] },
        {
          message: /^Unknown date format "DD-MMM-YY"\. Known formats: "YYYY-MM-DD", .*"DD\.MM\.YYYY"/,
          field: 'transformations.0.dateFormat',
        },
      ],
      [
        { sourceColumn: 'Fuel [kg]', targetField: 'fuel_mass', transformations: [{ type: 'date_format', dateFormat: 'YYYY-MM-DD' }] },
        { message: `${label('fuel_mass')} is not a date, so it takes no date format.`, field: 'transformations.0.type' },
      ],
      [
        { sourceColumn: 'Fuel [kg]', targetField: 'fuel_mass', transformations: [{ type: 'factor', factor: 0 }] },
        { message: 'A factor must be a number other than 0 (each value is multiplied by it).', field: 'transformations.0.factor' },
      ],
      [
        { sourceColumn: 'Grade', targetField: 'fuel_type', transformations: [{ type: 'factor', factor: 2 }] },
        { message: `${label('fuel_type')} is not a number, so it takes no factor.`, field: 'transformations.0.type' },
      ],
      [
        {
          sourceColumn: 'Fuel [kg]',
          targetField: 'fuel_mass',
          transformations: [
            { type: 'factor', factor: 2 },
            { type: 'factor', factor: 3 },
          ],
        },
        { message: 'Only one factor transformation per mapping.', field: 'transformations.1.type' },
      ],
      [
        { sourceColumn: 'Fuel [kg]', targetField: 'fuel_mass', validation: { min: 10, max: 5 } },
        { message: 'The maximum (5) is below the minimum (10).', field: 'validation.max' },
      ],
      [
        { sourceColumn: 'Grade', targetField: 'vessel_name', validation: { pattern: '([a-z' } },
        { message: 'The pattern "([a-z" is not a valid regular expression.', field: 'validation.pattern' },
      ],
      [
        { sourceColumn: 'Grade', targetField: 'vessel_name', validation: { min: 1 } },
        { message: `${label('vessel_name')} is not a number, so it takes no minimum.`, field: 'validation.min' },
      ],
    ];
    const before = await mappingsOf(file.id);
    for (const [input, expected] of cases) {
      const refusal = refusalOf(await create(input));
      expect(refusal, JSON.stringify(input)).toMatchObject({ code: expected.code ?? 'VALIDATION_FAILED', field: expected.field });
      if (typeof expected.message === 'string') expect(refusal.message).toBe(expected.message);
      else expect(refusal.message).toMatch(expected.message);
    }
    expect(await mappingsOf(file.id)).toEqual(before);
  });

  it('shows the first rows through the mappings as typed values with their issues, storing nothing', async () => {
    // An organization of its own, so nothing is mapped from what the tests above taught Alice's.
    const bob = await newPerson('Thyborøn Reefers');
    const voyages = await uploadToBatch(server, bob, 'voyages-preview.csv', VOYAGES);
    await waitForAnalyses(bob, { fileId: voyages.id });
    const map = (input: Record<string, unknown>) => bob.gql(CREATE_MAPPING, { input: { fileId: voyages.id, ...input } });
    dataOf(await map({ sourceColumn: 'IMO No.', targetField: 'imo_number' }));
    dataOf(await map({ sourceColumn: 'Fuel [kg]', targetField: 'fuel_mass', transformations: [{ type: 'unit_conversion', unit: 'kg' }] }));

    // Fuel type is required and not mapped yet: a problem of the mappings, not of a row.
    const partial = dataOf(await bob.gql<{ mappingPreview: Preview }>(PREVIEW, { fileId: voyages.id, rows: 1 })).mappingPreview;
    expect(partial.issues).toContainEqual(
      expect.objectContaining({ code: 'REQUIRED_FIELD_NOT_MAPPED', type: 'error', field: 'fuel_type', rowNumber: null }),
    );
    expect(partial.rows).toHaveLength(1);

    dataOf(
      await map({
        sourceColumn: 'Grade',
        targetField: 'fuel_type',
        transformations: [{ type: 'value_mapping', mapping: { 'Bunker C': 'HFO' } }],
      }),
    );
    dataOf(
      await map({
        sourceColumn: 'From',
        targetField: 'period_start',
        transformations: [{ type: 'date_format', dateFormat: 'DD.MM.YYYY' }],
      }),
    );
    dataOf(
      await map({ sourceColumn: 'To', targetField: 'period_end', transformations: [{ type: 'date_format', dateFormat: 'DD.MM.YYYY' }] }),
    );
    dataOf(
      await map({ sourceColumn: 'Distance [km]', targetField: 'distance', transformations: [{ type: 'unit_conversion', unit: 'km' }] }),
    );

    const preview = dataOf(await bob.gql<{ mappingPreview: Preview }>(PREVIEW, { fileId: voyages.id })).mappingPreview;
    expect(preview).toMatchObject({ fileId: voyages.id, category: 'vessel_fuel_consumption' });
    expect(preview.issues.filter((i) => i.type === 'error')).toEqual([]);
    expect(preview.rows.map((r) => [r.rowNumber, r.isValid])).toEqual([
      [2, true],
      [3, false],
      [4, false],
    ]);
    const [first, second, third] = preview.rows;
    const fieldValue = (row: Preview['rows'][number] | undefined, key: string) => row?.values.find((v) => v.fieldName === key);
    expect(first?.values.map((v) => v.fieldName).sort()).toEqual([
      'distance',
      'fuel_mass',
      'fuel_type',
      'imo_number',
      'period_end',
      'period_start',
    ]);
    expect(fieldValue(first, 'fuel_mass')).toEqual({
      fieldName: 'fuel_mass',
      label: label('fuel_mass'),
      stringValue: null,
      numberValue: 12.5,
      booleanValue: null,
      dateValue: null,
      unit: 't',
      dataType: 'number',
      isValid: true,
      validationError: null,
    });
    expect(fieldValue(first, 'imo_number')).toMatchObject({ stringValue: '9074729', dataType: 'string', unit: null });
    expect(fieldValue(first, 'fuel_type')).toMatchObject({ stringValue: 'HFO', dataType: 'enum' });
    expect(fieldValue(first, 'period_start')).toMatchObject({ dateValue: '2024-03-01', dataType: 'date' });
    expect(fieldValue(first, 'distance')?.numberValue).toBeCloseTo(1000, 6);

    expect(fieldValue(second, 'imo_number')).toMatchObject({ isValid: false, stringValue: null });
    expect(fieldValue(second, 'imo_number')?.validationError).toMatch(/Row 3/);
    expect(second?.issues).toContainEqual(
      expect.objectContaining({ code: 'INVALID_IMO', type: 'error', field: 'imo_number', rowNumber: 3, value: '9074720' }),
    );
    expect(fieldValue(second, 'fuel_type')).toMatchObject({ stringValue: fuelTypeOf('MGO'), isValid: true });

    const thirdCodes = third?.issues.map((i) => [i.code, i.field]);
    expect(thirdCodes).toContainEqual(['NOT_A_NUMBER', 'fuel_mass']);
    expect(thirdCodes).toContainEqual(['NOT_ALLOWED_VALUE', 'fuel_type']);
    expect(thirdCodes).toContainEqual(['END_BEFORE_START', expect.anything()]);

    // Nothing was stored: the same answer again, and no validation of the file.
    expect(dataOf(await bob.gql<{ mappingPreview: Preview }>(PREVIEW, { fileId: voyages.id })).mappingPreview).toEqual(preview);
  });

  it('refuses a preview of more than 50 rows, and of a file without a category', async () => {
    expect(refusalOf(await alice.gql(PREVIEW, { fileId: file.id, rows: 51 }))).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'rows must be between 1 and 50.',
      field: 'rows',
    });
    const other = await uploadToBatch(server, alice, 'unknown.csv', Buffer.from('a,b\n1,2\n'));
    dataOf(await alice.gql(SET_CATEGORY, { input: { fileId: other.id, category: 'unknown' } }));
    expect(refusalOf(await alice.gql(PREVIEW, { fileId: other.id }))).toEqual({
      code: 'CONFLICT',
      message: 'Choose what "unknown.csv" holds (its category) before mapping its columns.',
      field: 'category',
    });
    expect(
      refusalOf(await alice.gql(CREATE_MAPPING, { input: { fileId: other.id, sourceColumn: 'a', targetField: 'imo_number' } })),
    ).toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('deletes a mapping, keeping it as history, and says so when it was already gone', async () => {
    const mapping = dataOf(await create({ sourceColumn: 'IMO No.', targetField: 'imo_number' })).createFileMapping;
    const removed = dataOf(
      await alice.gql<{ deleteFileMapping: { success: boolean; message: string } }>(DELETE_MAPPING, { id: mapping.id }),
    );
    expect(removed.deleteFileMapping).toEqual({
      success: true,
      message: `Column "IMO No." is no longer mapped to ${label('imo_number')}.`,
    });
    expect((await mappingsOf(file.id)).some((m) => m.id === mapping.id)).toBe(false);
    const again = dataOf(await alice.gql<{ deleteFileMapping: { success: boolean; message: string } }>(DELETE_MAPPING, { id: mapping.id }));
    expect(again.deleteFileMapping.message).toBe(`Column "IMO No." was no longer mapped to ${label('imo_number')}; nothing changed.`);
    const [audit] = await auditRows(server, aliceOrganizationId, 'deleteFileMapping');
    expect(audit?.description).toBe(`Removed the mapping of column "IMO No." of "voyages.csv" to ${label('imo_number')}`);
  });

  it('maps the file of a single-file upload by the upload, and lists its mappings on the upload', async () => {
    const carol = await newPerson('Hvide Sande Feeders');
    const { uploadId, file: uploaded } = await uploadSingle(server, carol, 'single-voyages.csv', VOYAGES);
    await waitForAnalyses(carol, { uploadId });
    const created = dataOf(
      await carol.gql<{ createUploadMapping: MappingView }>(CREATE_UPLOAD_MAPPING, {
        input: { uploadId, sourceColumn: 'IMO No.', targetField: 'imo_number' },
      }),
    ).createUploadMapping;
    expect(created).toMatchObject({ fileId: uploaded.id, targetField: 'imo_number', origin: 'manual' });
    const upload = dataOf(await carol.gql<{ upload: { mappings: MappingView[] } }>(UPLOAD_MAPPINGS, { id: uploadId })).upload;
    expect(upload.mappings.map((m) => m.id)).toEqual([created.id]);

    // deleteUploadMapping takes only mappings of a single upload's file.
    const batchMapping = dataOf(await create({ sourceColumn: 'Grade', targetField: 'fuel_type' })).createFileMapping;
    expect(refusalOf(await alice.gql(DELETE_UPLOAD_MAPPING, { id: batchMapping.id }))).toMatchObject({ code: 'NOT_FOUND' });
    const theirs = dataOf(
      await carol.gql<{ createFileMapping: MappingView }>(CREATE_MAPPING, {
        input: { fileId: uploaded.id, sourceColumn: 'Grade', targetField: 'fuel_type' },
      }),
    ).createFileMapping;
    expect(refusalOf(await carol.gql(DELETE_UPLOAD_MAPPING, { id: batchMapping.id }))).toMatchObject({ code: 'NOT_FOUND' });
    dataOf(await carol.gql(DELETE_UPLOAD_MAPPING, { id: created.id }));
    expect(
      dataOf(await carol.gql<{ upload: { mappings: MappingView[] } }>(UPLOAD_MAPPINGS, { id: uploadId })).upload.mappings.map((m) => m.id),
    ).toEqual([theirs.id]);
  });
});
