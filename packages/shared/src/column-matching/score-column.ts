import type { UnitDefinition } from '../field-catalogue/types.ts';
import type { PreparedCategory, PreparedField } from './catalogue-index.ts';
import { analyzeHeader, type HeaderAnalysis, matchNames, type NameMatch } from './name-score.ts';
import type { SourceColumnInput } from './types.ts';
import { fitValues } from './value-fit.ts';
import { profileValues } from './value-profile.ts';

/** One field a column could be, with the confidence and the evidence behind it. */
export type Candidate = {
  field: PreparedField;
  confidence: number;
  /** How much of the decision the header made, 0..1; breaks ties between equal confidences. */
  nameScore: number;
  /** Words in the spelling the header matched: of two columns that match equally, the one naming more of the field wins ("Meter ID" over "Meter"). */
  specificity: number;
  unit: UnitDefinition | null;
  /** The evidence in plain words; built only for what is shown. */
  explain: () => string;
};

/** A field key the organization mapped this header to before, and how often. */
export type LearnedHint = { count: number };

const EXACT_NAME = 0.9;
const NAME_WEIGHT = 0.85;
const MAX_COMPUTED = 0.97;
const UNIT_MATCH = 0.08;
const UNIQUE_UNIT_MATCH = 0.12;
const UNIT_MISMATCH = -0.2;
const UNIT_ON_TEXT = -0.25;

const quote = (text: string) => `“${text.trim()}”`;

const spellingRole = (match: NameMatch) => {
  if (match.spelling.source === 'label') return 'the name of';
  if (match.spelling.source === 'key') return 'the key of';
  return 'a synonym of';
};

const describeName = (header: string, label: string, match: NameMatch | undefined): string => {
  if (!match) return `header ${quote(header)} does not resemble ${label}`;
  if (match.kind === 'exact') return `header ${quote(header)} matches ${spellingRole(match)} ${label}`;
  const what =
    match.spelling.source === 'synonym'
      ? `${quote(match.spelling.original)}, a synonym of ${label}`
      : `${quote(match.spelling.original)} (${label})`;
  return match.kind === 'words' ? `header ${quote(header)} has the words of ${what}` : `header ${quote(header)} resembles ${what}`;
};

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

type UnitEvidence = { adjustment: number; unit: UnitDefinition | null; part: string | null; unique: boolean };

const NO_UNIT: UnitEvidence = { adjustment: 0, unit: null, part: null, unique: false };

/**
 * What the header's units say about the field. A declared unit (in brackets or at the end) the field accepts
 * counts for it, one it does not accept counts against it, unless the unit is a word of the spelling the header
 * matched ("Fuel per nm"). A unit word elsewhere in the header ("Hours underway") only counts for a field.
 */
const unitEvidence = (
  header: HeaderAnalysis,
  prepared: PreparedField,
  category: PreparedCategory,
  name: NameMatch | undefined,
): UnitEvidence => {
  const all = [...header.units, ...header.unitWords];
  if (all.length === 0) return NO_UNIT;
  for (const accepted of prepared.units)
    for (const text of all)
      if (accepted.texts.has(text)) {
        const unique = category.unitOwners.get(text)?.length === 1;
        return {
          adjustment: unique ? UNIQUE_UNIT_MATCH : UNIT_MATCH,
          unit: accepted.definition,
          part: `unit ${accepted.definition.unit}`,
          unique,
        };
      }
  const declared = name
    ? header.units.filter((unit) => !unit.split(' ').every((word) => name.spelling.words.includes(word)))
    : header.units;
  const first = declared[0];
  if (first === undefined) return NO_UNIT;
  const { field } = prepared;
  if (prepared.units.length > 0)
    return { adjustment: UNIT_MISMATCH, unit: null, part: `unit ${quote(first)} is not a unit of ${field.label}`, unique: false };
  if (field.dataType !== 'number' && field.dataType !== 'integer')
    return { adjustment: UNIT_ON_TEXT, unit: null, part: `a unit (${first}) does not suit ${field.label}`, unique: false };
  return NO_UNIT;
};

/** Every field of the category scored for one column, best first. */
export const scoreColumn = (
  column: SourceColumnInput,
  category: PreparedCategory,
  learned: ReadonlyMap<string, LearnedHint>,
): Candidate[] => {
  const header = analyzeHeader(column.name, category);
  const names = matchNames(header, category);
  const profile = profileValues(column.values.length > 1000 ? column.values.slice(0, 1000) : column.values);
  const candidates: Candidate[] = [];
  for (const prepared of category.fields) {
    const { field } = prepared;
    const name = names.get(prepared.index);
    const nameScore = name?.score ?? 0;
    let confidence = nameScore >= 1 ? EXACT_NAME : nameScore * NAME_WEIGHT;

    const unit = unitEvidence(header, prepared, category, name);
    confidence += unit.adjustment;
    // A unit only this field takes is a hint of its own, e.g. "Total [kWh]" or "Sum (TEU)".
    if (unit.unique && nameScore < 0.35) confidence = Math.max(confidence, 0.55);

    const fit = fitValues(prepared, profile);
    confidence += fit.adjustment;
    // Values that point to one field on their own (IMO numbers, fuel names) can carry a header that says little.
    const byValues = fit.identifying >= 0.5 ? 0.35 + 0.4 * fit.identifying : 0;
    const valuesDecide = byValues > confidence;
    if (valuesDecide) confidence = byValues;
    confidence = Math.max(0, Math.min(confidence, MAX_COMPUTED));

    const hint = learned.get(field.key);
    if (hint) confidence = Math.min(1, 0.96 + 0.01 * hint.count);
    const explain = () => {
      const parts: string[] = [];
      if (hint) {
        parts.push(`You mapped ${quote(column.name)} to ${field.label} in ${plural(hint.count, 'earlier file')}`);
        if (name) parts.push(describeName(column.name, field.label, name));
      } else if (valuesDecide && nameScore < 0.5)
        parts.push(`header ${quote(column.name)} says little, but the values point to ${field.label}`);
      else parts.push(describeName(column.name, field.label, name));
      if (unit.part) parts.push(unit.part);
      if (fit.fact) parts.push(fit.fact);
      const text = parts.join('; ');
      return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
    };
    candidates.push({ field: prepared, confidence, nameScore, specificity: name?.spelling.words.length ?? 0, unit: unit.unit, explain });
  }
  return candidates.sort((a, b) => b.confidence - a.confidence || b.nameScore - a.nameScore || b.specificity - a.specificity);
};
