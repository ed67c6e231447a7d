import type { StoredMappingValidation, StoredTransformation } from '@tidewise/db/schema/mappings';
import { DATE_FORMATS } from '@tidewise/shared/entry-rules/index';
import { normalizeLabel, resolveAllowedValue } from '@tidewise/shared/field-catalogue/index';
import type { FieldDefinition, UnitDefinition } from '@tidewise/shared/field-catalogue/types';
import type { Refusal } from '../../lib/authz.ts';

/**
 * The rules of the mapping operations as pure functions: what a mapping's transformations and extra checks may be
 * for its field. Each answers the cleaned value to store, or the Refusal the client gets, naming the input at fault.
 */

export const TRANSFORMATION_TYPES = ['date_format', 'factor', 'unit_conversion', 'value_mapping'] as const;
export type TransformationType = (typeof TRANSFORMATION_TYPES)[number];

export type TransformationInput = {
  type: TransformationType;
  factor?: number | null;
  unit?: string | null;
  density?: number | null;
  mapping?: unknown;
  dateFormat?: string | null;
};

export type ValidationInput = { required?: boolean | null; min?: number | null; max?: number | null; pattern?: string | null };

type Checked<T> = { ok: T } | { refusal: Refusal };

const invalid = (field: string, message: string): { refusal: Refusal } => ({ refusal: { code: 'VALIDATION_FAILED', message, field } });

const listOf = (values: readonly string[]) => values.map((v) => `"${v}"`).join(', ');

/** The accepted unit a text names: its key, or one of its spellings ("m³", "tonnes"). */
export const findUnit = (field: FieldDefinition, text: string): UnitDefinition | null => {
  const wanted = normalizeLabel(text);
  return (
    field.acceptedUnits?.find((u) => normalizeLabel(u.unit) === wanted || u.synonyms.some((s) => normalizeLabel(s) === wanted)) ?? null
  );
};

const MAX_VALUE_MAPPINGS = 500;
const MAX_TEXT = 200;

const checkUnitConversion = (field: FieldDefinition, input: TransformationInput, at: string): Checked<StoredTransformation> => {
  if (!field.acceptedUnits?.length) return invalid(`${at}.unit`, `${field.label} has no unit, so it takes no unit conversion.`);
  const accepted = field.acceptedUnits.map((u) => u.unit);
  if (!input.unit?.trim()) return invalid(`${at}.unit`, `Name the unit the column is in: one of ${listOf(accepted)}.`);
  const unit = findUnit(field, input.unit);
  if (!unit) return invalid(`${at}.unit`, `${field.label} cannot be converted from "${input.unit}". Its units are ${listOf(accepted)}.`);
  const stored: StoredTransformation = { type: 'unit_conversion', unit: unit.unit };
  if (input.density !== undefined && input.density !== null) {
    if (!unit.needsDensity) {
      return invalid(
        `${at}.density`,
        `A density is only used to convert a volume to a mass; ${unit.label} (${unit.unit}) is not a volume.`,
      );
    }
    if (!Number.isFinite(input.density) || input.density <= 0) {
      return invalid(`${at}.density`, `The density must be more than 0 t/m³ (got ${input.density}).`);
    }
    stored.density = input.density;
  }
  return { ok: stored };
};

const checkFactor = (field: FieldDefinition, input: TransformationInput, at: string): Checked<StoredTransformation> => {
  if (field.dataType !== 'number' && field.dataType !== 'integer') {
    return invalid(`${at}.type`, `${field.label} is not a number, so it takes no factor.`);
  }
  if (input.factor === undefined || input.factor === null || !Number.isFinite(input.factor) || input.factor === 0) {
    return invalid(`${at}.factor`, 'A factor must be a number other than 0 (each value is multiplied by it).');
  }
  return { ok: { type: 'factor', factor: input.factor } };
};

const checkValueMapping = (field: FieldDefinition, input: TransformationInput, at: string): Checked<StoredTransformation> => {
  if (field.dataType !== 'enum' || !field.allowedValues?.length) {
    return invalid(`${at}.type`, `${field.label} has no list of allowed values, so it takes no value mapping.`);
  }
  const { mapping } = input;
  if (typeof mapping !== 'object' || mapping === null || Array.isArray(mapping)) {
    return invalid(`${at}.mapping`, 'A value mapping is an object of source text to allowed value, e.g. {"IFO 380": "HFO"}.');
  }
  const entries = Object.entries(mapping as Record<string, unknown>);
  if (entries.length === 0) return invalid(`${at}.mapping`, 'A value mapping needs at least one source text.');
  if (entries.length > MAX_VALUE_MAPPINGS)
    return invalid(`${at}.mapping`, `A value mapping holds at most ${MAX_VALUE_MAPPINGS} source texts.`);
  const allowed = field.allowedValues.map((v) => v.value);
  const stored: Record<string, string> = {};
  for (const [source, target] of entries) {
    if (!source.trim() || source.length > MAX_TEXT) {
      return invalid(`${at}.mapping`, `A source text must be 1 to ${MAX_TEXT} characters.`);
    }
    const resolved = typeof target === 'string' ? resolveAllowedValue(field, target) : null;
    if (!resolved) {
      return invalid(
        `${at}.mapping`,
        `"${source}" is mapped to ${JSON.stringify(target)}, which is not an allowed value of ${field.label}. Allowed: ${listOf(allowed)}.`,
      );
    }
    stored[source] = resolved.value;
  }
  return { ok: { type: 'value_mapping', mapping: stored } };
};

