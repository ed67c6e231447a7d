import {
  companyNameWords,
  hadLegalForm,
  nameKeyWords,
  normalizeDomain,
  normalizeImoCompanyNumber,
  normalizeRegistrationNumber,
} from './normalize.ts';
import { initialsOf, normalizeCountry, type PreparedCandidate, type PreparedCandidates } from './prepare.ts';
import { weightedWordDice, wordSimilarity, wordWeight } from './similarity.ts';
import type { PossibleMatch, SupplierMention } from './types.ts';

/**
 * Scoring a supplier's name against the organizations: which share a word, a similar word, a spelling or
 * initials with it, and how alike the names are. See docs/supplier-matching.md, "Scoring names".
 */

/** Organizations below this are not offered as possible matches. */
export const POSSIBLE_THRESHOLD = 0.45;
/** Below this a name has nothing in common worth naming as the closest. */
const CLOSEST_THRESHOLD = 0.25;
export const MAX_POSSIBLE_MATCHES = 5;
/** Two names that differ only by their words' spacing ("Bunker One", "BunkerOne"). */
const COMPACT_SCORE = 0.99;
/** Initials ("KM" for "Kongsberg Maritime") are a hint, never enough for an automatic match. */
const INITIALS_SCORE = 0.7;
/** The same name in another country is more often a sister company than the same one. */
const OTHER_COUNTRY_FACTOR = 0.85;

export type Kind = 'exact' | 'compact' | 'words' | 'initials';
export type Scored = { prepared: PreparedCandidate; score: number; kind: Kind; conflict: string | null };

export type MentionKeys = {
  name: string;
  words: string[];
  key: string;
  compact: string;
  initials: string[];
  hasLegalForm: boolean;
  registrationNumber: string | null;
  imoCompanyNumber: string | null;
  domain: string | null;
  country: string | null;
};

export const round = (value: number) => Math.round(value * 100) / 100;
export const shown = (value: number) => round(value).toFixed(2);

const SIMILAR_CACHE_LIMIT = 50_000;

/** The vocabulary's words alike a mention's word (itself included when an organization uses it). */
const similarWords = (word: string, prepared: PreparedCandidates): ReadonlyMap<string, number> => {
  const known = prepared.similarWords.get(word);
  if (known) return known;
  const similar = new Map<string, number>();
  for (const other of prepared.vocabulary.get(word[0] ?? '') ?? []) {
    const similarity = wordSimilarity(word, other);
    if (similarity > 0) similar.set(other, similarity);
  }
  if (prepared.similarWords.size >= SIMILAR_CACHE_LIMIT) prepared.similarWords.clear();
  prepared.similarWords.set(word, similar);
  return similar;
};

export const countriesDiffer = (a: string | null, b: string | null) => a !== null && b !== null && a !== b;

/** Why the candidate cannot be the mention: another identifier of the same kind. */
export const conflictOf = (mention: MentionKeys, prepared: PreparedCandidate, raw: SupplierMention): string | null => {
  if (
    mention.registrationNumber &&
    prepared.registrationNumber &&
    mention.registrationNumber !== prepared.registrationNumber &&
    !countriesDiffer(mention.country, prepared.country)
  )
    return `its registration number ${prepared.candidate.registrationNumber} differs from the file's ${raw.registrationNumber?.trim()}`;
  if (mention.imoCompanyNumber && prepared.imoCompanyNumber && mention.imoCompanyNumber !== prepared.imoCompanyNumber)
    return `its IMO company number ${prepared.imoCompanyNumber} differs from the file's ${mention.imoCompanyNumber}`;
  return null;
};

export const scoreName = (
  mention: MentionKeys,
  prepared: PreparedCandidate,
  candidates: PreparedCandidates,
): { score: number; kind: Kind } => {
  let score: number;
  let kind: Kind = 'words';
  if (mention.key === prepared.key) {
    score = 1;
    kind = 'exact';
  } else if (mention.compact === prepared.compact) {
    score = COMPACT_SCORE;
    kind = 'compact';
  } else {
    score = weightedWordDice(mention.words, prepared.words, (a, b) => similarWords(a, candidates).get(b) ?? 0);
    const initials =
      (mention.words.length === 1 && prepared.initials.includes(mention.key)) ||
      (prepared.words.length === 1 && mention.initials.includes(prepared.key));
    if (initials && score < INITIALS_SCORE) {
      score = INITIALS_SCORE;
      kind = 'initials';
    }
  }
  if (countriesDiffer(mention.country, prepared.country)) score *= OTHER_COUNTRY_FACTOR;
  return { score, kind };
};

