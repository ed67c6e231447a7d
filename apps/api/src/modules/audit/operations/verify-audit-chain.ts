import type { Executor } from '@tidewise/db/client';
import { auditLogs } from '@tidewise/db/schema/audit';
import { and, asc, eq, gt } from 'drizzle-orm';
import { hashAuditRow, PLATFORM_CHAIN } from '../../../lib/audit.ts';

export type BrokenLink = {
  id: string;
  sequence: number;
  reason: 'hash-mismatch' | 'previous-hash-mismatch' | 'missing-row';
};

/** Which trail a chain is: one organization's, or the platform's (events with no organization, such as sign-ins). */
export type ChainKind = 'organization' | 'platform';

export type ChainVerification = {
  chainKey: string;
  chain: ChainKind;
  valid: boolean;
  checkedCount: number;
  /** When the first and the last entry the check covered were written; null when it covered none. */
  firstEntryAt: Date | null;
  lastEntryAt: Date | null;
  firstBrokenLink: BrokenLink | null;
  verifiedAt: Date;
};

const BATCH = 500;

/**
 * Recomputes every hash of one chain in order and reports the first row whose content, link to its
 * predecessor or position does not match: an edited, removed or inserted row shows up here.
 */
export const verifyAuditChain = async (db: Executor, chainKey: string): Promise<ChainVerification> => {
  const chain: ChainKind = chainKey === PLATFORM_CHAIN ? 'platform' : 'organization';
  let checkedCount = 0;
  let firstEntryAt: Date | null = null;
  let lastEntryAt: Date | null = null;
  let previousHash: string | null = null;
  let expectedSequence = 1;
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.chainKey, chainKey), gt(auditLogs.sequence, after)))
      .orderBy(asc(auditLogs.sequence))
      .limit(BATCH);
    for (const row of rows) {
      const broken = (reason: BrokenLink['reason']): ChainVerification => ({
        chainKey,
        chain,
        valid: false,
        checkedCount,
        firstEntryAt,
        lastEntryAt,
        firstBrokenLink: { id: row.id, sequence: row.sequence, reason },
        verifiedAt: new Date(),
      });
      if (row.sequence !== expectedSequence) return broken('missing-row');
      if (row.prevHash !== previousHash) return broken('previous-hash-mismatch');
      if (hashAuditRow(row) !== row.hash) return broken('hash-mismatch');
      checkedCount += 1;
      firstEntryAt ??= row.createdAt;
      lastEntryAt = row.createdAt;
      previousHash = row.hash;
      expectedSequence += 1;
      after = row.sequence;
    }
    if (rows.length < BATCH) break;
  }
  return { chainKey, chain, valid: true, checkedCount, firstEntryAt, lastEntryAt, firstBrokenLink: null, verifiedAt: new Date() };
};
