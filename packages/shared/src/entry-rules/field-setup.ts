import { normalizeLabel, resolveAllowedValue } from '../field-catalogue/index.ts';
import type { FieldDefinition, UnitDefinition } from '../field-catalogue/types.ts';
import { quote } from './cells.ts';
import { AUTO_DATE_READING, DATE_FORMATS, type DateReading, dateReadingOf } from './dates.ts';
import { type IssueCode, planIssue } from './issues.ts';
import type { Issue, MappingRule, MappingTransformation, TransformationType } from './types.ts';

/** The field that gives a row's fuel (fuel type, energy carrier) and its typical densities. */
export type DensitySource = {
  index: number;
  label: string;
  densities: Readonly<Record<string, number>>;
  valueLabels: ReadonlyMap<string, string>;
};

/** A field's mapping, checked and reduced to what its reader needs. */
export type FieldSetup = {
  definition: FieldDefinition;
  required: boolean;
  /** value_mapping: normalized source text -> target text (for enums the allowed value). */
  valueMap: ReadonlyMap<string, string> | null;
  /** Product of the factor transformations. */
  factor: number;
  /** The unit the column is in (unit_conversion), else the canonical unit; null for fields without units. */
  unit: UnitDefinition | null;
  /** Density from the mapping in t/m³, for volume units. */
  density: number | null;
  /** Where a volume's density comes from when the mapping gives none. */
  densitySource: DensitySource | null;
  /** Accepted units by normalized spelling, for a unit written in the cell ("12 kg"). */
  units: ReadonlyMap<string, UnitDefinition>;
  dateReading: DateReading;
  dateFormat: string | null;
  min: number | undefined;
  max: number | undefined;
  patterns: readonly { source: string; regex: RegExp }[];
};

const unitMaps = new WeakMap<FieldDefinition, ReadonlyMap<string, UnitDefinition>>();

/** The field's accepted units by normalized code and synonyms (built once per catalogue field). */
export const unitsOf = (definition: FieldDefinition): ReadonlyMap<string, UnitDefinition> => {
  let map = unitMaps.get(definition);
  if (!map) {
    const units = new Map<string, UnitDefinition>();
    for (const unit of definition.acceptedUnits ?? []) {
      for (const spelling of [unit.unit, ...unit.synonyms]) {
        const key = normalizeLabel(spelling);
        if (!units.has(key)) units.set(key, unit);
      }
    }
    map = units;
    unitMaps.set(definition, map);
  }
  return map;
};

const isNumeric = (definition: FieldDefinition): boolean => definition.dataType === 'number' || definition.dataType === 'integer';
const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const MAX_DENSITY = 2;

const acceptedUnitList = (definition: FieldDefinition): string => (definition.acceptedUnits ?? []).map((u) => u.unit).join(', ');

type Problem = (code: IssueCode, detail: string, value?: string | null) => void;
/** What the transformations of one mapping have set so far. */
type Progress = { setup: FieldSetup; valueMap: Map<string, string>; unitSet: boolean; dateFormatSet: boolean; problem: Problem };

const addValueMapping = (transformation: MappingTransformation, { setup, valueMap, problem }: Progress): void => {
  const { definition } = setup;
  const mapping = transformation.mapping;
  if (!mapping || typeof mapping !== 'object' || Array.isArray(mapping)) {
    problem('INVALID_TRANSFORMATION', 'a value mapping needs a mapping of source texts to values.');
    return;
  }
  for (const [from, to] of Object.entries(mapping)) {
    if (typeof to !== 'string' || normalizeLabel(from) === '') {
      problem(
        'INVALID_VALUE_MAPPING',
        `the value mapping ${quote(from)} → ${quote(String(to))} needs a source text and a target text.`,
        from,
      );
      continue;
    }
    let target = to.trim();
    if (definition.dataType === 'enum') {
      const allowed = resolveAllowedValue(definition, to);
      if (!allowed) {
        problem(
          'INVALID_VALUE_MAPPING',
          `${quote(from)} is mapped to ${quote(to)}, which is not an allowed value of ${definition.label}.`,
          to,
        );
        continue;
      }
      target = allowed.value;
    }
    valueMap.set(normalizeLabel(from), target);
  }
};

