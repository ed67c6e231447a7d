import type { PGlite } from '@electric-sql/pglite';
import { type DatabaseHandle, openDatabase } from '@tidewise/db/client';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteAdapter, type SqlAdapter } from './pglite-adapter.ts';

/** The embedded database's one connection, shared by Drizzle and pg-boss: neither may leak into the other. */
let database: DatabaseHandle;
let client: PGlite;
let adapter: SqlAdapter;

const names = async () => {
  const { rows } = await adapter.executeSql('SELECT name FROM adapter_test ORDER BY name');
  return rows.map((row) => row.name);
};

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  client = (database.db as unknown as { $client: PGlite }).$client;
  adapter = createPgliteAdapter(client);
  await adapter.executeSql('CREATE TABLE adapter_test (name text PRIMARY KEY)');
});

afterAll(async () => {
  await database?.close();
});

describe('PGlite adapter for pg-boss', () => {
  it('runs one statement with parameters and several without, answering the last result', async () => {
    const inserted = await adapter.executeSql('INSERT INTO adapter_test (name) VALUES ($1) RETURNING name', ['one']);
    expect(inserted.rows).toEqual([{ name: 'one' }]);
    const last = await adapter.executeSql("INSERT INTO adapter_test VALUES ('two'); SELECT count(*)::int AS n FROM adapter_test");
    expect(last.rows).toEqual([{ n: 2 }]);
  });

  it('applies a BEGIN…COMMIT text whole, or not at all, and leaves no transaction open', async () => {
    await adapter.executeSql(`
      BEGIN;
      SET LOCAL lock_timeout = '30s';
      SELECT pg_advisory_xact_lock(42);
      INSERT INTO adapter_test VALUES ('three');
      COMMIT;
    `);
    await expect(
      adapter.executeSql(`
        BEGIN;
        INSERT INTO adapter_test VALUES ('four');
        INSERT INTO adapter_test VALUES ('one');
        COMMIT;
      `),
    ).rejects.toThrow(/duplicate key/);
    expect(client.isInTransaction()).toBe(false);
    expect(await names()).toEqual(['one', 'three', 'two']);
  });

  it('waits for a Drizzle transaction to end instead of running inside it', async () => {
    let queued: Promise<unknown> | undefined;
    let settledDuringTransaction = false;
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO adapter_test VALUES ('rolled-back')`);
        queued = adapter.executeSql('INSERT INTO adapter_test (name) VALUES ($1)', ['after']);
        void queued.then(() => {
          settledDuringTransaction = true;
        });
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('the operation fails');
      }),
    ).rejects.toThrow('the operation fails');
    expect(settledDuringTransaction).toBe(false);
    await queued;
    expect(await names()).toEqual(['after', 'one', 'three', 'two']);
  });
});