/** The organizations sharing a word (or a word alike), a spelling or initials with the mention, each scored. */
export const scoreNames = (mention: MentionKeys, candidates: PreparedCandidates, raw: SupplierMention): Scored[] => {
  // An upper bound of each organization's word score from the words it shares with the mention, so only the
  // few that can still make the top of the list are scored in full (an organization's words count once each).
  const bounds = new Map<number, number>();
  for (const word of mention.words) {
    const weight = wordWeight(word);
    for (const [similar, similarity] of similarWords(word, candidates)) {
      const gain = (similarity * (weight + wordWeight(similar))) / 2;
      for (const index of candidates.byWord.get(similar) ?? []) bounds.set(index, (bounds.get(index) ?? 0) + gain);
    }
  }
  const mentionWeight = mention.words.reduce((sum, word) => sum + wordWeight(word), 0);
  const ranked: { index: number; bound: number }[] = [];
  for (const [index, shared] of bounds) {
    const bound = (2 * shared) / (mentionWeight + (candidates.list[index]?.weight ?? 0));
    if (bound >= CLOSEST_THRESHOLD) ranked.push({ index, bound });
  }
  const certain = [
    ...(candidates.byCompact.get(mention.compact) ?? []),
    ...(mention.words.length === 1 ? (candidates.byInitials.get(mention.key) ?? []) : []),
    ...mention.initials.flatMap((initials) => candidates.byCompact.get(initials) ?? []),
  ];
  for (const index of certain) ranked.push({ index, bound: 1 });
  ranked.sort((a, b) => b.bound - a.bound);

  const scored: Scored[] = [];
  const seen = new Set<number>();
  for (const { index, bound } of ranked) {
    if (scored.length >= MAX_POSSIBLE_MATCHES + 1 && bound < (scored[MAX_POSSIBLE_MATCHES]?.score ?? 0)) break;
    const prepared = candidates.list[index];
    if (!prepared || seen.has(index)) continue;
    seen.add(index);
    const { score, kind } = scoreName(mention, prepared, candidates);
    if (score < CLOSEST_THRESHOLD) continue;
    scored.push({ prepared, score, kind, conflict: conflictOf(mention, prepared, raw) });
    scored.sort((a, b) => b.score - a.score || a.prepared.candidate.name.localeCompare(b.prepared.candidate.name));
  }
  return scored;
};

export const nameReason = (mention: MentionKeys, best: Scored): string => {
  const name = best.prepared.candidate.name;
  switch (best.kind) {
    case 'exact': {
      if (mention.name.trim() === name.trim()) return `Name is exactly ${name}`;
      const sameWords = companyNameWords(mention.name).join(' ') === companyNameWords(name).join(' ');
      if (!sameWords && (mention.hasLegalForm || best.prepared.hasLegalForm)) return `Name matches ${name} after removing the legal form`;
      return `Name matches ${name} apart from case, accents and punctuation`;
    }
    case 'compact':
      return `Name matches ${name} when its words are written together`;
    case 'initials':
      return `Initials match ${name}`;
    default:
      return `Name is close to ${name} (${shown(best.score)})`;
  }
};

const possibleReason = (mention: MentionKeys, scored: Scored): string => {
  const base = nameReason(mention, scored);
  return scored.conflict ? `${base}, but ${scored.conflict}` : base;
};

export const toPossible = (mention: MentionKeys, scored: readonly Scored[]): PossibleMatch[] =>
  scored
    .filter((s) => s.score >= POSSIBLE_THRESHOLD)
    .slice(0, MAX_POSSIBLE_MATCHES)
    .map((s) => ({
      organizationId: s.prepared.candidate.organizationId,
      name: s.prepared.candidate.name,
      score: round(s.score),
      reason: possibleReason(mention, s),
    }));

export const mentionKeys = (mention: SupplierMention): MentionKeys => {
  const words = nameKeyWords(mention.name);
  return {
    name: mention.name,
    words,
    key: words.join(' '),
    compact: words.join(''),
    initials: initialsOf(mention.name, words),
    hasLegalForm: hadLegalForm(mention.name),
    registrationNumber: normalizeRegistrationNumber(mention.registrationNumber),
    imoCompanyNumber: normalizeImoCompanyNumber(mention.imoCompanyNumber),
    domain: normalizeDomain(mention.email),
    country: normalizeCountry(mention.country, words),
  };
};
