import { isCatalogueCategory } from '../field-catalogue/index.ts';
import { preparedCategory } from './catalogue-index.ts';
import { normalizeHeader } from './normalize.ts';
import { type Candidate, type LearnedHint, scoreColumn } from './score-column.ts';
import type { ColumnSuggestion, LearnedMapping, SuggestColumnMappingsInput } from './types.ts';

/**
 * Column matching: which catalogue field each column of an uploaded sheet most likely is, from its header
 * (synonyms, words, typos, units), its sample values and what the organization accepted before.
 * See docs/field-catalogue.md, "How columns are matched".
 */

export type {
  ColumnSuggestion,
  LearnedMapping,
  SampleCell,
  SourceColumnInput,
  SuggestColumnMappingsInput,
  SuggestionAlternative,
} from './types.ts';
export { normalizeHeader };

/** Below this a column gets no suggestion: the person picks the field. */
export const SUGGESTION_THRESHOLD = 0.5;
/**
 * A column whose best field went to a better column gets its next field when that one is convincing on its own
 * (from this confidence up) or nearly as good as the best (within FALLBACK_CLOSE): "Til havn" was nearly as
 * much the departure as the arrival port, but "Vessel", once the vessel name is taken, is not the ship type.
 */
export const FALLBACK_THRESHOLD = 0.75;
const FALLBACK_CLOSE = 0.1;
/** Alternatives below this are not worth showing. */
const ALTERNATIVE_THRESHOLD = 0.2;
const MAX_ALTERNATIVES = 3;

const round = (value: number) => Math.round(value * 100) / 100;
const quote = (text: string) => `“${text.trim()}”`;

/** Learned mappings by normalized header, for the category's fields only, summed when a header was mapped to a field several times. */
const learnedByHeader = (learned: readonly LearnedMapping[], fieldKeys: ReadonlySet<string>) => {
  const result = new Map<string, Map<string, LearnedHint>>();
  for (const mapping of learned) {
    if (!fieldKeys.has(mapping.targetField) || !(mapping.count > 0)) continue;
    const header = normalizeHeader(mapping.normalizedHeader);
    const byField = result.get(header) ?? new Map<string, LearnedHint>();
    byField.set(mapping.targetField, { count: (byField.get(mapping.targetField)?.count ?? 0) + mapping.count });
    result.set(header, byField);
  }
  return result;
};

/**
 * One suggestion per column, in the columns' order. Each field goes to one column at most and each column gets
 * one field at most: the pairs are taken best first, so a column that loses its field to a better column gets
 * its next free field when that one is convincing or nearly as good (FALLBACK_THRESHOLD), or none. Throws for a
 * category without fields (`unknown`): there is nothing to suggest.
 */
export const suggestColumnMappings = ({ category, columns, learned = [] }: SuggestColumnMappingsInput): ColumnSuggestion[] => {
  if (!isCatalogueCategory(category)) throw new Error(`Column matching needs a file category with fields; "${String(category)}" has none.`);
  const prepared = preparedCategory(category);
  const learnedHeaders = learnedByHeader(learned, new Set(prepared.fields.map((f) => f.field.key)));
  const scored = columns.map((column) => scoreColumn(column, prepared, learnedHeaders.get(normalizeHeader(column.name)) ?? new Map()));

  const pairs = scored.flatMap((candidates, position) =>
    candidates.filter((c) => c.confidence >= SUGGESTION_THRESHOLD).map((candidate) => ({ position, candidate })),
  );
  pairs.sort(
    (a, b) =>
      b.candidate.confidence - a.candidate.confidence ||
      b.candidate.nameScore - a.candidate.nameScore ||
      b.candidate.specificity - a.candidate.specificity ||
      a.position - b.position,
  );
  const chosen = new Map<number, Candidate>();
  const takenBy = new Map<string, number>();
  for (const { position, candidate } of pairs) {
    if (chosen.has(position) || takenBy.has(candidate.field.field.key)) continue;
    const best = scored[position]?.[0];
    if (best && candidate !== best && candidate.confidence < FALLBACK_THRESHOLD && best.confidence - candidate.confidence > FALLBACK_CLOSE)
      continue;
    chosen.set(position, candidate);
    takenBy.set(candidate.field.field.key, position);
  }

  return columns.map((column, position) => {
    const candidates = scored[position] ?? [];
    const suggestion = chosen.get(position) ?? null;
    const best = candidates[0];
    let lostTo = '';
    if (best && best.confidence >= SUGGESTION_THRESHOLD && best !== suggestion) {
      const winner = columns[takenBy.get(best.field.field.key) ?? -1];
      if (winner) lostTo = ` ${best.field.field.label} went to column ${quote(winner.name)}, which fits it better.`;
    }
    let reasoning: string;
    if (suggestion) reasoning = suggestion.explain() + lostTo;
    else if (lostTo) reasoning = lostTo.trim() + (candidates.length > 1 ? ' No other field fits well enough.' : '');
    else if (best && best.confidence >= ALTERNATIVE_THRESHOLD)
      reasoning = `No field fits ${quote(column.name)} well enough; the closest is ${best.field.field.label} (${round(best.confidence).toFixed(2)}): ${best.explain()}`;
    else reasoning = `No field fits ${quote(column.name)}: neither the header nor the values resemble a field of this category.`;
    return {
      sourceIndex: column.index,
      sourceColumn: column.name,
      suggestedTargetField: suggestion?.field.field.key ?? null,
      confidence: round(suggestion?.confidence ?? 0),
      reasoning,
      alternativeSuggestions: candidates
        .filter((c) => c !== suggestion && c.confidence >= ALTERNATIVE_THRESHOLD)
        .slice(0, MAX_ALTERNATIVES)
        .map((c) => ({ targetField: c.field.field.key, confidence: round(c.confidence), reasoning: c.explain() })),
      detectedUnit: suggestion?.unit?.unit ?? null,
    };
  });
};
