import type { Database } from '@tidewise/db/client';
import { sql } from 'drizzle-orm';

/**
 * Deleting what a run no longer needs, in batches, so the embedded database's one connection is never held for
 * long and PostgreSQL never holds a million-row delete in one transaction (as entries/ingest/sweep.ts does).
 */

const DELETE_BATCH_ROWS = 20_000;

type Rows<T> = { rows: T[] };

const deleteInBatches = async (
  db: Database,
  table: 'emission_results' | 'emission_report_cells' | 'emission_vessel_years',
  runId: string,
) => {
  for (;;) {
    const { rows } = (await db.execute(
      sql`WITH gone AS (
            DELETE FROM ${sql.identifier(table)} WHERE ctid IN (
              SELECT ctid FROM ${sql.identifier(table)} WHERE run_id = ${runId}::uuid LIMIT ${DELETE_BATCH_ROWS}::int)
            RETURNING 1)
          SELECT count(*)::int AS n FROM gone`,
    )) as unknown as Rows<{ n: number }>;
    if ((rows[0]?.n ?? 0) < DELETE_BATCH_ROWS) return;
  }
};

/** A run's partial results (it failed, was replaced or gave its run back for a retry). */
export const deleteRunResults = (db: Database, runId: string) => deleteInBatches(db, 'emission_results', runId);

/**
 * Keeps the results, cells and vessel years of the organisation's current run and the one before it (for audit: the
 * figures a report showed until the latest run replaced them), and of runs still under way; older completed runs and
 * failed runs keep their row (what ran, when, with which factors and settings) but not their figures.
 */
export const pruneOldRuns = async (db: Database, organizationId: string): Promise<number> => {
  const { rows } = (await db.execute(
    sql`SELECT id FROM (
          SELECT id, status, row_number() OVER (PARTITION BY status = 'completed' ORDER BY created_at DESC, id DESC) AS rank
          FROM emission_runs WHERE organization_id = ${organizationId}::uuid AND status IN ('completed', 'failed')) ranked
        WHERE (status = 'failed' OR rank > 2)
          AND (EXISTS (SELECT 1 FROM emission_results x WHERE x.run_id = ranked.id)
            OR EXISTS (SELECT 1 FROM emission_report_cells c WHERE c.run_id = ranked.id)
            OR EXISTS (SELECT 1 FROM emission_vessel_years v WHERE v.run_id = ranked.id))`,
  )) as unknown as Rows<{ id: string }>;
  for (const { id } of rows) {
    await deleteInBatches(db, 'emission_results', id);
    await deleteInBatches(db, 'emission_report_cells', id);
    await deleteInBatches(db, 'emission_vessel_years', id);
  }
  return rows.length;
};
