import { REQUESTABLE_FILE_CATEGORIES } from '@tidewise/shared/requests/inputs';
import { defaultDataRequestTitle } from '@tidewise/shared/supplier-matching/data-request-input';
import type { FileCategory } from '@tidewise/shared/uploads';
import type { Matching, RequestCategory, ReviewUpload, SupplierRow } from './graphql.ts';

/**
 * What the review screen decides from the data, kept pure so it is tested without a screen: where each
 * supplier stands, the counts on top, whether "Send" may be pressed (and why not), and what it sends.
 */

/** Where a supplier stands for sending: a request goes to it, the customer must still choose, or it is unknown. */
export type SupplierStanding = 'matched' | 'toConfirm' | 'unknown';

/**
 * A match found automatically, or a possible match the customer confirmed, is matched; a possible match
 * nobody confirmed waits for the customer; "not on the platform" (found or chosen) is unknown.
 */
export const standingOf = (row: Pick<SupplierRow, 'matchStatus' | 'isConfirmed' | 'supplierOrgId'>): SupplierStanding => {
  if (row.matchStatus === 'semiMatch' && !row.isConfirmed) return 'toConfirm';
  if (row.matchStatus === 'notMatch' || !row.supplierOrgId) return 'unknown';
  return 'matched';
};

export const STANDING_LABELS: Record<SupplierStanding, string> = {
  matched: 'Matched',
  toConfirm: 'Check the match',
  unknown: 'Not on the platform',
};

export type Tally = { suppliers: number; rows: number };
export type Summary = Record<SupplierStanding, Tally> & { total: Tally };

/** Suppliers and their rows per standing, as the customer has decided so far. */
export const summarize = (rows: readonly SupplierRow[]): Summary => {
  const empty = (): Tally => ({ suppliers: 0, rows: 0 });
  const summary: Summary = { matched: empty(), toConfirm: empty(), unknown: empty(), total: empty() };
  for (const row of rows) {
    for (const tally of [summary[standingOf(row)], summary.total]) {
      tally.suppliers += 1;
      tally.rows += row.itemCount;
    }
  }
  return summary;
};

/** "1 supplier", "3 suppliers"; "1 row", "12 rows". */
export const countOf = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;

/** "3 found — 1 matched, 1 to confirm, 1 unknown" (the batch's card, from the server's counts). */
export const matchingLine = (matching: Pick<Matching, 'totalSuppliers' | 'matchCount' | 'semiMatchCount' | 'notMatchCount'>) =>
  `${matching.totalSuppliers} found — ${matching.matchCount} matched, ${matching.semiMatchCount} to confirm, ${matching.notMatchCount} unknown`;

/** The addresses completeFileUpload invites: those given for suppliers not on the platform, once each. */
export const contactEmails = (rows: readonly SupplierRow[]): string[] => [
  ...new Set(rows.flatMap((row) => (standingOf(row) === 'unknown' && row.contactEmail ? [row.contactEmail.trim().toLowerCase()] : []))),
];

/** Suppliers that get no request: not on the platform and no address to invite them at. */
export const skippedSuppliers = (rows: readonly SupplierRow[]) => rows.filter((row) => standingOf(row) === 'unknown' && !row.contactEmail);

/** Names in a sentence: "A", "A and B", "A, B and 2 more". */
export const nameList = (names: readonly string[], shown = 2) => {
  const quoted = names.map((n) => `“${n}”`);
  if (quoted.length <= 1) return quoted.join('');
  if (quoted.length <= shown + 1) return `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
  return `${quoted.slice(0, shown).join(', ')} and ${quoted.length - shown} more`;
};

export type SendState = {
  upload: Pick<ReviewUpload, 'status'>;
  matchingStatus: Matching['supplierMatchingStatus'];
  rows: readonly SupplierRow[];
  /** The viewer may complete uploads and create requests. */
  allowed: boolean;
};

/**
 * Why "Send" cannot be pressed now, in words, or null when it can. The server checks the same again
 * (an unconfirmed possible match refuses the whole completion); this says so before anyone tries.
 */
export const sendBlocker = ({ upload, matchingStatus, rows, allowed }: SendState): string | null => {
  if (!allowed) return 'Your role cannot send data requests; ask an administrator of your organisation.';
  if (upload.status === 'completed') return 'This upload is completed; nothing more can be sent from it.';
  if (matchingStatus === 'queued' || matchingStatus === 'running') return 'Wait until the suppliers are matched.';
  if (matchingStatus === 'failed') return 'Supplier matching failed, so no request can be sent from this upload.';
  if (rows.length === 0) return 'No supplier was found in the files of this upload.';
  if (upload.status !== 'ready') return 'Wait until every file of the upload has been read.';
  const open = rows.filter((row) => standingOf(row) === 'toConfirm');
  if (open.length > 0)
    return open.length === 1
      ? `Confirm which organisation ${nameList([open[0]?.supplierName ?? ''])} is, or choose “None of these”.`
      : `Confirm the matches of ${open.length} suppliers first: ${nameList(open.map((row) => row.supplierName))}.`;
  if (!rows.some((row) => standingOf(row) === 'matched' || row.contactEmail))
    return 'No supplier can receive the request: confirm a match, or give an address to invite one at.';
  return null;
};

/** The requestable category most of the upload's files have, or null when none is known. */
export const preselectedCategory = (files: ReviewUpload['files']): RequestCategory | null => {
  const counts = new Map<RequestCategory, number>();
  for (const file of files) {
    const category = file.fileMetadata?.category;
    if (file.status === 'cancelled' || !category || !(REQUESTABLE_FILE_CATEGORIES as readonly string[]).includes(category)) continue;
    const key = category as RequestCategory;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let best: RequestCategory | null = null;
  for (const [category, count] of counts) if (best === null || count > (counts.get(best) ?? 0)) best = category;
  return best;
};

/** The title the server gives a request without one: "Transport legs data for 2025-Q3". */
export const defaultRequestTitle = (category: string, period: string) =>
  (REQUESTABLE_FILE_CATEGORIES as readonly string[]).includes(category)
    ? defaultDataRequestTitle(category as FileCategory, period.trim().toUpperCase() || null)
    : '';

/** How close a possible match's name is, in words with its score: "Very close (93%)". */
export const scoreWords = (score: number) => {
  const percent = `${Math.round(score * 100)}%`;
  if (score >= 0.9) return `Very close (${percent})`;
  if (score >= 0.75) return `Close (${percent})`;
  if (score >= 0.55) return `Partly similar (${percent})`;
  return `Weak (${percent})`;
};

/** How many requests sending makes: one per matched organisation and one per address to invite. */
export const recipientCount = (rows: readonly SupplierRow[]) =>
  new Set(rows.flatMap((row) => (standingOf(row) === 'matched' && row.supplierOrgId ? [row.supplierOrgId] : []))).size +
  contactEmails(rows).length;
