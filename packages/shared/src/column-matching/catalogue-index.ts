import { FIELD_CATALOGUE, normalizeLabel } from '../field-catalogue/index.ts';
import type { AllowedValue, CatalogueCategory, FieldDefinition, UnitDefinition } from '../field-catalogue/types.ts';
import { isStopWord, splitHeader, unitKey } from './normalize.ts';

/** One way of writing a field's name (a synonym, its label or its key), prepared for comparison. */
export type Spelling = {
  original: string;
  source: 'synonym' | 'label' | 'key';
  /** normalizeHeader of the spelling. */
  text: string;
  /** Its words without stop words (all words when nothing else is left). */
  words: string[];
  compact: string;
  /** Units in brackets ("Cargo carried (TEU)"): the header is this spelling only when it has the unit too. */
  units: string[];
};

export type PreparedField = {
  index: number;
  field: FieldDefinition;
  spellings: Spelling[];
  /** Each accepted unit with its spellings as unit keys. */
  units: { definition: UnitDefinition; texts: ReadonlySet<string> }[];
  /** normalizeLabel(spelling) → allowed value, for enums: the lookup resolveAllowedValue does, built once. */
  allowedValues: ReadonlyMap<string, AllowedValue> | null;
  /** Keys and numbers of things (supplier number, voyage, meter): numbers are normal in them, unlike in names. */
  isIdentifier: boolean;
  /** The category's only field of this data type (its one date field, say): values of the type point to it. */
  isOnlyOfItsType: boolean;
};

export type SpellingRef = { field: PreparedField; spelling: Spelling };

export type PreparedCategory = {
  fields: PreparedField[];
  byText: ReadonlyMap<string, SpellingRef[]>;
  byCompact: ReadonlyMap<string, SpellingRef[]>;
  /** Word → the spellings that hold it. */
  postings: ReadonlyMap<string, SpellingRef[]>;
  /** Unit key → the fields that accept it. */
  unitOwners: ReadonlyMap<string, PreparedField[]>;
  /** The longest unit spelling in words, to look for units at the end of a header. */
  longestUnitWords: number;
};

const contentWords = (words: string[]): string[] => {
  const kept = words.filter((word) => !isStopWord(word));
  return kept.length > 0 ? kept : words;
};

export const prepareSpelling = (original: string, source: Spelling['source']): Spelling => {
  const { normalized, words, bracketUnits } = splitHeader(source === 'key' ? original.replace(/_/g, ' ') : original);
  return { original, source, text: normalized, words: contentWords(words), compact: words.join(''), units: bracketUnits };
};

const IDENTIFIER_KEY = /(_id|_number|_no)$/;

const prepareField = (field: FieldDefinition, index: number): PreparedField => {
  const spellings = [
    prepareSpelling(field.label, 'label'),
    ...field.synonyms.map((synonym) => prepareSpelling(synonym, 'synonym')),
    prepareSpelling(field.key, 'key'),
  ].filter((spelling) => spelling.text !== '');
  const units = (field.acceptedUnits ?? []).map((definition) => ({
    definition,
    texts: new Set([definition.unit, definition.label, ...definition.synonyms].map(unitKey)),
  }));
  let allowedValues: Map<string, AllowedValue> | null = null;
  if (field.allowedValues) {
    allowedValues = new Map();
    for (const allowed of field.allowedValues)
      for (const spelling of [allowed.value, allowed.label, ...allowed.synonyms]) allowedValues.set(normalizeLabel(spelling), allowed);
  }
  return {
    index,
    field,
    spellings,
    units,
    allowedValues,
    isIdentifier: IDENTIFIER_KEY.test(field.key) && !field.validator,
    isOnlyOfItsType: false,
  };
};

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

const prepareCategory = (category: CatalogueCategory): PreparedCategory => {
  const fields = FIELD_CATALOGUE[category].map(prepareField);
  for (const prepared of fields)
    prepared.isOnlyOfItsType = fields.filter((other) => other.field.dataType === prepared.field.dataType).length === 1;
  const byText = new Map<string, SpellingRef[]>();
  const byCompact = new Map<string, SpellingRef[]>();
  const postings = new Map<string, SpellingRef[]>();
  const unitOwners = new Map<string, PreparedField[]>();
  let longestUnitWords = 1;
  for (const field of fields) {
    for (const spelling of field.spellings) {
      const ref = { field, spelling };
      push(byText, spelling.text, ref);
      push(byCompact, spelling.compact, ref);
      for (const word of new Set(spelling.words)) push(postings, word, ref);
    }
    for (const unit of field.units)
      for (const text of unit.texts) {
        const owners = unitOwners.get(text) ?? [];
        if (!owners.includes(field)) owners.push(field);
        unitOwners.set(text, owners);
        longestUnitWords = Math.max(longestUnitWords, text.split(' ').length);
      }
  }
  return { fields, byText, byCompact, postings, unitOwners, longestUnitWords };
};

const prepared = new Map<CatalogueCategory, PreparedCategory>();

/** The category's fields prepared for matching; built on first use and kept (the catalogue is constant). */
export const preparedCategory = (category: CatalogueCategory): PreparedCategory => {
  let result = prepared.get(category);
  if (!result) {
    result = prepareCategory(category);
    prepared.set(category, result);
  }
  return result;
};