const checkDateFormat = (field: FieldDefinition, input: TransformationInput, at: string): Checked<StoredTransformation> => {
  if (field.dataType !== 'date') return invalid(`${at}.type`, `${field.label} is not a date, so it takes no date format.`);
  const format = DATE_FORMATS.find((f) => f === input.dateFormat?.trim().toUpperCase());
  if (!format) {
    return invalid(`${at}.dateFormat`, `Unknown date format "${input.dateFormat ?? ''}". Known formats: ${listOf(DATE_FORMATS)}.`);
  }
  return { ok: { type: 'date_format', dateFormat: format } };
};

const CHECKS: Record<
  TransformationType,
  (field: FieldDefinition, input: TransformationInput, at: string) => Checked<StoredTransformation>
> = {
  unit_conversion: checkUnitConversion,
  factor: checkFactor,
  value_mapping: checkValueMapping,
  date_format: checkDateFormat,
};

/**
 * A mapping's transformations, checked against its field: units among the field's accepted units (a density, more
 * than 0, only for a volume), a factor only for numbers, value-mapping targets among the allowed values (stored as
 * the value they resolve to), known date formats; at most one of each type.
 */
export const checkTransformations = (field: FieldDefinition, inputs: readonly TransformationInput[]): Checked<StoredTransformation[]> => {
  const stored: StoredTransformation[] = [];
  const seen = new Set<string>();
  for (const [i, input] of inputs.entries()) {
    const at = `transformations.${i}`;
    if (seen.has(input.type)) return invalid(`${at}.type`, `Only one ${input.type} transformation per mapping.`);
    seen.add(input.type);
    const checked = CHECKS[input.type](field, input, at);
    if ('refusal' in checked) return checked;
    stored.push(checked.ok);
  }
  return { ok: stored };
};

const MAX_PATTERN = 500;

/** A mapping's own checks: limits that fit the field's type and each other, a pattern that compiles. */
export const checkMappingValidation = (
  field: FieldDefinition,
  input: ValidationInput | null | undefined,
): Checked<StoredMappingValidation> => {
  const stored: StoredMappingValidation = {};
  if (!input) return { ok: stored };
  if (input.required !== undefined && input.required !== null) stored.required = input.required;
  const numeric = field.dataType === 'number' || field.dataType === 'integer';
  for (const key of ['min', 'max'] as const) {
    const value = input[key];
    if (value === undefined || value === null) continue;
    if (!numeric)
      return invalid(`validation.${key}`, `${field.label} is not a number, so it takes no ${key === 'min' ? 'minimum' : 'maximum'}.`);
    if (!Number.isFinite(value)) return invalid(`validation.${key}`, `The ${key === 'min' ? 'minimum' : 'maximum'} must be a number.`);
    stored[key] = value;
  }
  if (stored.min !== undefined && stored.max !== undefined && stored.min > stored.max) {
    return invalid('validation.max', `The maximum (${stored.max}) is below the minimum (${stored.min}).`);
  }
  if (input.pattern !== undefined && input.pattern !== null && input.pattern !== '') {
    if (input.pattern.length > MAX_PATTERN) return invalid('validation.pattern', `A pattern is at most ${MAX_PATTERN} characters.`);
    try {
      new RegExp(input.pattern, 'u');
    } catch {
      return invalid('validation.pattern', `The pattern "${input.pattern}" is not a valid regular expression.`);
    }
    stored.pattern = input.pattern;
  }
  return { ok: stored };
};

/** The transformation a column's unit needs: none when it is already in the field's canonical unit or not known. */
export const unitTransformationFor = (field: FieldDefinition, detectedUnit: string | null): StoredTransformation[] => {
  if (!detectedUnit || !field.canonicalUnit) return [];
  const unit = findUnit(field, detectedUnit);
  if (!unit || unit.unit === field.canonicalUnit) return [];
  return [{ type: 'unit_conversion', unit: unit.unit }];
};