const addFactor = (transformation: MappingTransformation, { setup, problem }: Progress): void => {
  const { definition } = setup;
  if (!isNumeric(definition)) {
    const kind = definition.dataType === 'enum' ? 'a list value' : `a ${definition.dataType}`;
    problem('TRANSFORMATION_NOT_APPLICABLE', `a factor applies to numbers only, and ${definition.label} is ${kind}.`);
  } else if (!isFiniteNumber(transformation.factor) || transformation.factor === 0) {
    problem(
      'INVALID_TRANSFORMATION',
      'the factor must be a number other than 0.',
      transformation.factor == null ? null : String(transformation.factor),
    );
  } else setup.factor *= transformation.factor;
};

const addUnitConversion = (transformation: MappingTransformation, progress: Progress): void => {
  const { setup, problem } = progress;
  const { definition } = setup;
  const unitText = transformation.unit?.trim() ?? '';
  if (!definition.acceptedUnits?.length) {
    problem('UNIT_NOT_CONVERTIBLE', `${definition.label} takes no unit, so ${quote(unitText)} cannot be converted.`, unitText || null);
    return;
  }
  if (progress.unitSet) {
    problem('INVALID_TRANSFORMATION', 'only one unit conversion can apply to a column.', unitText || null);
    return;
  }
  const unit = setup.units.get(normalizeLabel(unitText));
  if (!unit) {
    const accepted = acceptedUnitList(definition);
    problem(
      'UNIT_NOT_CONVERTIBLE',
      unitText
        ? `the unit ${quote(unitText)} cannot be converted to ${definition.canonicalUnit}; accepted: ${accepted}.`
        : `a unit conversion needs a unit; accepted: ${accepted}.`,
      unitText || null,
    );
    return;
  }
  progress.unitSet = true;
  setup.unit = unit;
  const density = transformation.density;
  if (density == null) return;
  if (!isFiniteNumber(density) || density <= 0 || density > MAX_DENSITY) {
    problem(
      'DENSITY_INVALID',
      `the density ${quote(String(density))} is not a density in t/m³ (fuels are about 0.4 to 1.0; 991 kg/m³ is 0.991 t/m³).`,
      String(density),
    );
  } else if (!unit.needsDensity) problem('DENSITY_NOT_USED', `the density is not used: ${unit.unit} is not a volume.`, String(density));
  else setup.density = density;
};

const addDateFormat = (transformation: MappingTransformation, progress: Progress): void => {
  const { setup, problem } = progress;
  const format = transformation.dateFormat?.trim() ?? '';
  if (setup.definition.dataType !== 'date') {
    problem(
      'TRANSFORMATION_NOT_APPLICABLE',
      `a date format applies to dates only, and ${setup.definition.label} is not a date.`,
      format || null,
    );
    return;
  }
  const reading = format ? dateReadingOf(format) : null;
  if (!reading) {
    problem(
      'UNKNOWN_DATE_FORMAT',
      format
        ? `the date format ${quote(format)} is not known; known formats: ${DATE_FORMATS.join(', ')}.`
        : 'a date format needs a format.',
      format || null,
    );
    return;
  }
  if (progress.dateFormatSet) {
    problem('INVALID_TRANSFORMATION', 'only one date format can apply to a column.', format);
    return;
  }
  progress.dateFormatSet = true;
  setup.dateReading = reading;
  setup.dateFormat = format.toUpperCase();
};

const TRANSFORMATIONS: Record<TransformationType, (transformation: MappingTransformation, progress: Progress) => void> = {
  value_mapping: addValueMapping,
  factor: addFactor,
  unit_conversion: addUnitConversion,
  date_format: addDateFormat,
};

