import { CmpStr, Pool } from 'cmpstr/root';
import type { PreparedCategory, Spelling, SpellingRef } from './catalogue-index.ts';
import { isStopWord, splitHeader, wordWeight } from './normalize.ts';

/** A header read for one category: its words, the words of its name (units at the end taken off) and its units. */
export type HeaderAnalysis = {
  name: string;
  normalized: string;
  words: string[];
  nameWords: string[];
  /** Unit keys the header declares: in brackets, or at the end of its words ("Bunker MT" → "mt", "Fuel in tonnes"). */
  units: string[];
  /** Other words of the header that are units of the category ("Hours underway", "TEU on board"). */
  unitWords: string[];
};

export type NameMatch = {
  score: number;
  /** exact: the header is the spelling; words: the same words in another order or form; similar: some words alike. */
  kind: 'exact' | 'words' | 'similar';
  spelling: Spelling;
};

/** Reads the header's units: bracketed ones, then a unit the category knows at the end of the words ("Distance NM", "Fuel in tonnes"). */
export const analyzeHeader = (name: string, category: PreparedCategory): HeaderAnalysis => {
  const { normalized, words, bracketUnits } = splitHeader(name);
  const units = [...bracketUnits];
  let nameWords = words;
  for (let size = Math.min(category.longestUnitWords, words.length); size >= 1; size--) {
    const tail = words.slice(-size).join(' ');
    if (!category.unitOwners.has(tail)) continue;
    units.push(tail);
    if (words.length > size) {
      nameWords = words.slice(0, -size);
      while (nameWords.length > 1 && (nameWords.at(-1) === 'in' || nameWords.at(-1) === 'i')) nameWords = nameWords.slice(0, -1);
    }
    break;
  }
  const unitWords = nameWords.filter((word) => word.length >= 2 && category.unitOwners.has(word) && !units.includes(word));
  return { name, normalized, words, nameWords, units, unitWords };
};

const jaroWinkler = CmpStr.create().setMetric('jaroWinkler');

/**
 * cmpstr 3.3.0's buffer pool can hand the same Int32Array out twice, so Jaro-Winkler's two match tables share
 * memory and a comparison's result depends on the comparisons before it (komed3/cmpstr#152: "vesel" against
 * "vessel" scored 0.96 or 0.91 by what ran earlier). Emptying the pool's int32 ring before each comparison
 * makes every comparison allocate its own tables.
 */
const emptyBufferPool = () => (Pool as unknown as { POOLS?: { int32?: { clear?: () => void } } }).POOLS?.int32?.clear?.();

/**
 * How alike a header word and a catalogue word are, 0..1: compounds that end or start with the word
 * ("Bunkerforbrug" holds "forbrug"), abbreviations cut from its start ("Distan."), and typos by Jaro-Winkler
 * ("consumtion"). Short words must be nearly equal: "date" and "data" are different words.
 */
const wordSimilarity = (headerWord: string, word: string): number => {
  if (word.length >= 4 && headerWord.length > word.length && (headerWord.endsWith(word) || headerWord.startsWith(word))) return 0.8;
  if (headerWord.length >= 4 && word.startsWith(headerWord) && headerWord.length >= word.length * 0.5) return 0.75;
  const shorter = Math.min(headerWord.length, word.length);
  if (shorter < 4 || headerWord[0] !== word[0] || Math.abs(headerWord.length - word.length) > (shorter >= 8 ? 3 : 2)) return 0;
  emptyBufferPool();
  const similarity = jaroWinkler.compare(headerWord, word);
  const needed = shorter >= 8 ? 0.9 : shorter >= 5 ? 0.92 : 0.93;
  return similarity >= needed ? similarity - 0.03 : 0;
};

/** Per category, each header word seen so far → its similar catalogue words; bounded, as headers are open-ended. */
const similarCache = new WeakMap<PreparedCategory, Map<string, ReadonlyMap<string, number>>>();
const SIMILAR_CACHE_LIMIT = 20_000;

