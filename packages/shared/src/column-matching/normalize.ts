import { FIELD_CATALOGUE } from '../field-catalogue/index.ts';

/**
 * How a header is turned into comparable words. The same steps run over the catalogue's spellings, so a
 * header and a synonym meet whatever their case, accents, subscripts, punctuation or abbreviations.
 */

/** Letters that Unicode does not decompose but that headers write without their marks. */
const FOLDED_LETTERS: Record<string, string> = { ø: 'o', æ: 'ae', œ: 'oe', ð: 'd', þ: 'th', ł: 'l', đ: 'd', ı: 'i' };

/**
 * Compatibility form first (so "CO₂" is "CO2", "m³" is "m3", "ﬁ" is "fi"), lower case with "ß" as "ss",
 * then the marks stripped from letters ("é" → "e", "å" → "a", "ü" → "u") and ø, æ written plainly.
 */
export const foldText = (value: string): string =>
  value
    .normalize('NFKC')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[øæœðþłđı]/g, (letter) => FOLDED_LETTERS[letter] ?? letter);

/**
 * Abbreviations and spelling variants headers use, each written out once. Kept to words whose meaning does
 * not depend on the category ("no." is a number in every sheet; "cons." is consumption).
 */
const ABBREVIATIONS: Record<string, string> = {
  no: 'number',
  nr: 'number',
  nbr: 'number',
  num: 'number',
  nummer: 'number',
  // An id or a code is a number of something in a header: "Vendor code", "Vendor ID" and "Vendor no." say the same.
  id: 'number',
  code: 'number',
  kode: 'number',
  nro: 'number',
  cons: 'consumption',
  consump: 'consumption',
  consumpt: 'consumption',
  cnsmp: 'consumption',
  qty: 'quantity',
  qnty: 'quantity',
  quant: 'quantity',
  amt: 'amount',
  dist: 'distance',
  distnce: 'distance',
  desc: 'description',
  descr: 'description',
  dep: 'departure',
  arr: 'arrival',
  voy: 'voyage',
  hrs: 'hours',
  hr: 'hours',
  wt: 'weight',
  wgt: 'weight',
  avg: 'average',
  tot: 'total',
  ref: 'reference',
  dt: 'date',
  yr: 'year',
  addr: 'address',
  org: 'organisation',
  orgnr: 'organisation number',
  organization: 'organisation',
  reg: 'registration',
  cat: 'category',
  inv: 'invoice',
  supp: 'supplier',
  suppl: 'supplier',
  vend: 'vendor',
  curr: 'currency',
  ctry: 'country',
  cntry: 'country',
  lev: 'leverandor',
  bez: 'bezeichnung',
  anz: 'anzahl',
  verbr: 'verbrauch',
  forbr: 'forbruk',
  kilometers: 'kilometres',
  liters: 'litres',
  meters: 'metres',
  center: 'centre',
  modeled: 'modelled',
  email: 'e mail',
  epost: 'e post',
  po: 'purchase order',
  // Everyday words of the four languages written the English way, so "Periode slut" meets "Period end".
  periode: 'period',
  navn: 'name',
  beginn: 'start',
  begin: 'start',
  anfang: 'start',
  slut: 'end',
  slutt: 'end',
  ende: 'end',
  typ: 'type',
  totalt: 'total',
  gesamt: 'total',
};

/** "excl. VAT", "eks. mva", "ekskl. moms", "ohne MwSt": the header says the amount is net, which adds nothing to the name. */
const EXCLUDING = new Set(['excl', 'excluding', 'ex', 'eks', 'ekskl', 'exkl', 'ohne', 'uden', 'uten', 'without']);
const TAXES = new Set(['vat', 'mva', 'moms', 'mwst', 'ust', 'tax']);
const dropNetOfTax = (words: string[]): string[] =>
  words.filter(
    (word, index) =>
      !(EXCLUDING.has(word) && TAXES.has(words[index + 1] ?? '')) && !(TAXES.has(word) && EXCLUDING.has(words[index - 1] ?? '')),
  );

/** Words in bracketed units besides the units themselves: "[kg CO₂ / n mile]", "(in tonnes)", "[g / dwt carried · n miles]". */
const UNIT_FILLER_WORDS = ['in', 'i', 'per', 'pr', 'co2', 'co2e', 'dwt', 'pax', 'carried', 'n', 'miles', 'mile', 'x', 'unit'];
/** Currencies and counters that appear as a header's unit, e.g. "Amount (NOK)", "Quantity (pcs)". */
const OTHER_UNIT_WORDS = ['nok', 'dkk', 'sek', 'eur', 'usd', 'gbp', 'chf', 'pcs', 'stk', 'percent', 'kn', 'knots', 'kt'];
/** Yes/no hints in brackets, e.g. "Shore power (Y/N)". */
const YES_NO_HINT = /^(y|yes|j|ja)\s*\/\s*(n|no|nei|nej|nein)$/;

/** Unit text as compared with the catalogue's unit spellings: folded, spaces around "/" removed, "·" as a space. */
export const normalizeUnitText = (value: string): string =>
  foldText(value)
    .replace(/[·•*×]/g, ' ')
    .replace(/\s*\/\s*/g, '/')
    .replace(/^(in|i|pr|per)\s+/, '')
    .replace(/[.,;:]+$/, '')
    .replace(/\s+/g, ' ')
    .trim();

