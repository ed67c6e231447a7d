import {
  companyNameWords,
  hadLegalForm,
  nameKeyWords,
  normalizeDomain,
  normalizeImoCompanyNumber,
  normalizeRegistrationNumber,
} from './normalize.ts';
import { countryInName, wordWeight } from './similarity.ts';
import type { SupplierCandidate } from './types.ts';

/** A candidate with everything matching compares already worked out. */
export type PreparedCandidate = {
  candidate: SupplierCandidate;
  words: string[];
  /** The words' weights summed (see wordWeight). */
  weight: number;
  key: string;
  compact: string;
  /** Initials of the name's words with and without its legal form ("hhla" for "Hamburger Hafen und Logistik AG"). */
  initials: string[];
  hasLegalForm: boolean;
  registrationNumber: string | null;
  imoCompanyNumber: string | null;
  emailDomains: string[];
  country: string | null;
};

/** Candidates prepared once for many mentions: normalised names and lookups by word, key, identifier and domain. */
export type PreparedCandidates = {
  readonly kind: 'preparedSupplierCandidates';
  readonly list: readonly PreparedCandidate[];
  readonly byWord: ReadonlyMap<string, readonly number[]>;
  readonly byCompact: ReadonlyMap<string, readonly number[]>;
  readonly byInitials: ReadonlyMap<string, readonly number[]>;
  readonly byRegistrationNumber: ReadonlyMap<string, readonly number[]>;
  readonly byImoCompanyNumber: ReadonlyMap<string, readonly number[]>;
  readonly byDomain: ReadonlyMap<string, readonly number[]>;
  readonly byOrganizationId: ReadonlyMap<string, number>;
  /** Distinct words of all names by first letter, to look for misspelt words. */
  readonly vocabulary: ReadonlyMap<string, readonly string[]>;
  /** Mention word → similar words of the vocabulary with their similarity; filled as mentions come. */
  readonly similarWords: Map<string, ReadonlyMap<string, number>>;
};

const FILLERS = new Set(['and', 'og', 'und', 'the', 'of', 'et']);

/** Initials a name can go by: of its words without the legal form, and with it ("km"; "hhla", "msc"). */
export const initialsOf = (name: string, keyWords: readonly string[]): string[] => {
  const all = companyNameWords(name).filter((word) => !FILLERS.has(word));
  const found = new Set<string>();
  const withoutShortForms = all.filter((word) => word.length > 3 || keyWords.includes(word));
  for (const words of [keyWords, withoutShortForms, all]) if (words.length >= 2) found.add(words.map((word) => word[0]).join(''));
  return [...found];
};

/**
 * A country as a lower-case ISO code when it is one or a name we know ("Norway" → "no"), else as written;
 * without one, the country the name itself says ("Wärtsilä Norway"). Null when unknown.
 */
export const normalizeCountry = (value: string | null | undefined, keyWords: readonly string[]): string | null => {
  const trimmed = value?.trim().toLowerCase();
  if (trimmed) return countryInName([trimmed]) ?? (trimmed === 'uk' ? 'gb' : trimmed);
  return countryInName(keyWords);
};

const push = (map: Map<string, number[]>, key: string, index: number) => {
  if (key === '') return;
  const list = map.get(key);
  if (list) {
    if (list.at(-1) !== index) list.push(index);
  } else map.set(key, [index]);
};

/**
 * Normalises every candidate once and indexes them, so matching 1,000 mentions against 10,000 organizations
 * compares each mention only with the organizations that share a word, a spelling or an identifier with it.
 */
export const prepareCandidates = (candidates: readonly SupplierCandidate[]): PreparedCandidates => {
  const list: PreparedCandidate[] = [];
  const byWord = new Map<string, number[]>();
  const byCompact = new Map<string, number[]>();
  const byInitials = new Map<string, number[]>();
  const byRegistrationNumber = new Map<string, number[]>();
  const byImoCompanyNumber = new Map<string, number[]>();
  const byDomain = new Map<string, number[]>();
  const byOrganizationId = new Map<string, number>();
  const vocabulary = new Map<string, Set<string>>();
  candidates.forEach((candidate, index) => {
    const words = nameKeyWords(candidate.name);
    const prepared: PreparedCandidate = {
      candidate,
      words,
      weight: words.reduce((sum, word) => sum + wordWeight(word), 0),
      key: words.join(' '),
      compact: words.join(''),
      initials: initialsOf(candidate.name, words),
      hasLegalForm: hadLegalForm(candidate.name),
      registrationNumber: normalizeRegistrationNumber(candidate.registrationNumber),
      imoCompanyNumber: normalizeImoCompanyNumber(candidate.imoCompanyNumber),
      emailDomains: (candidate.emailDomains ?? []).map(normalizeDomain).filter((domain): domain is string => domain !== null),
      country: normalizeCountry(candidate.country, words),
    };
    list.push(prepared);
    byOrganizationId.set(candidate.organizationId, index);
    for (const word of words) {
      push(byWord, word, index);
      const first = word[0] ?? '';
      let letter = vocabulary.get(first);
      if (!letter) {
        letter = new Set();
        vocabulary.set(first, letter);
      }
      letter.add(word);
    }
    push(byCompact, prepared.compact, index);
    for (const initials of prepared.initials) push(byInitials, initials, index);
    if (prepared.registrationNumber) push(byRegistrationNumber, prepared.registrationNumber, index);
    if (prepared.imoCompanyNumber) push(byImoCompanyNumber, prepared.imoCompanyNumber, index);
    for (const domain of prepared.emailDomains) push(byDomain, domain, index);
  });
  return {
    kind: 'preparedSupplierCandidates',
    list,
    byWord,
    byCompact,
    byInitials,
    byRegistrationNumber,
    byImoCompanyNumber,
    byDomain,
    byOrganizationId,
    vocabulary: new Map([...vocabulary].map(([letter, words]) => [letter, [...words]])),
    similarWords: new Map(),
  };
};
