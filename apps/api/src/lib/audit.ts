import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type { Executor } from '@tidewise/db/client';
import { auditLogs } from '@tidewise/db/schema/audit';
import { desc, eq, sql } from 'drizzle-orm';
import { GraphQLError } from 'graphql';
import type { Actor, Context, RequestMeta } from '../context.ts';
import { AppError } from './errors.ts';

export type AuditStatus = 'success' | 'failure' | 'denied';
export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

export const AUDIT_SERVICE_NAME = 'tidewise-api';
export const PLATFORM_CHAIN = 'platform';

/** Values never copied into the trail, whatever the operation passes. */
const SENSITIVE_KEY = /password|secret|token|hash|code/i;

type AuditScope = { action: string; recorded: boolean };

/** One scope per mutation call, so an operation's own audit row is not written twice. */
export const auditScope = new AsyncLocalStorage<AuditScope>();

export type AuditEntry = {
  resource: string;
  resourceId?: string | null;
  description: string;
  /** Defaults to the running mutation's name. */
  action?: string;
  /** Defaults to the actor's organization; null puts the row in the platform chain. */
  organizationId?: string | null;
  userId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  status?: AuditStatus;
  metadata?: Record<string, unknown>;
};

export type AuditActor = { actor: Actor | null; requestMeta: RequestMeta };

const toJson = (value: unknown): unknown => (value === undefined ? null : JSON.parse(JSON.stringify(value)));

/** Field-by-field difference of two snapshots; sensitive fields show only that they changed. */
export const diffChanges = (
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): AuditChanges => {
  const changes: AuditChanges = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of [...keys].sort()) {
    if (key === 'updatedAt') continue;
    const b = toJson(before?.[key]);
    const a = toJson(after?.[key]);
    if (JSON.stringify(b) === JSON.stringify(a)) continue;
    changes[key] = SENSITIVE_KEY.test(key)
      ? { before: b === null ? null : '[redacted]', after: a === null ? null : '[redacted]' }
      : { before: b, after: a };
  }
  return changes;
};

/** JSON with object keys sorted at every level, so a hash does not depend on storage order. */
export const canonicalJson = (value: unknown): string => {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
};

export type HashedFields = {
  chainKey: string;
  sequence: number;
  organizationId: string | null;
  userId: string | null;
  action: string;
  resource: string;
  resourceId: string | null;
  description: string;
  changes: unknown;
  status: string;
  serviceName: string;
  metadata: unknown;
  createdAt: Date;
  prevHash: string | null;
};

export const hashAuditRow = (row: HashedFields) =>
  createHash('sha256')
    .update(
      canonicalJson({
        chainKey: row.chainKey,
        sequence: row.sequence,
        organizationId: row.organizationId,
        userId: row.userId,
        action: row.action,
        resource: row.resource,
        resourceId: row.resourceId,
        description: row.description,
        changes: row.changes,
        status: row.status,
        serviceName: row.serviceName,
        metadata: row.metadata,
        createdAt: row.createdAt.toISOString(),
        prevHash: row.prevHash,
      }),
    )
    .digest('hex');

/**
 * Appends one row to the trail inside the caller's transaction (a savepoint when it already is one),
 * holding a lock on the chain so concurrent writers cannot fork it.
 */
export const recordAudit = async (executor: Executor, who: AuditActor, entry: AuditEntry) => {
  const scope = auditScope.getStore();
  const organizationId = entry.organizationId === undefined ? (who.actor?.organizationId ?? null) : entry.organizationId;
  const chainKey = organizationId ?? PLATFORM_CHAIN;
  const createdAt = new Date();
  const row = await executor.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`audit:${chainKey}`}))`);
    const [last] = await tx
      .select({ sequence: auditLogs.sequence, hash: auditLogs.hash })
      .from(auditLogs)
      .where(eq(auditLogs.chainKey, chainKey))
      .orderBy(desc(auditLogs.sequence))
      .limit(1);
    const fields: HashedFields = {
      chainKey,
      sequence: (last?.sequence ?? 0) + 1,
      organizationId,
      userId: entry.userId === undefined ? (who.actor?.userId ?? null) : entry.userId,
      action: entry.action ?? scope?.action ?? 'unknown',
      resource: entry.resource,
      resourceId: entry.resourceId ?? null,
      description: entry.description,
      changes: toJson(diffChanges(entry.before, entry.after)),
      status: entry.status ?? 'success',
      serviceName: AUDIT_SERVICE_NAME,
      metadata: toJson({
        requestId: who.requestMeta.requestId,
        ipAddress: who.requestMeta.ipAddress,
        userAgent: who.requestMeta.userAgent,
        ...entry.metadata,
      }),
      createdAt,
      prevHash: last?.hash ?? null,
    };
    const [inserted] = await tx
      .insert(auditLogs)
      .values({
        ...fields,
        changes: fields.changes as AuditChanges,
        metadata: fields.metadata as Record<string, unknown>,
        hash: hashAuditRow(fields),
      })
      .returning();
    return inserted;
  });
  if (scope && (entry.status ?? 'success') === 'success') scope.recorded = true;
  return row;
};

const errorCode = (error: unknown): string => {
  if (error instanceof AppError) return error.code;
  if (error instanceof GraphQLError && typeof error.extensions?.code === 'string') return error.extensions.code;
  return 'INTERNAL_SERVER_ERROR';
};

/**
 * Runs one audited action (a mutation, or a route that mirrors one) so it always leaves a row: the
 * operation's own row (with its diff, written in its transaction), or a plain success row, or, when it
 * is refused or fails, a row written after its transaction rolled back.
 */
export const runAudited = <T>(ctx: Context, action: string, work: () => Promise<T>): Promise<T> => {
  const scope = { action, recorded: false };
  return auditScope.run(scope, async () => {
    try {
      const result = await work();
      if (!scope.recorded) await recordAudit(ctx.db, ctx, { resource: action, description: `${action} succeeded` });
      return result;
    } catch (error) {
      const code = errorCode(error);
      const expected = code !== 'INTERNAL_SERVER_ERROR';
      try {
        await recordAudit(ctx.db, ctx, {
          resource: action,
          status: code === 'UNAUTHENTICATED' || code === 'FORBIDDEN' ? 'denied' : 'failure',
          description: `${action} refused: ${expected ? (error as Error).message : 'unexpected error'}`,
          // A refusal's details (for a request: the status it had and the one asked for) go with it.
          metadata: {
            errorCode: code,
            ...(error instanceof AppError && expected && error.extensions.details ? { details: error.extensions.details } : {}),
          },
        });
      } catch (auditError) {
        ctx.logger.error({ err: auditError }, `could not record a refused ${action} in the audit trail`);
      }
      throw error;
    }
  });
};
