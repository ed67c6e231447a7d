import { fieldsByCategory } from '@tidewise/shared/field-catalogue/index';
import type { CatalogueCategory, FieldDefinition } from '@tidewise/shared/field-catalogue/types';
import { FILE_CATEGORY_LABELS } from '@tidewise/shared/uploads';
import ExcelJS from 'exceljs';

/** Rows of the Data sheet that get the drop-down lists and number / date checks (a template is filled by hand). */
export const TEMPLATE_ROWS = 5000;

/** Marks a required field in its header. */
export const REQUIRED_MARK = ' *';

const REQUIREMENT_TEXT = { required: 'Required', recommended: 'Recommended', optional: 'Optional' } as const;

/** The header of a field's column: its label, its canonical unit in brackets, and the required mark. */
export const templateHeaderOf = (field: FieldDefinition): string =>
  `${field.label}${field.canonicalUnit ? ` [${field.canonicalUnit}]` : ''}${field.requirement === 'required' ? REQUIRED_MARK : ''}`;

/** A column letter from its 1-based number (1 → A, 27 → AA). */
const columnLetter = (n: number): string => {
  let letters = '';
  for (let rest = n; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
};

const noteOf = (field: FieldDefinition): string => {
  const lines = [field.description];
  if (field.acceptedUnits?.length)
    lines.push(`Units: ${field.acceptedUnits.map((u) => u.unit).join(', ')} (stored in ${field.canonicalUnit}).`);
  if (field.allowedValues?.length) lines.push('Choose a value from the list.');
  return lines.join('\n');
};

type Validation = ExcelJS.DataValidation;

/** exceljs keeps range checks in `worksheet.dataValidations` (its typings only know the per-cell one). */
type WithRangeValidations = { dataValidations: { add: (range: string, validation: Validation) => void } };
const addRangeValidation = (sheet: ExcelJS.Worksheet, range: string, validation: Validation) =>
  (sheet as unknown as WithRangeValidations).dataValidations.add(range, validation);

/** The check a field's cells get in the Data sheet, when one is simple to state; enums get their list. */
const validationOf = (field: FieldDefinition, listRange: string | null): Validation | null => {
  const shown = { showErrorMessage: true, errorStyle: 'warning', errorTitle: field.label } as const;
  if (listRange) {
    return { type: 'list', allowBlank: true, formulae: [listRange], ...shown, error: `Choose a value of ${field.label} from the list.` };
  }
  if (field.dataType === 'number' || field.dataType === 'integer') {
    const type = field.dataType === 'integer' ? 'whole' : 'decimal';
    const bounds = `${field.min ?? ''}..${field.max ?? ''}`;
    if (field.min !== undefined && field.max !== undefined) {
      return { type, operator: 'between', allowBlank: true, formulae: [field.min, field.max], ...shown, error: `A number in ${bounds}.` };
    }
    if (field.min !== undefined) {
      return {
        type,
        operator: 'greaterThanOrEqual',
        allowBlank: true,
        formulae: [field.min],
        ...shown,
        error: `A number of at least ${field.min}.`,
      };
    }
    if (field.max !== undefined) {
      return {
        type,
        operator: 'lessThanOrEqual',
        allowBlank: true,
        formulae: [field.max],
        ...shown,
        error: `A number of at most ${field.max}.`,
      };
    }
    return null;
  }
  if (field.dataType === 'date') {
    return {
      type: 'date',
      operator: 'greaterThan',
      allowBlank: true,
      formulae: [new Date(Date.UTC(1990, 0, 1))],
      ...shown,
      error: 'A date (after 1990).',
    };
  }
  return null;
};

const listedUnits = (field: FieldDefinition) => field.acceptedUnits?.map((u) => `${u.unit} (${u.label})`).join(', ') ?? '';
const listedValues = (field: FieldDefinition) => field.allowedValues?.map((v) => `${v.label} (${v.value})`).join(', ') ?? '';

/**
 * An Excel template for a category: sheet "Data" with one column per catalogue field (header: label, canonical unit,
 * " *" when required; a note with the description; drop-down lists for enum fields and number / date checks), and
 * sheet "Fields" describing each field. The drop-down values sit in a hidden sheet "Lists" (a list typed into the
 * check itself is limited to 255 characters). No data: the same file for everyone.
 */
export const buildTemplate = async (category: CatalogueCategory): Promise<Buffer> => {
  const fields = fieldsByCategory(category);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Tidewise';
  workbook.title = `${FILE_CATEGORY_LABELS[category]} template`;
  const data = workbook.addWorksheet('Data', { views: [{ state: 'frozen', ySplit: 1 }] });
  const about = workbook.addWorksheet('Fields');
  const lists = workbook.addWorksheet('Lists', { state: 'hidden' });

  let listColumn = 0;
  fields.forEach((field, i) => {
    const letter = columnLetter(i + 1);
    const header = data.getCell(`${letter}1`);
    header.value = templateHeaderOf(field);
    header.note = noteOf(field);
    header.font = { bold: true };
    data.getColumn(i + 1).width = Math.min(40, Math.max(14, header.value.length + 4));
    if (field.dataType === 'date') data.getColumn(i + 1).numFmt = 'yyyy-mm-dd';
    let listRange: string | null = null;
    if (field.allowedValues?.length) {
      listColumn += 1;
      const listLetter = columnLetter(listColumn);
      lists.getCell(`${listLetter}1`).value = field.key;
      field.allowedValues.forEach((v, row) => {
        lists.getCell(`${listLetter}${row + 2}`).value = v.label;
      });
      listRange = `Lists!$${listLetter}$2:$${listLetter}$${field.allowedValues.length + 1}`;
    }
    const validation = validationOf(field, listRange);
    if (validation) addRangeValidation(data, `${letter}2:${letter}${TEMPLATE_ROWS + 1}`, validation);
  });

  about.columns = [
    { header: 'Field', key: 'label', width: 30 },
    { header: 'Key', key: 'key', width: 28 },
    { header: 'Requirement', key: 'requirement', width: 14 },
    { header: 'Data type', key: 'dataType', width: 11 },
    { header: 'Unit', key: 'unit', width: 9 },
    { header: 'Accepted units', key: 'units', width: 36 },
    { header: 'Allowed values', key: 'values', width: 50 },
    { header: 'Description', key: 'description', width: 80 },
  ];
  about.getRow(1).font = { bold: true };
  for (const field of fields) {
    about.addRow({
      label: field.label,
      key: field.key,
      requirement: REQUIREMENT_TEXT[field.requirement],
      dataType: field.dataType,
      unit: field.canonicalUnit ?? '',
      units: listedUnits(field),
      values: listedValues(field),
      description: field.description,
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
};
