import type { CatalogueCategory } from '../field-catalogue/types.ts';

/** A cell as the matcher sees it; dates arrive as ISO text ("2024-03-01", or with a time). */
export type SampleCell = string | number | boolean | null;

/** A column of the file: its 0-based position, its header and up to 1,000 values from the top of the file. */
export type SourceColumnInput = { index: number; name: string; values: readonly SampleCell[] };

/** What the organization accepted before: normalized header → field, with how often (learning). */
export type LearnedMapping = { normalizedHeader: string; targetField: string; count: number };

export type SuggestionAlternative = { targetField: string; confidence: number; reasoning: string };

export type ColumnSuggestion = {
  sourceIndex: number;
  sourceColumn: string;
  /** null when nothing is convincing. */
  suggestedTargetField: string | null;
  /** 0..1, rounded to 2 decimals; 0 when there is no suggestion. */
  confidence: number;
  /** The evidence that decided, in plain words. */
  reasoning: string;
  /** Ranked, at most 3, without the suggestion. */
  alternativeSuggestions: SuggestionAlternative[];
  /** The accepted unit of the suggested field read from the header ("[m tonnes]" → "t", "(m³)" → "m3"), else null. */
  detectedUnit: string | null;
};

export type SuggestColumnMappingsInput = {
  category: CatalogueCategory;
  columns: readonly SourceColumnInput[];
  learned?: readonly LearnedMapping[];
};
