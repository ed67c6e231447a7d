import { normalizeCompanyName } from './normalize.ts';
import { type PreparedCandidate, type PreparedCandidates, prepareCandidates } from './prepare.ts';
import {
  conflictOf,
  countriesDiffer,
  MAX_POSSIBLE_MATCHES,
  type MentionKeys,
  mentionKeys,
  nameReason,
  round,
  type Scored,
  scoreName,
  scoreNames,
  shown,
  toPossible,
} from './score-names.ts';
import type { ConfirmedMatch, SupplierCandidate, SupplierMatchResult, SupplierMention } from './types.ts';

/** A name scoring this much or more is matched automatically, if also MATCH_MARGIN ahead of the next organization. */
export const MATCH_THRESHOLD = 0.9;
/** How far the best name must be ahead of the second for an automatic match. */
export const MATCH_MARGIN = 0.08;
/** From here up a name is plausible: the customer chooses among the possible matches. */
export const SEMI_MATCH_THRESHOLD = 0.55;

const preparedCache = new WeakMap<readonly SupplierCandidate[], PreparedCandidates>();

const isPrepared = (value: readonly SupplierCandidate[] | PreparedCandidates): value is PreparedCandidates =>
  !Array.isArray(value) && (value as PreparedCandidates).kind === 'preparedSupplierCandidates';

const toPrepared = (candidates: readonly SupplierCandidate[] | PreparedCandidates): PreparedCandidates => {
  if (isPrepared(candidates)) return candidates;
  let prepared = preparedCache.get(candidates);
  if (!prepared) {
    prepared = prepareCandidates(candidates);
    preparedCache.set(candidates, prepared);
  }
  return prepared;
};

/** Decides by names: match when the best is high, clearly ahead and not contradicted by an identifier. */
const decideByName = (mention: MentionKeys, scored: Scored[]): SupplierMatchResult => {
  const [best, second] = scored;
  if (!best)
    return { status: 'notMatch', organizationId: null, score: 0, reason: 'No organization has a similar name', possibleMatches: [] };
  const possibleMatches = toPossible(mention, scored);
  const score = round(best.score);
  const next = second ? `next best ${shown(second.score)}` : 'no other similar name';
  if (best.score < SEMI_MATCH_THRESHOLD)
    return {
      status: 'notMatch',
      organizationId: null,
      score,
      reason: `No organization is close enough; the closest is ${best.prepared.candidate.name} (${shown(best.score)})`,
      possibleMatches,
    };
  if (best.conflict)
    return {
      status: 'semiMatch',
      organizationId: null,
      score,
      reason: `${nameReason(mention, best)}, but ${best.conflict}`,
      possibleMatches,
    };
  if (second && best.score - second.score < MATCH_MARGIN)
    return {
      status: 'semiMatch',
      organizationId: null,
      score,
      reason: `${best.prepared.candidate.name} (${shown(best.score)}) and ${second.prepared.candidate.name} (${shown(second.score)}) are too close to choose between`,
      possibleMatches,
    };
  if (best.score >= MATCH_THRESHOLD && best.kind !== 'initials')
    return {
      status: 'match',
      organizationId: best.prepared.candidate.organizationId,
      score,
      reason: `${nameReason(mention, best)}; ${next}`,
      possibleMatches: [],
    };
  return {
    status: 'semiMatch',
    organizationId: null,
    score,
    reason: `${nameReason(mention, best)}, not close enough to be sure; ${next}`,
    possibleMatches,
  };
};

/** Organizations whose registration or IMO company number is the mention's. */
const identifierMatches = (mention: MentionKeys, candidates: PreparedCandidates): { prepared: PreparedCandidate; reason: string }[] => {
  const found = new Map<PreparedCandidate, string>();
  const add = (indexes: readonly number[] | undefined, reason: (p: PreparedCandidate) => string, sameCountry: boolean) => {
    for (const index of indexes ?? []) {
      const prepared = candidates.list[index];
      if (!prepared || found.has(prepared)) continue;
      if (sameCountry && countriesDiffer(mention.country, prepared.country)) continue;
      found.set(prepared, reason(prepared));
    }
  };
  if (mention.registrationNumber)
    add(
      candidates.byRegistrationNumber.get(mention.registrationNumber),
      (p) => `Registration number ${p.candidate.registrationNumber} matches ${p.candidate.name}`,
      true,
    );
  if (mention.imoCompanyNumber)
    add(
      candidates.byImoCompanyNumber.get(mention.imoCompanyNumber),
      (p) => `IMO company number ${mention.imoCompanyNumber} matches ${p.candidate.name}`,
      false,
    );
  return [...found].map(([prepared, reason]) => ({ prepared, reason }));
};

