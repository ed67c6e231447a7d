import { formatDate } from '../../lib/format.ts';
import type { DataEntryValue, FieldDefinition } from './graphql.ts';

/**
 * How a unit code reads: `m3` → "m³", `m2` → "m²", `t CO2` → "t CO₂" (a subscript: carbon dioxide, not a square);
 * others as they are ("t", "kWh", "tkm").
 */
export const unitText = (unit: string | null | undefined) =>
  unit
    ? unit
        .replace(/CO2/g, 'CO₂')
        .replace(/(^|[^A-Za-z])(k?m)2$/, '$1$2²')
        .replace(/(^|[^A-Za-z])(k?m)3$/, '$1$2³')
    : '';

/** A column header: the field's label with its unit, "Fuel consumed (t)", unless the label names it already ("Cargo carried (TEU)"). */
export const fieldHeader = (field: Pick<FieldDefinition, 'label' | 'canonicalUnit'>) => {
  const unit = unitText(field.canonicalUnit);
  return unit && !field.label.includes(`(${unit})`) ? `${field.label} (${unit})` : field.label;
};

/** A year is a number without thousands separators: "2024", never "2,024". */
const YEAR_FIELD = /(^|_)year$/;

const numberFormats = new Map<string, Intl.NumberFormat>();
const numberFormat = (locale: string | undefined, integer: boolean, grouping = true) => {
  const key = `${locale ?? ''}|${integer}|${grouping}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: integer ? 0 : 6, useGrouping: grouping });
    numberFormats.set(key, format);
  }
  return format;
};

export type ValueFormatOptions = {
  /** The reader's locale for numbers (thousands and decimal separators); the browser's when unset. */
  locale?: string | undefined;
  /** Adds the unit after a number ("12,500 t"): for places where no header names it. */
  withUnit?: boolean;
  /** The field's allowed values, so an enum shows its label ("Heavy fuel oil") rather than its code. */
  allowedValues?: FieldDefinition['allowedValues'];
};

/**
 * One value as a reader sees it, by its data type: numbers with the locale's separators (integers
 * without decimals, years without separators), dates as calendar dates, yes/no for booleans, an enum's label. An empty value
 * is an em dash.
 */
export const formatEntryValue = (
  value: DataEntryValue | undefined,
  { locale, withUnit = false, allowedValues }: ValueFormatOptions = {},
) => {
  if (!value) return '—';
  switch (value.dataType) {
    case 'number':
    case 'integer': {
      if (value.numberValue === null || value.numberValue === undefined) return value.stringValue || '—';
      const integer = value.dataType === 'integer';
      const number = numberFormat(locale, integer, !(integer && YEAR_FIELD.test(value.fieldName))).format(value.numberValue);
      return withUnit && value.unit ? `${number} ${unitText(value.unit)}` : number;
    }
    case 'date':
      return value.dateValue ? formatDate(value.dateValue) : value.stringValue || '—';
    case 'boolean':
      return value.booleanValue === null || value.booleanValue === undefined ? value.stringValue || '—' : value.booleanValue ? 'Yes' : 'No';
    case 'enum': {
      if (!value.stringValue) return '—';
      return allowedValues?.find((a) => a.value === value.stringValue)?.label ?? value.stringValue;
    }
    default:
      return value.stringValue || '—';
  }
};

/**
 * What a cell shows for a field: the typed value, or, when the value could not be read (an invalid
 * number, an unknown code), the text as the sheet had it, taken from the row's issue about that field.
 */
export const shownValue = (
  value: DataEntryValue | undefined,
  issues: readonly { field: string | null; value: string | null }[],
  options: ValueFormatOptions = {},
) => {
  const text = formatEntryValue(value, options);
  if (text !== '—' || !value || value.isValid) return text;
  return issues.find((issue) => issue.field === value.fieldName && issue.value)?.value ?? text;
};

/** The compact line of an entry without a chosen category: "Fuel consumed: 12,500 t · Vessel: Nordlys". */
export const valuesSummary = (values: readonly DataEntryValue[], locale?: string) =>
  values
    .filter((v) => v.stringValue !== null || v.numberValue !== null || v.booleanValue !== null || v.dateValue !== null)
    .map((v) => `${v.label}: ${formatEntryValue(v, { locale, withUnit: true })}`);

/** A count and its noun, "1 error", "3 warnings", in the reader's locale. */
export const countOf = (count: number, singular: string, plural = `${singular}s`, locale?: string) =>
  `${numberFormat(locale, true).format(count)} ${count === 1 ? singular : plural}`;
