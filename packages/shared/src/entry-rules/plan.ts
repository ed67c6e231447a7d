import { fieldsByCategory } from '../field-catalogue/index.ts';
import type { CatalogueCategory, FieldDefinition } from '../field-catalogue/types.ts';
import { isEmptyCell, quote } from './cells.ts';
import { readerFor } from './field-readers.ts';
import type { CellReader } from './reader-kit.ts';
import { type DensitySource, setUpField } from './field-setup.ts';
import { ISSUE_TYPES, planIssue } from './issues.ts';
import { compileDuplicateKey, compileEntryDate } from './entry-identity.ts';
import { compileRowRules } from './row-rules.ts';
import { type FieldRef, type RowScratch, reportRow } from './row-scratch.ts';
import type { BuiltEntry, CellValue, EntryPlan, EntryValue, Issue, MappingRule, PlanField } from './types.ts';

type CompiledField = FieldRef & { sourceIndex: number; required: boolean; read: CellReader };

/** A catalogue field as a PlanField (sourceIndex -1 when no column is mapped to it). */
export const planFieldOf = (definition: FieldDefinition, sourceIndex = -1): PlanField => ({
  key: definition.key,
  label: definition.label,
  dataType: definition.dataType,
  unit: definition.canonicalUnit ?? null,
  requirement: definition.requirement,
  sourceIndex,
  ...(definition.allowedValues ? { allowedValues: definition.allowedValues } : {}),
});

/** Every field of a category as a PlanField, for formatting stored entries without a file's plan (exports). */
export const planFieldsOf = (category: CatalogueCategory): PlanField[] => fieldsByCategory(category).map((d) => planFieldOf(d));

const where = (rule: MappingRule): string => `Column ${quote(rule.sourceColumn)}`;

/** Picks one mapping per field, in catalogue order, reporting what cannot be used. */
const chooseMappings = (definitions: readonly FieldDefinition[], rules: readonly MappingRule[], issues: Issue[]) => {
  const chosen = new Map<string, MappingRule>();
  const targetsByColumn = new Map<number, { rule: MappingRule; label: string }[]>();
  for (const rule of rules) {
    const definition = definitions.find((d) => d.key === rule.targetField);
    if (!definition) {
      issues.push(
        planIssue(
          'UNKNOWN_FIELD',
          rule.targetField,
          `${where(rule)}: ${quote(rule.targetField)} is not a field of this category.`,
          rule.targetField,
        ),
      );
      continue;
    }
    if (!Number.isInteger(rule.sourceIndex) || rule.sourceIndex < 0) {
      issues.push(
        planIssue(
          'INVALID_MAPPING',
          definition.key,
          `${where(rule)} → ${definition.label}: the column position must be 0 or more.`,
          String(rule.sourceIndex),
        ),
      );
      continue;
    }
    const earlier = chosen.get(definition.key);
    if (earlier) {
      issues.push(
        planIssue(
          'FIELD_MAPPED_TWICE',
          definition.key,
          `${definition.label} is mapped from both ${quote(earlier.sourceColumn)} and ${quote(rule.sourceColumn)}; only ${quote(earlier.sourceColumn)} is used.`,
          rule.sourceColumn,
        ),
      );
      continue;
    }
    chosen.set(definition.key, rule);
    const targets = targetsByColumn.get(rule.sourceIndex) ?? [];
    targets.push({ rule, label: definition.label });
    targetsByColumn.set(rule.sourceIndex, targets);
  }
  for (const targets of targetsByColumn.values()) {
    if (targets.length < 2) continue;
    const first = targets[0] as { rule: MappingRule };
    issues.push(
      planIssue(
        'COLUMN_MAPPED_TWICE',
        null,
        `${where(first.rule)} is mapped to ${targets.map((t) => t.label).join(' and ')}; check that it belongs to each.`,
        first.rule.sourceColumn,
      ),
    );
  }
  return chosen;
};

/**
 * Checks a file's mappings against the catalogue and compiles, once, everything buildEntry runs per row.
 * Plan-level problems (unknown field, a unit the field cannot take, a volume without density, a required field
 * not mapped, a column mapped twice...) are issues with rowNumber null; the plan is still usable for the rest.
 */
