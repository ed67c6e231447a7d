import { auditLogs } from '@tidewise/db/schema/audit';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_CHAIN, recordAudit } from '../../../lib/audit.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { verifyAuditChain } from './verify-audit-chain.ts';

let server: TestServer;
const who = (organizationId: string) => ({
  actor: { userId: crypto.randomUUID(), organizationId, sessionId: 's', permissions: new Set<string>() },
  requestMeta: { requestId: 'req-audit-test', ipAddress: '127.0.0.1', userAgent: 'vitest' },
});

const seedChain = async (organizationId: string, count: number) => {
  for (let i = 0; i < count; i += 1) {
    await recordAudit(server.database.db, who(organizationId), {
      action: 'updateOrganizationSetting',
      resource: 'organizationSetting',
      resourceId: organizationId,
      description: `Changed currency (${i})`,
      before: { currency: 'EUR', updatedAt: new Date(0) },
      after: { currency: i % 2 ? 'DKK' : 'USD', updatedAt: new Date() },
    });
  }
};

/** Runs a statement with the append-only triggers off, as someone with direct database access could. */
const tamper = async (statement: ReturnType<typeof sql>) => {
  const db = server.database.db;
  await db.execute(sql`alter table audit_logs disable trigger audit_logs_no_update_or_delete`);
  try {
    await db.execute(statement);
  } finally {
    await db.execute(sql`alter table audit_logs enable trigger audit_logs_no_update_or_delete`);
  }
};

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('audit trail', () => {
  it('records a before/after diff without the updatedAt noise, and verifies an intact chain', async () => {
    const org = crypto.randomUUID();
    await seedChain(org, 3);
    const rows = await server.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.organizationId, org))
      .orderBy(asc(auditLogs.sequence));
    expect(rows.map((r) => r.sequence)).toEqual([1, 2, 3]);
    expect(rows[0]?.changes).toEqual({ currency: { before: 'EUR', after: 'USD' } });
    expect(rows[0]?.metadata).toMatchObject({ requestId: 'req-audit-test', ipAddress: '127.0.0.1', userAgent: 'vitest' });
    expect(rows[1]?.prevHash).toBe(rows[0]?.hash);
    expect(await verifyAuditChain(server.database.db, org)).toMatchObject({ valid: true, checkedCount: 3, firstBrokenLink: null });
  });

  it('says which chain it checked and the time range of the entries it covered', async () => {
    const org = crypto.randomUUID();
    const empty = await verifyAuditChain(server.database.db, org);
    expect(empty).toMatchObject({ chain: 'organization', valid: true, checkedCount: 0, firstEntryAt: null, lastEntryAt: null });
    await seedChain(org, 3);
    const rows = await server.database.db
      .select({ createdAt: auditLogs.createdAt })
      .from(auditLogs)
      .where(eq(auditLogs.organizationId, org))
      .orderBy(asc(auditLogs.sequence));
    const result = await verifyAuditChain(server.database.db, org);
    expect(result).toMatchObject({ chain: 'organization', checkedCount: 3 });
    expect(result.firstEntryAt?.toISOString()).toBe(rows[0]?.createdAt.toISOString());
    expect(result.lastEntryAt?.toISOString()).toBe(rows[2]?.createdAt.toISOString());
    expect(result.verifiedAt.getTime()).toBeGreaterThanOrEqual(result.lastEntryAt?.getTime() ?? 0);
  });

  it("keeps a member's events without an organization, such as a sign-in, out of the organization's chain", async () => {
    const org = crypto.randomUUID();
    const member = who(org);
    await recordAudit(server.database.db, member, {
      action: 'login',
      resource: 'login',
      description: 'login succeeded',
      organizationId: null,
    });
    expect(await verifyAuditChain(server.database.db, org)).toMatchObject({ chain: 'organization', checkedCount: 0 });
    const platform = await verifyAuditChain(server.database.db, PLATFORM_CHAIN);
    expect(platform.chain).toBe('platform');
    expect(platform.checkedCount).toBeGreaterThanOrEqual(1);
  });

  it('is append-only: the database refuses UPDATE and DELETE', async () => {
    const org = crypto.randomUUID();
    await seedChain(org, 1);
    const refusal = (statement: ReturnType<typeof sql>) =>
      server.database.db.execute(statement).then(
        () => 'accepted',
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    expect(await refusal(sql`update audit_logs set description = 'x' where organization_id = ${org}`)).toMatch(/append-only: UPDATE/);
    expect(await refusal(sql`delete from audit_logs where organization_id = ${org}`)).toMatch(/append-only: DELETE/);
    expect(await verifyAuditChain(server.database.db, org)).toMatchObject({ valid: true, checkedCount: 1 });
  });

  it('detects a row edited directly in the database and names it', async () => {
    const org = crypto.randomUUID();
    await seedChain(org, 4);
    await tamper(sql`update audit_logs set description = 'Nothing happened' where organization_id = ${org} and sequence = 3`);
    const result = await verifyAuditChain(server.database.db, org);
    expect(result.valid).toBe(false);
    expect(result.checkedCount).toBe(2);
    expect(result.firstBrokenLink).toMatchObject({ sequence: 3, reason: 'hash-mismatch' });
  });

  it('detects a removed row', async () => {
    const org = crypto.randomUUID();
    await seedChain(org, 3);
    await tamper(sql`delete from audit_logs where organization_id = ${org} and sequence = 2`);
    expect((await verifyAuditChain(server.database.db, org)).firstBrokenLink).toMatchObject({ sequence: 3, reason: 'missing-row' });
  });

  it('keeps one unbroken chain under concurrent writers', async () => {
    const org = crypto.randomUUID();
    await Promise.all(Array.from({ length: 8 }, () => seedChain(org, 2)));
    expect(await verifyAuditChain(server.database.db, org)).toMatchObject({ valid: true, checkedCount: 16 });
  });
});
