import type { ColumnAnalysis, FieldDefinition, FileMapping, MappingTransformation, TransformationInput } from './graphql.ts';

/** Where a column stands: mapped from the suggestion, by hand or from an earlier file, turned down, or open. */
export type ColumnState = 'accepted' | 'manual' | 'learned' | 'rejected' | 'suggested' | 'unmapped';

export const COLUMN_STATE_LABELS: Record<ColumnState, string> = {
  accepted: 'Accepted',
  manual: 'Mapped by hand',
  learned: 'Learned from earlier files',
  rejected: 'Rejected',
  suggested: 'Suggestion to review',
  unmapped: 'Not mapped',
};

/** The active mapping of a column: the same position, else the same header. */
export const mappingOf = (column: Pick<ColumnAnalysis, 'sourceIndex' | 'sourceColumn'>, mappings: readonly FileMapping[]) =>
  mappings.find((m) => m.isActive && m.sourceIndex === column.sourceIndex) ??
  mappings.find((m) => m.isActive && m.sourceColumn === column.sourceColumn) ??
  null;

export const columnState = (column: ColumnAnalysis, mapping: FileMapping | null): ColumnState => {
  if (mapping) return mapping.origin === 'suggestion' ? 'accepted' : mapping.origin;
  if (column.isRejected) return 'rejected';
  return column.suggestedTargetField ? 'suggested' : 'unmapped';
};

/** Suggestions Accept all would take: open (neither accepted nor rejected nor mapped otherwise) and at least `threshold` sure. */
export const openSuggestionsAbove = (columns: readonly ColumnAnalysis[], mappings: readonly FileMapping[], threshold: number) =>
  columns.filter(
    (c) => c.suggestedTargetField && !c.isAccepted && !c.isRejected && !mappingOf(c, mappings) && c.confidence >= threshold - 1e-9,
  );

/** The required fields of the catalogue and which of them no active mapping covers. */
export const requiredCoverage = (fields: readonly FieldDefinition[], mappings: readonly FileMapping[]) => {
  const mapped = new Set(mappings.filter((m) => m.isActive).map((m) => m.targetField));
  const required = fields.filter((f) => f.requirement === 'required');
  return { required, missing: required.filter((f) => !mapped.has(f.key)) };
};

/** A stored transformation as mutation input: only the values it carries. */
export const toTransformationInput = (t: MappingTransformation): TransformationInput => {
  const input: TransformationInput = { type: t.type };
  if (t.factor !== null && t.factor !== undefined) input.factor = t.factor;
  if (t.unit) input.unit = t.unit;
  if (t.density !== null && t.density !== undefined) input.density = t.density;
  if (t.mapping !== null && t.mapping !== undefined) input.mapping = t.mapping;
  if (t.dateFormat) input.dateFormat = t.dateFormat;
  return input;
};

/**
 * The mapping's transformations with the one of `replacement.type` replaced (or added), or, given a
 * type alone, removed; the others are kept as they are, so saving a unit keeps a date format.
 */
export const replaceTransformation = (
  current: readonly MappingTransformation[],
  type: TransformationInput['type'],
  replacement: TransformationInput | null,
): TransformationInput[] => [...current.filter((t) => t.type !== type).map(toTransformationInput), ...(replacement ? [replacement] : [])];

export const transformationOf = (mapping: FileMapping | null, type: MappingTransformation['type']) =>
  mapping?.transformations.find((t) => t.type === type) ?? null;

/**
 * Unicode compatibility form (so "m³" equals "m3"), lower case with "ß" as "ss", trimmed, inner
 * whitespace collapsed: how the server compares headers, units and enum spellings.
 */
export const normalizeLabel = (value: string): string =>
  value.normalize('NFKC').toLowerCase().replace(/ß/g, 'ss').trim().replace(/\s+/g, ' ');

/** The accepted unit a spelling ("m³", "tonnes") stands for, or null. */
export const unitFor = (field: FieldDefinition, spelling: string | null | undefined) => {
  if (!spelling) return null;
  const wanted = normalizeLabel(spelling);
  return field.acceptedUnits.find((u) => [u.unit, u.label, ...u.synonyms].some((s) => normalizeLabel(s) === wanted)) ?? null;
};

/** The unit to offer first: the one saved on the mapping, else the one read from the column, else the canonical one. */
export const initialUnit = (field: FieldDefinition, mapping: FileMapping | null, detectedUnit: string | null) =>
  transformationOf(mapping, 'unit_conversion')?.unit ??
  unitFor(field, detectedUnit)?.unit ??
  field.canonicalUnit ??
  field.acceptedUnits[0]?.unit ??
  '';

/** The allowed value a source text stands for (its value, label or a synonym), or null. */
export const resolveAllowedValue = (field: FieldDefinition, raw: string) => {
  const wanted = normalizeLabel(raw);
  if (!wanted) return null;
  return field.allowedValues.find((a) => [a.value, a.label, ...a.synonyms].some((s) => normalizeLabel(s) === wanted)) ?? null;
};

/** A value_mapping transformation's table, read defensively (it is JSON). */
export const valueMappingOf = (mapping: FileMapping | null): Record<string, string> => {
  const table = transformationOf(mapping, 'value_mapping')?.mapping;
  if (!table || typeof table !== 'object' || Array.isArray(table)) return {};
  return Object.fromEntries(
    Object.entries(table as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
};

/**
 * Source values of an enum column that need a person: those the catalogue does not resolve, from the
 * column's samples and the preview's rejected cells, plus those already mapped by hand. In first-seen order.
 */
export const valuesToMap = (field: FieldDefinition, candidates: readonly string[], saved: Record<string, string>) => {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of [...Object.keys(saved), ...candidates]) {
    const text = raw.trim();
    if (!text || seen.has(text)) continue;
    seen.add(text);
    if (saved[text] !== undefined || !resolveAllowedValue(field, text)) out.push(text);
  }
  return out;
};

/** The date formats a date column may be read with. */
export const DATE_FORMATS = [
  { value: 'DD.MM.YYYY', label: 'DD.MM.YYYY (31.12.2025)' },
  { value: 'DD/MM/YYYY', label: 'DD/MM/YYYY (31/12/2025)' },
  { value: 'MM/DD/YYYY', label: 'MM/DD/YYYY (12/31/2025)' },
  { value: 'YYYY-MM-DD', label: 'YYYY-MM-DD (2025-12-31)' },
] as const;