export const compileEntryPlan = (category: CatalogueCategory, rules: readonly MappingRule[]): { plan: EntryPlan; issues: Issue[] } => {
  const definitions = fieldsByCategory(category);
  const issues: Issue[] = [];
  if (rules.length === 0)
    issues.push(planIssue('NO_FIELDS_MAPPED', null, 'No column is mapped to a field, so no row can become an entry.'));
  const chosen = chooseMappings(definitions, rules, issues);
  for (const definition of definitions) {
    if (definition.requirement === 'required' && !chosen.has(definition.key)) {
      issues.push(planIssue('REQUIRED_FIELD_NOT_MAPPED', definition.key, `${definition.label} is required but no column is mapped to it.`));
    }
  }

  const planDefinitions = definitions.filter((d) => chosen.has(d.key));
  const fields = planDefinitions.map((d) => planFieldOf(d, (chosen.get(d.key) as MappingRule).sourceIndex));
  const mapped = new Map<string, FieldRef>(planDefinitions.map((d, index) => [d.key, { index, key: d.key, label: d.label }]));

  const densityDefinition = planDefinitions.find((d) => d.densities);
  const densitySource: DensitySource | null =
    densityDefinition?.densities && mapped.has(densityDefinition.key)
      ? {
          index: (mapped.get(densityDefinition.key) as FieldRef).index,
          label: densityDefinition.label,
          densities: densityDefinition.densities,
          valueLabels: new Map((densityDefinition.allowedValues ?? []).map((a) => [a.value, a.label])),
        }
      : null;

  const compiledFields: CompiledField[] = [];
  const dependent: CompiledField[] = [];
  planDefinitions.forEach((definition, index) => {
    const rule = chosen.get(definition.key) as MappingRule;
    const setup = setUpField(definition, rule, densitySource, issues);
    const ref: FieldRef = { index, key: definition.key, label: definition.label };
    const compiled = { ...ref, sourceIndex: rule.sourceIndex, required: setup.required, read: readerFor(setup, ref) };
    // A volume's density may come from the row's fuel: read the fuel first.
    (setup.densitySource ? dependent : compiledFields).push(compiled);
  });
  const order = [...compiledFields, ...dependent];
  const rowRules = compileRowRules(category, definitions, mapped, issues);
  const entryDateOf = compileEntryDate(definitions, mapped);
  const duplicateKeyOf = compileDuplicateKey(category, mapped);
  const build = buildWith(fields.length, order, rowRules, entryDateOf, duplicateKeyOf);
  return { plan: { category, fields, compiled: { build } }, issues };
};

const buildWith = (
  fieldCount: number,
  order: readonly CompiledField[],
  rowRules: ReturnType<typeof compileRowRules>,
  entryDateOf: (values: readonly EntryValue[]) => string | null,
  duplicateKeyOf: (values: readonly EntryValue[]) => string | null,
) => {
  const states = new Uint8Array(fieldCount);
  const row: RowScratch = { rowNumber: 0, issues: [], values: [], states };
  return (rowNumber: number, cells: readonly CellValue[]): BuiltEntry => {
    const values: EntryValue[] = new Array(fieldCount).fill(null);
    const issues: Issue[] = [];
    let isEmpty = true;
    for (const field of order) {
      if (!isEmptyCell(cells[field.sourceIndex])) {
        isEmpty = false;
        break;
      }
    }
    if (isEmpty) {
      issues.push({
        code: 'EMPTY_ROW',
        type: ISSUE_TYPES.EMPTY_ROW,
        field: null,
        rowNumber,
        message: `Row ${rowNumber}: every mapped column is empty; the row is skipped.`,
        value: null,
      });
      return {
        rowNumber,
        isEmpty,
        isValid: true,
        values,
        issues,
        entryDate: null,
        duplicateKey: null,
        dataPoints: { errors: 0, warnings: 0, successes: 0 },
      };
    }
    states.fill(0);
    row.rowNumber = rowNumber;
    row.issues = issues;
    row.values = values;
    for (const field of order) {
      const cell = cells[field.sourceIndex];
      if (cell === null || cell === undefined || isEmptyCell(cell)) {
        if (field.required) reportRow(row, field, 'REQUIRED_MISSING', 'no value; the field is required.', null);
        continue;
      }
      values[field.index] = field.read(cell, row);
    }
    for (const rule of rowRules) rule(values, row);
    let errors = 0;
    let warnings = 0;
    for (let i = 0; i < fieldCount; i++) {
      const state = states[i];
      if (state === 2) errors++;
      else if (state === 1) warnings++;
    }
    return {
      rowNumber,
      isEmpty,
      isValid: errors === 0,
      values,
      issues,
      entryDate: entryDateOf(values),
      duplicateKey: duplicateKeyOf(values),
      dataPoints: { errors, warnings, successes: fieldCount - errors - warnings },
    };
  };
};

/** Turns one row's cells into typed, validated values with their issues (see BuiltEntry). */
export const buildEntry = (plan: EntryPlan, rowNumber: number, cells: readonly CellValue[]): BuiltEntry =>
  plan.compiled.build(rowNumber, cells);
