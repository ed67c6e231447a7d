import { builder } from '../../schema/builder.ts';
import { type BrokenLink, type ChainVerification, verifyAuditChain } from './operations/verify-audit-chain.ts';

const BrokenLinkRef = builder.objectRef<BrokenLink>('AuditChainBrokenLink').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    sequence: t.exposeInt('sequence'),
    reason: t.exposeString('reason', { description: '`hash-mismatch`, `previous-hash-mismatch` or `missing-row`.' }),
  }),
});

const ChainVerificationRef = builder.objectRef<ChainVerification>('AuditChainVerification').implement({
  fields: (t) => ({
    chain: t.exposeString('chain', {
      description:
        "Which trail was checked: `organization` (the caller's organization's changes). Sign-ins and other events with no organization are in the `platform` trail; a member's sign-ins are listed by `loginLogs`.",
    }),
    valid: t.exposeBoolean('valid'),
    checkedCount: t.exposeInt('checkedCount', { description: 'Entries whose hash and link were recomputed and matched.' }),
    firstEntryAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the first entry the check covered was written; null when the trail has none.',
      resolve: (v) => v.firstEntryAt,
    }),
    lastEntryAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the last entry the check covered was written; null when the trail has none.',
      resolve: (v) => v.lastEntryAt,
    }),
    firstBrokenLink: t.field({ type: BrokenLinkRef, nullable: true, resolve: (v) => v.firstBrokenLink }),
    verifiedAt: t.field({ type: 'DateTime', resolve: (v) => v.verifiedAt }),
  }),
});

builder.queryField('verifyAuditLogChain', (t) =>
  t.field({
    type: ChainVerificationRef,
    description: "Recomputes the hash chain of the caller's organization audit trail and reports the first broken link.",
    authScopes: { permission: 'audit-logs:read' },
    resolve: (_root, _args, ctx) => verifyAuditChain(ctx.db, ctx.actor?.organizationId ?? ''),
  }),
);