/** A header word's similar catalogue words. A word the catalogue uses is only equal to itself. */
const similarTo = (headerWord: string, category: PreparedCategory): ReadonlyMap<string, number> => {
  let cache = similarCache.get(category);
  if (!cache) {
    cache = new Map();
    similarCache.set(category, cache);
  }
  const known = cache.get(headerWord);
  if (known) return known;
  const similar = new Map<string, number>();
  if (category.postings.has(headerWord)) similar.set(headerWord, 1);
  else
    for (const word of category.postings.keys()) {
      const similarity = wordSimilarity(headerWord, word);
      if (similarity > 0) similar.set(word, similarity);
    }
  if (cache.size >= SIMILAR_CACHE_LIMIT) cache.clear();
  cache.set(headerWord, similar);
  return similar;
};

const contentWords = (words: string[]): string[] => {
  const kept = words.filter((word) => !isStopWord(word));
  return kept.length > 0 ? kept : words;
};

/** Dice coefficient over words, each word pair counted by its similarity, generic words ("total", "number") at half weight. */
const wordDice = (headerWords: string[], spellingWords: string[], similar: ReadonlyMap<string, ReadonlyMap<string, number>>): number => {
  const used = new Array<boolean>(spellingWords.length).fill(false);
  let matched = 0;
  for (const headerWord of headerWords) {
    const candidates = similar.get(headerWord);
    if (!candidates) continue;
    let best = 0;
    let bestIndex = -1;
    for (let index = 0; index < spellingWords.length; index++) {
      const similarity = used[index] ? 0 : (candidates.get(spellingWords[index] ?? '') ?? 0);
      if (similarity > best) {
        best = similarity;
        bestIndex = index;
      }
    }
    if (bestIndex < 0) continue;
    used[bestIndex] = true;
    matched += (best * (wordWeight(headerWord) + wordWeight(spellingWords[bestIndex] ?? ''))) / 2;
  }
  const total =
    headerWords.reduce((sum, word) => sum + wordWeight(word), 0) + spellingWords.reduce((sum, word) => sum + wordWeight(word), 0);
  return total === 0 ? 0 : (2 * matched) / total;
};

const better = (current: NameMatch | undefined, candidate: NameMatch) =>
  !current || candidate.score > current.score || (candidate.score === current.score && candidate.spelling.source === 'synonym');

/** The best spelling of each field for the header: field index → match. Fields with nothing alike are left out. */
export const matchNames = (header: HeaderAnalysis, category: PreparedCategory): Map<number, NameMatch> => {
  const result = new Map<number, NameMatch>();
  const offer = (ref: SpellingRef, score: number, kind: NameMatch['kind']) => {
    const candidate = { score, kind, spelling: ref.spelling };
    if (better(result.get(ref.field.index), candidate)) result.set(ref.field.index, candidate);
  };
  const nameText = header.nameWords.join(' ');
  for (const text of new Set([header.normalized, nameText]))
    for (const ref of category.byText.get(text) ?? []) {
      const { units } = ref.spelling;
      offer(
        ref,
        units.length === 0 || units.some((unit) => header.units.includes(unit)) ? 1 : 0.95,
        units.length === 0 ? 'exact' : 'words',
      );
    }
  for (const compact of new Set([header.words.join(''), header.nameWords.join('')]))
    for (const ref of category.byCompact.get(compact) ?? []) offer(ref, 0.95, 'words');

  const variants = [contentWords(header.nameWords)];
  if (header.nameWords.length !== header.words.length) variants.push(contentWords(header.words));
  const similar = new Map<string, ReadonlyMap<string, number>>();
  for (const word of variants.flat()) similar.set(word, similarTo(word, category));
  for (const words of variants) {
    const spellings = new Set<SpellingRef>();
    for (const word of words)
      for (const similarWord of similar.get(word)?.keys() ?? [])
        for (const ref of category.postings.get(similarWord) ?? []) spellings.add(ref);
    for (const ref of spellings) {
      const dice = wordDice(words, ref.spelling.words, similar);
      if (dice >= 0.999) offer(ref, 0.95, 'words');
      else if (dice > 0) offer(ref, dice, 'similar');
    }
  }
  return result;
};
