import type { StoredPossibleMatch } from '@tidewise/db/schema/requests';
import type { SupplierMatchResult } from '@tidewise/shared/supplier-matching/index';
import { normalizeDomain } from '@tidewise/shared/supplier-matching/normalize';
import type { Refusal } from '../../lib/authz.ts';

/** Pure rules of supplier matching in the API: statuses over a batch, what a new match keeps of the old, refusals. */

export const SUPPLIER_MATCH_STATUSES = ['match', 'semiMatch', 'notMatch'] as const;
export type SupplierMatchStatus = (typeof SUPPLIER_MATCH_STATUSES)[number];

export const SUPPLIER_MATCHING_STATUSES = ['queued', 'running', 'completed', 'failed', 'none'] as const;
export type SupplierMatchingStatus = (typeof SUPPLIER_MATCHING_STATUSES)[number];

export const asMatchStatus = (value: string): SupplierMatchStatus =>
  (SUPPLIER_MATCH_STATUSES as readonly string[]).includes(value) ? (value as SupplierMatchStatus) : 'notMatch';

export const asMatchingStatus = (value: string | null | undefined): SupplierMatchingStatus =>
  value && (SUPPLIER_MATCHING_STATUSES as readonly string[]).includes(value) ? (value as SupplierMatchingStatus) : 'none';

/**
 * The matching of a batch from its files': running while one runs, queued while one waits, failed when one
 * failed, completed when one completed, none when no file names suppliers.
 */
export const batchMatchingStatus = (statuses: readonly SupplierMatchingStatus[]): SupplierMatchingStatus => {
  for (const status of ['running', 'queued', 'failed', 'completed'] as const) if (statuses.includes(status)) return status;
  return 'none';
};

export type MatchCounts = {
  matchCount: number;
  semiMatchCount: number;
  notMatchCount: number;
  matchRowCount: number;
  semiMatchRowCount: number;
  notMatchRowCount: number;
  totalSuppliers: number;
};

/** Counts of suppliers (one per file and supplier) and of their rows, by status. */
export const matchCountsOf = (rows: readonly { matchStatus: string; itemCount: number }[]): MatchCounts => {
  const counts: MatchCounts = {
    matchCount: 0,
    semiMatchCount: 0,
    notMatchCount: 0,
    matchRowCount: 0,
    semiMatchRowCount: 0,
    notMatchRowCount: 0,
    totalSuppliers: rows.length,
  };
  for (const row of rows) {
    const status = asMatchStatus(row.matchStatus);
    counts[`${status}Count`] += 1;
    counts[`${status}RowCount`] += row.itemCount;
  }
  return counts;
};

/** What matching stored for a supplier before, as far as a new matching keeps it. */
export type EarlierDecision = {
  isConfirmed: boolean;
  matchStatus: string;
  supplierOrgId: string | null;
  matchReason: string | null;
  matchScore: number | null;
  contactEmail: string | null;
};

export type MatchDecision = {
  matchStatus: SupplierMatchStatus;
  supplierOrgId: string | null;
  matchScore: number;
  matchReason: string;
  possibleMatches: StoredPossibleMatch[];
  isConfirmed: boolean;
  contactEmail: string | null;
};

/**
 * A supplier's match after matching again: the contact email always stays; a person's confirmation (and the
 * organization confirmed) stays over whatever the matcher says now; otherwise the matcher's answer.
 */
export const decisionAfterMatching = (result: SupplierMatchResult, earlier: EarlierDecision | null): MatchDecision => {
  const fresh: MatchDecision = {
    matchStatus: result.status,
    supplierOrgId: result.organizationId,
    matchScore: result.score,
    matchReason: result.reason,
    possibleMatches: result.possibleMatches,
    isConfirmed: false,
    contactEmail: earlier?.contactEmail ?? null,
  };
  if (!earlier?.isConfirmed) return fresh;
  return {
    ...fresh,
    matchStatus: asMatchStatus(earlier.matchStatus),
    supplierOrgId: earlier.supplierOrgId,
    matchScore: earlier.matchScore ?? fresh.matchScore,
    matchReason: earlier.matchReason ?? fresh.matchReason,
    isConfirmed: true,
  };
};

/** A confirmation or a contact changes nothing once the upload was completed (requests were made from it). */
export const supplierRowChangeRefusal = (uploadStatus: string | null): Refusal | null =>
  uploadStatus === 'completed'
    ? { code: 'CONFLICT', message: 'The upload is completed: its suppliers and their matches can no longer change.' }
    : null;

/** The reason stored with a match a person chose. */
export const confirmedReason = (organizationName: string | null): string =>
  organizationName
    ? `Confirmed by your organization: ${organizationName}`
    : 'Confirmed by your organization: none of the organizations offered';

// Domains ---------------------------------------------------------------------------------------

/** The domain of a file's contact email, or null for none or a public mail provider. */
export const mentionDomainOf = (email: string | null | undefined): string | null => (email?.includes('@') ? normalizeDomain(email) : null);

/** A website's host as a domain ("https://www.km.kongsberg.com/no" → "km.kongsberg.com"), or null. */
export const websiteHostOf = (url: string | null | undefined): string | null => {
  if (!url) return null;
  const host = url
    .trim()
    .replace(/^[a-z]+:\/\//i, '')
    .replace(/[/:?#].*$/, '');
  return normalizeDomain(host);
};

/** A domain and the parents it may belong to, down to two labels: km.kongsberg.com, kongsberg.com. */
export const domainsToLookUp = (domain: string | null): string[] => {
  if (!domain) return [];
  const labels = domain.split('.');
  const out: string[] = [];
  for (let i = 0; i + 2 <= labels.length; i++) out.push(labels.slice(i).join('.'));
  return out;
};
