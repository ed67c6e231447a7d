/**
 * Supplier matching: which organization on the platform each supplier named in a customer's file is, by
 * identifier, by an earlier confirmation, then by name. See docs/supplier-matching.md.
 */

export { MATCH_MARGIN, MATCH_THRESHOLD, matchSupplier, SEMI_MATCH_THRESHOLD } from './match-supplier.ts';
export { normalizeCompanyName, normalizeImoCompanyNumber, normalizeRegistrationNumber } from './normalize.ts';
export { type PreparedCandidates, prepareCandidates } from './prepare.ts';
export type {
  ConfirmedMatch,
  PossibleMatch,
  SupplierCandidate,
  SupplierMatchResult,
  SupplierMention,
} from './types.ts';