const byIdentifier = (mention: MentionKeys, candidates: PreparedCandidates, raw: SupplierMention): SupplierMatchResult | null => {
  const matches = identifierMatches(mention, candidates);
  if (matches.length === 1 && matches[0]) {
    const { prepared, reason } = matches[0];
    return { status: 'match', organizationId: prepared.candidate.organizationId, score: 1, reason, possibleMatches: [] };
  }
  if (matches.length > 1) {
    const possibleMatches = matches
      .map(({ prepared, reason }) => ({ prepared, reason, score: scoreName(mention, prepared, candidates).score }))
      .sort((a, b) => b.score - a.score)
      .slice(0, MAX_POSSIBLE_MATCHES)
      .map(({ prepared, reason }) => ({
        organizationId: prepared.candidate.organizationId,
        name: prepared.candidate.name,
        score: 1,
        reason,
      }));
    return {
      status: 'semiMatch',
      organizationId: null,
      score: 1,
      reason: `The file's identifiers match ${matches.length} organizations: ${matches.map((m) => m.prepared.candidate.name).join(', ')}`,
      possibleMatches,
    };
  }
  if (!mention.domain) return null;
  // The most specific domain wins: "km.kongsberg.com" over "kongsberg.com".
  let longest = '';
  for (const domain of candidates.byDomain.keys())
    if ((mention.domain === domain || mention.domain.endsWith(`.${domain}`)) && domain.length > longest.length) longest = domain;
  const sharing = new Set<PreparedCandidate>();
  for (const index of candidates.byDomain.get(longest) ?? []) {
    const prepared = candidates.list[index];
    if (prepared && !conflictOf(mention, prepared, raw)) sharing.add(prepared);
  }
  if (sharing.size === 0) return null;
  const scored = [...sharing]
    .map((prepared) => ({ prepared, ...scoreName(mention, prepared, candidates), conflict: null }))
    .sort((a, b) => b.score - a.score);
  const [best, second] = scored;
  if (!best) return null;
  const elsewhere = scoreNames(mention, candidates, raw).find((s) => !sharing.has(s.prepared));
  const clearlyOther = elsewhere && elsewhere.score >= MATCH_THRESHOLD && elsewhere.score - best.score >= MATCH_MARGIN;
  const clearlyBest = !second || (best.score >= SEMI_MATCH_THRESHOLD && best.score - second.score >= MATCH_MARGIN);
  if (clearlyBest && !clearlyOther) {
    const name = best.prepared.candidate.name;
    const alone = scored.length === 1 ? '' : ` and its name is the closest of the ${scored.length} organizations using it`;
    return {
      status: 'match',
      organizationId: best.prepared.candidate.organizationId,
      score: 1,
      reason: `Email domain ${mention.domain} belongs to ${name}${alone}`,
      possibleMatches: [],
    };
  }
  const possible = [...scored, ...(elsewhere ? [elsewhere] : [])];
  return {
    status: 'semiMatch',
    organizationId: null,
    score: round(best.score),
    reason: clearlyOther
      ? `Email domain ${mention.domain} belongs to ${best.prepared.candidate.name}, but the name is ${elsewhere.prepared.candidate.name}`
      : `Email domain ${mention.domain} is used by ${scored.length} organizations and the name does not decide between them`,
    possibleMatches: toPossible(mention, possible),
  };
};

const confirmedCache = new WeakMap<readonly ConfirmedMatch[], ReadonlyMap<string, string | null>>();

/** Confirmations by normalised name, normalised again in case they were stored by an older normaliser; the last one wins. */
const confirmedByName = (confirmed: readonly ConfirmedMatch[]): ReadonlyMap<string, string | null> => {
  let byName = confirmedCache.get(confirmed);
  if (!byName) {
    byName = new Map(confirmed.map((entry) => [normalizeCompanyName(entry.normalizedName), entry.organizationId]));
    confirmedCache.set(confirmed, byName);
  }
  return byName;
};

const byConfirmation = (
  mention: MentionKeys,
  candidates: PreparedCandidates,
  confirmed: readonly ConfirmedMatch[],
  raw: SupplierMention,
): SupplierMatchResult | null => {
  const organizationId = confirmedByName(confirmed).get(mention.key);
  if (organizationId === undefined) return null;
  if (organizationId === null)
    return {
      status: 'notMatch',
      organizationId: null,
      score: 0,
      reason: `Confirmed earlier: “${mention.name.trim()}” is none of the organizations offered`,
      possibleMatches: [],
    };
  const index = candidates.byOrganizationId.get(organizationId);
  const prepared = index === undefined ? undefined : candidates.list[index];
  if (!prepared || conflictOf(mention, prepared, raw)) return null;
  return {
    status: 'match',
    organizationId,
    score: 1,
    reason: `Confirmed earlier: “${mention.name.trim()}” is ${prepared.candidate.name}`,
    possibleMatches: [],
  };
};

/**
 * Which organization on the platform a supplier named in a customer's file is. Identifiers decide first
 * (registration number, IMO company number, then email domain), then what the customer confirmed before (an
 * organization, or none of those offered), then the name. Only a name clearly ahead of every other is matched automatically: a wrong automatic match
 * costs more than a question, so anything less sure becomes a semiMatch with the organizations to choose from.
 * See docs/supplier-matching.md.
 */
export const matchSupplier = (
  mention: SupplierMention,
  candidates: readonly SupplierCandidate[] | PreparedCandidates,
  confirmed: readonly ConfirmedMatch[] = [],
): SupplierMatchResult => {
  const prepared = toPrepared(candidates);
  const keys = mentionKeys(mention);
  return (
    byIdentifier(keys, prepared, mention) ??
    byConfirmation(keys, prepared, confirmed, mention) ??
    decideByName(keys, scoreNames(keys, prepared, mention))
  );
};
