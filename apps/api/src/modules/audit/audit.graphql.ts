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
    valid: t.exposeBoolean('valid'),
    checkedCount: t.exposeInt('checkedCount'),
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