/** The form units are looked up in: unit text with "/" as a space, so "kg/nm", "kg / nm" and the words "kg nm" meet. */
export const unitKey = (value: string): string => normalizeUnitText(value).replace(/\//g, ' ').replace(/\s+/g, ' ').trim();

const unitVocabulary = (() => {
  const texts = new Set<string>();
  const words = new Set<string>([...UNIT_FILLER_WORDS, ...OTHER_UNIT_WORDS]);
  for (const fields of Object.values(FIELD_CATALOGUE))
    for (const field of fields)
      for (const unit of field.acceptedUnits ?? [])
        for (const spelling of [unit.unit, unit.label, ...unit.synonyms]) {
          const text = unitKey(spelling);
          texts.add(text);
          for (const word of text.split(/[^a-z0-9]+/)) if (word) words.add(word);
        }
  return { texts, words };
})();

/** Whether bracketed text reads as a unit (of any category): a known unit spelling, or made only of unit words. */
export const isUnitText = (value: string): boolean => {
  const text = normalizeUnitText(value);
  if (!text) return false;
  if (unitVocabulary.texts.has(unitKey(value)) || YES_NO_HINT.test(text)) return true;
  const words = text.split(/[^a-z0-9]+/).filter(Boolean);
  return words.length > 0 && words.every((word) => unitVocabulary.words.has(word) || /^\d+$/.test(word));
};

const STOP_WORDS = new Set([
  'of',
  'the',
  'a',
  'an',
  'and',
  'for',
  'per',
  'in',
  'on',
  'at',
  'by',
  'all',
  'which',
  'under',
  'with',
  'og',
  'av',
  'af',
  'pa',
  'der',
  'die',
  'das',
  'des',
  'und',
  'im',
  'pro',
  'pr',
  'i',
  'je',
  'ved',
  'paa',
]);
/** Words that many spellings share; they count half when headers are compared word by word. */
const GENERIC_WORDS = new Set(['total', 'annual', 'average', 'sum', 'number', 'name', 'date', 'data', 'value', 'id', 'code']);

export const isStopWord = (word: string): boolean => STOP_WORDS.has(word);
export const wordWeight = (word: string): number => (GENERIC_WORDS.has(word) ? 0.5 : 1);

/** Compound words ending in a number word ("Reisenr", "Målernummer") are split so the number part compares alone. */
const splitNumberCompound = (word: string): string[] => {
  const match = /^([a-z]{3,}?)-?(nummer|nr)$/.exec(word);
  return match?.[1] ? [match[1], 'number'] : [word];
};

const expandWord = (word: string): string[] => {
  const expanded = ABBREVIATIONS[word];
  if (expanded) return expanded.split(' ');
  return splitNumberCompound(word).flatMap((part) => ABBREVIATIONS[part]?.split(' ') ?? [part]);
};

/** Splits "VesselName", "vatId", "co2eKg" and "IMONumber" into words; leaves "kWh", "MWh" and "CO2e" alone. */
const splitCamelCase = (value: string): string =>
  value.replace(/(?<=[a-z0-9]{2})(?=[A-Z][a-z])/g, ' ').replace(/(?<=[A-Z]{2})(?=[A-Z][a-z]{2})/g, ' ');

/** The words of a text (no bracket handling): folded, symbols read as words, split on anything else, abbreviations written out. */
export const headerWords = (value: string): string[] =>
  foldText(splitCamelCase(value))
    .replace(/#/g, ' number ')
    .replace(/%/g, ' percent ')
    .replace(/&/g, ' and ')
    .replace(/€/g, ' eur ')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .flatMap(expandWord);

const nameWords = (value: string): string[] => dropNetOfTax(headerWords(value));

const BRACKETS = /[[({]([^\])}]*)[\])}]/g;

export type HeaderParts = {
  /** The header's words with bracketed units taken out, joined by single spaces: what normalizeHeader answers. */
  normalized: string;
  words: string[];
  /** Units read from brackets, as unit keys ("m tonnes", "kg n mile", "m3"). */
  bracketUnits: string[];
};

const splitCache = new Map<string, HeaderParts>();
const SPLIT_CACHE_LIMIT = 20_000;

/** Splits a header into its words and its bracketed units. A bracket that is not a unit ("(mass)", "(UTC)") stays part of the name. */
export const splitHeader = (name: string): HeaderParts => {
  const known = splitCache.get(name);
  if (known) return known;
  const parts = splitUncached(name);
  if (splitCache.size >= SPLIT_CACHE_LIMIT) splitCache.clear();
  splitCache.set(name, parts);
  return parts;
};

const splitUncached = (name: string): HeaderParts => {
  const bracketUnits: string[] = [];
  const withoutUnits = name.replace(BRACKETS, (_whole, inner: string) => {
    if (isUnitText(inner)) {
      if (!YES_NO_HINT.test(normalizeUnitText(inner))) bracketUnits.push(unitKey(inner));
      return ' ';
    }
    return ` ${inner} `;
  });
  const words = nameWords(withoutUnits);
  return { normalized: words.join(' '), words, bracketUnits };
};

/**
 * The comparable form of a header, and what an organization's learned mappings are keyed by: "Fuel cons. [t]"
 * → "fuel consumption", "Total CO₂ emissions [m tonnes]" → "total co2 emissions", "IMO-Nr." → "imo number".
 */
export const normalizeHeader = (name: string): string => splitHeader(name).normalized;