/** A volume needs a density: the mapping's, else the row's fuel (a warning), else none (an error on every row). */
const settleDensity = (setup: FieldSetup, densitySource: DensitySource | null, problem: Problem): void => {
  const unit = setup.unit;
  if (unit?.needsDensity && setup.density === null) {
    if (densitySource) {
      setup.densitySource = densitySource;
      problem(
        'DEFAULT_DENSITY',
        `${unit.unit} is a volume and no density is given, so each row’s ${densitySource.label} gives a typical density; a measured density is better.`,
        unit.unit,
      );
    } else problem('DENSITY_MISSING', `${unit.unit} is a volume: give the fuel’s density in t/m³ in the unit conversion.`, unit.unit);
  } else if (setup.definition.acceptedUnits?.some((u) => u.needsDensity)) {
    // A cell may still name a volume unit ("120 m3").
    setup.densitySource = densitySource;
  }
};

/**
 * Checks one mapping's transformations and validation against its catalogue field and returns what the reader
 * needs. Problems become plan-level issues; a transformation in error is left out, so rows are still read.
 */
export const setUpField = (
  definition: FieldDefinition,
  rule: MappingRule,
  densitySource: DensitySource | null,
  issues: Issue[],
): FieldSetup => {
  const where = `Column ${quote(rule.sourceColumn)} → ${definition.label}`;
  const problem: Problem = (code, detail, value = null) => issues.push(planIssue(code, definition.key, `${where}: ${detail}`, value));
  const setup: FieldSetup = {
    definition,
    required: definition.requirement === 'required' || rule.validation?.required === true,
    valueMap: null,
    factor: 1,
    unit: definition.acceptedUnits?.find((u) => u.unit === definition.canonicalUnit) ?? null,
    density: null,
    densitySource: null,
    units: unitsOf(definition),
    dateReading: AUTO_DATE_READING,
    dateFormat: null,
    min: definition.min,
    max: definition.max,
    patterns: [],
  };
  const progress: Progress = { setup, valueMap: new Map(), unitSet: false, dateFormatSet: false, problem };
  for (const transformation of rule.transformations) {
    const apply = Object.hasOwn(TRANSFORMATIONS, transformation.type) ? TRANSFORMATIONS[transformation.type] : undefined;
    if (apply) apply(transformation, progress);
    else problem('INVALID_TRANSFORMATION', `${quote(String(transformation.type))} is not a transformation.`);
  }
  if (progress.valueMap.size > 0) setup.valueMap = progress.valueMap;
  settleDensity(setup, densitySource, problem);
  applyValidation(definition, rule, setup, problem);
  return setup;
};

const applyValidation = (definition: FieldDefinition, rule: MappingRule, setup: FieldSetup, problem: Problem): void => {
  const validation = rule.validation;
  for (const bound of ['min', 'max'] as const) {
    const value = validation?.[bound];
    if (value == null) continue;
    if (!isNumeric(definition)) {
      problem(
        'VALIDATION_NOT_APPLICABLE',
        `a ${bound === 'min' ? 'minimum' : 'maximum'} applies to numbers only; it is ignored.`,
        String(value),
      );
    } else if (!isFiniteNumber(value)) {
      problem('INVALID_MAPPING', `the ${bound === 'min' ? 'minimum' : 'maximum'} must be a number.`, String(value));
    } else if (bound === 'min') setup.min = setup.min === undefined ? value : Math.max(setup.min, value);
    else setup.max = setup.max === undefined ? value : Math.min(setup.max, value);
  }
  if (setup.min !== undefined && setup.max !== undefined && setup.min > setup.max) {
    problem(
      'MIN_ABOVE_MAX',
      `the minimum ${setup.min} is above the maximum ${setup.max}, so no value can pass.`,
      `${setup.min}..${setup.max}`,
    );
  }
  const patterns: { source: string; regex: RegExp }[] = [];
  for (const source of [definition.pattern, validation?.pattern]) {
    if (source == null || source === '') continue;
    if (definition.dataType !== 'string') {
      problem('VALIDATION_NOT_APPLICABLE', 'a pattern applies to text fields only; it is ignored.', source);
      continue;
    }
    try {
      patterns.push({ source, regex: new RegExp(`^(?:${source})$`) });
    } catch {
      problem('INVALID_PATTERN', `the pattern ${quote(source)} is not a valid regular expression.`, source);
    }
  }
  setup.patterns = patterns;
};
