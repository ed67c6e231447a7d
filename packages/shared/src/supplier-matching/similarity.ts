import { CmpStr, Pool } from 'cmpstr/root';
import { wordSet } from './normalize.ts';

const jaroWinkler = CmpStr.create().setMetric('jaroWinkler');
const damerau = CmpStr.create().setMetric('damerau');

/**
 * cmpstr 3.3.0's buffer pool can hand the same Int32Array out twice, so a comparison's result depends on the
 * comparisons before it (komed3/cmpstr#152; column matching met it first). Emptying the pool's int32 ring before
 * each comparison makes every comparison allocate its own tables.
 */
const emptyBufferPool = () => (Pool as unknown as { POOLS?: { int32?: { clear?: () => void } } }).POOLS?.int32?.clear?.();

/**
 * Words that wrap a company's name rather than name it: a group, a holding, a country it works in. They count
 * little, so "Bureau Veritas Group" is still "Bureau Veritas", while "Maersk Tankers" is not "Maersk Drilling".
 */
const WRAPPER_WORDS = wordSet(
  'group groups holding holdings international global worldwide industries enterprises konsern konzern',
  'gruppen groep gruppe groupe',
);
const PLACE_WORDS = wordSet(
  'norway norge norwegian denmark danmark danish germany deutschland netherlands nederland holland uk',
  'britain england scotland singapore sweden sverige finland suomi europe asia pacific emea americas',
  'usa us china korea japan poland polska belgium france iceland estonia latvia lithuania rotterdam',
  'hamburg oslo bergen copenhagen kobenhavn aberdeen london antwerp gothenburg goteborg stavanger',
  'esbjerg bremen scandinavia taiwan india dubai uae brazil canada australia italy spain greece hellas',
  'cyprus malta panama turkey',
);

/** Countries a name can say it is in ("Wärtsilä Norway", "Inchcape Shipping Services (UK)"), by ISO code. */
const NAME_COUNTRIES: ReadonlyMap<string, string> = new Map(
  [
    'norway=no norge=no denmark=dk danmark=dk germany=de deutschland=de netherlands=nl nederland=nl',
    'holland=nl uk=gb britain=gb england=gb scotland=gb singapore=sg sweden=se sverige=se finland=fi',
    'suomi=fi usa=us china=cn korea=kr japan=jp poland=pl polska=pl belgium=be france=fr iceland=is',
    'estonia=ee taiwan=tw india=in brazil=br canada=ca australia=au italy=it spain=es greece=gr cyprus=cy',
    'malta=mt',
  ]
    .flatMap((line) => line.split(' '))
    .map((pair) => pair.split('=') as [string, string]),
);

/** The country a name's own words place it in, as a lower-case ISO code; null when none or several. */
export const countryInName = (words: readonly string[]): string | null => {
  const found = new Set(words.map((word) => NAME_COUNTRIES.get(word)).filter((code): code is string => code !== undefined));
  return found.size === 1 ? ([...found][0] ?? null) : null;
};

/** How much a word says about which company is meant. */
export const wordWeight = (word: string): number => {
  if (WRAPPER_WORDS.has(word)) return 0.15;
  if (PLACE_WORDS.has(word)) return 0.3;
  if (word.length <= 2) return 0.7;
  return 1;
};

/**
 * How alike two name words are, 0..1. Numbers and short words must be equal ("Bunker 1" is not "Bunker 2",
 * "Ship" is not "Shop"); longer words allow a typo ("Bunkr", "Shipyrd", "Kongsbreg"), two in words of ten
 * letters or more, scored by Jaro-Winkler.
 */
export const wordSimilarity = (a: string, b: string): number => {
  if (a === b) return 1;
  const shorter = Math.min(a.length, b.length);
  if (shorter < 4 || /\d/.test(a) || /\d/.test(b)) return 0;
  if (a[0] !== b[0] || Math.abs(a.length - b.length) > (shorter >= 8 ? 3 : 2)) return 0;
  emptyBufferPool();
  const similarity = jaroWinkler.compare(a, b);
  const needed = shorter >= 8 ? 0.92 : shorter >= 6 ? 0.92 : 0.94;
  if (similarity < needed) return 0;
  // Jaro-Winkler favours a shared start: "bunkerone" and "bunkernet" score 0.91 but are two edits apart.
  emptyBufferPool();
  const edits = Math.round((1 - damerau.compare(a, b)) * Math.max(a.length, b.length));
  return edits <= (shorter >= 10 ? 2 : 1) ? similarity : 0;
};

/**
 * Dice over words, weighted: each word of one name paired with its most alike unused word of the other.
 * `similar(a, b)` gives the similarity of two words (cached by the caller).
 */
export const weightedWordDice = (left: readonly string[], right: readonly string[], similar: (a: string, b: string) => number): number => {
  const used = new Array<boolean>(right.length).fill(false);
  let matched = 0;
  for (const word of left) {
    let best = 0;
    let bestIndex = -1;
    for (let index = 0; index < right.length; index++) {
      if (used[index]) continue;
      const similarity = similar(word, right[index] ?? '');
      if (similarity > best) {
        best = similarity;
        bestIndex = index;
      }
    }
    if (bestIndex < 0) continue;
    used[bestIndex] = true;
    matched += (best * (wordWeight(word) + wordWeight(right[bestIndex] ?? ''))) / 2;
  }
  const total = left.reduce((sum, word) => sum + wordWeight(word), 0) + right.reduce((sum, word) => sum + wordWeight(word), 0);
  return total === 0 ? 0 : (2 * matched) / total;
};
