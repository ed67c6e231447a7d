import { type SignedLinkCheck, signedLinkKind } from '../../../lib/signed-links.ts';
import type { EntryFilter, EntryOrder } from '../entry-query.ts';

/**
 * Export links: a short-lived token signed with a key derived from TOKEN_SIGNING_KEY (HKDF with its own label, so
 * it never shares a key with access tokens, and rotating that key voids the links). The token names the
 * organization and exactly what to export; the link is the authorization, like a file download URL, and is
 * checked again for the organization when used.
 */

export const EXPORT_LINK_TTL_SECONDS = 5 * 60;
export const EXPORT_PATH_PREFIX = '/exports/';

export type ExportFormat = 'csv' | 'xlsx';

export type ExportClaims =
  | { kind: 'entries'; organizationId: string; filter: EntryFilter; order: EntryOrder; format: ExportFormat }
  | { kind: 'issues'; organizationId: string; fileId: string; format: 'csv' };

const links = signedLinkKind<ExportClaims>({
  label: 'tidewise/exports/v1',
  audience: 'tidewise-export',
  claim: 'export',
  ttlSeconds: EXPORT_LINK_TTL_SECONDS,
  isClaims: (value): value is ExportClaims => {
    const kind = (value as { kind?: unknown } | null | undefined)?.kind;
    return kind === 'entries' || kind === 'issues';
  },
});

export const signExportToken = links.sign;

export type ExportTokenCheck = SignedLinkCheck<ExportClaims>;

export const verifyExportToken = links.verify;
