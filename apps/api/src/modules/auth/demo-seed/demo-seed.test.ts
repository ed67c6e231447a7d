import { openDatabase } from '@tidewise/db/client';
import { users } from '@tidewise/db/schema/identity';
import { organizationRelationships, organizations } from '@tidewise/db/schema/organizations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../lib/logger.ts';
import { DEMO_ACCOUNTS, runDemoSeed } from './demo-seed.ts';
import { isStrongPassword } from '@tidewise/shared/password';

describe('demo seed', () => {
  let database: Awaited<ReturnType<typeof openDatabase>>;
  const env = { DEMO_SEED: true, APP_URL: 'http://127.0.0.1:3000' };
  const logger = createLogger('silent');

  // Always its own empty database: the seed only runs when there are no organizations at all.
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('creates a linked customer and supplier with Email-method users, once', async () => {
    await runDemoSeed({ env, db: database.db, logger });
    await runDemoSeed({ env, db: database.db, logger });
    const orgs = await database.db.select().from(organizations);
    expect(orgs.map((o) => [o.name, o.organizationType]).sort()).toEqual(
      [
        [DEMO_ACCOUNTS.supplierUser.organizationName, 'supplier'],
        [DEMO_ACCOUNTS.customerAdmin.organizationName, 'customer'],
      ].sort(),
    );
    const [relationship] = await database.db.select().from(organizationRelationships);
    expect(relationship?.status).toBe('active');
    const accounts = await database.db.select().from(users);
    expect(accounts.map((u) => [u.email, u.role, u.mfaMethod]).sort()).toEqual(
      [
        [DEMO_ACCOUNTS.customerAdmin.email, 'organization_admin', 'Email'],
        [DEMO_ACCOUNTS.supplierUser.email, 'supplier_contributor', 'Email'],
      ].sort(),
    );
    expect(accounts.every((u) => u.passwordHash?.startsWith('$argon2id$'))).toBe(true);
    expect(Object.values(DEMO_ACCOUNTS).every((a) => isStrongPassword(a.password))).toBe(true);
  });

  it('does nothing when DEMO_SEED is off', async () => {
    const empty = await openDatabase({ dataDir: 'memory://' });
    try {
      await runDemoSeed({ env: { ...env, DEMO_SEED: false }, db: empty.db, logger });
      expect(await empty.db.select().from(organizations)).toEqual([]);
    } finally {
      await empty.close();
    }
  });
});
