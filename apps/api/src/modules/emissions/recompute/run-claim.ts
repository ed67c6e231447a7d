import type { Database } from '@tidewise/db/client';
import { emissionRuns, emissionSettings } from '@tidewise/db/schema/emissions';
import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { type EmissionRunRecord, emissionLibraryVersion } from '../../../lib/emission-runs.ts';
import { deleteRunResults } from './run-storage.ts';

/**
 * Who runs a run. A job takes its run from `queued` (or from `running` when the attempt holding it stopped
 * reporting progress: its process died) and stamps `started_at` with the millisecond it did so; every later write
 * of the attempt names that stamp, so a second job for the same run (a send repeated while the first had not yet
 * taken it) finds nothing to do, and an attempt that lost its run stops writing.
 */

/** How long a running run may go without a progress write before another attempt may take it over. */
export const STALE_AFTER_SECONDS = 120;

export type ClaimedRun = EmissionRunRecord & { startedAt: Date };

/** The claim that every later write checks. */
export const claimOf = (run: ClaimedRun) =>
  and(eq(emissionRuns.id, run.id), eq(emissionRuns.status, 'running'), eq(emissionRuns.startedAt, run.startedAt));

/**
 * Takes a run for this attempt with the organisation's settings as they are now (a run that waited meanwhile
 * computes with the latest GWP set and approach) and the library's version. Null when another attempt has it or it
 * already ended.
 */
export const claimRun = (db: Database, runId: string): Promise<ClaimedRun | null> =>
  db.transaction(async (tx) => {
    const [run] = await tx.select().from(emissionRuns).where(eq(emissionRuns.id, runId)).for('update').limit(1);
    if (!run) return null;
    const stale = run.status === 'running' && run.updatedAt.getTime() < Date.now() - STALE_AFTER_SECONDS * 1000;
    if (run.status !== 'queued' && !stale) return null;
    const [settings] = await tx.select().from(emissionSettings).where(eq(emissionSettings.organizationId, run.organizationId)).limit(1);
    const [claimed] = await tx
      .update(emissionRuns)
      .set({
        status: 'running',
        // Milliseconds only: the stamp goes back and forth as a JavaScript Date and must compare equal.
        startedAt: sql`date_trunc('milliseconds', clock_timestamp())`,
        updatedAt: new Date(),
        finishedAt: null,
        error: null,
        entriesTotal: 0,
        entriesDone: 0,
        entriesComputed: 0,
        gwpSet: settings?.gwpSet ?? run.gwpSet,
        consolidationApproach: settings?.consolidationApproach ?? run.consolidationApproach,
        libraryVersion: emissionLibraryVersion(),
      })
      .where(eq(emissionRuns.id, run.id))
      .returning();
    return claimed?.startedAt ? { ...claimed, startedAt: claimed.startedAt } : null;
  });

/** True when the organisation has a run newer than this one: this one's figures would be replaced before anyone read them. */
export const isSuperseded = async (db: Database, run: ClaimedRun): Promise<boolean> => {
  const [newer] = await db
    .select({ id: emissionRuns.id })
    .from(emissionRuns)
    .where(
      and(
        eq(emissionRuns.organizationId, run.organizationId),
        ne(emissionRuns.id, run.id),
        gt(emissionRuns.createdAt, run.createdAt),
        inArray(emissionRuns.status, ['queued', 'running', 'completed']),
      ),
    )
    .limit(1);
  return newer !== undefined;
};

/** Ends the run `failed` with a reason a person can act on, if this attempt still holds it; its partial results go. */
export const failClaimedRun = async (db: Database, run: ClaimedRun, error: string): Promise<boolean> => {
  const ended = await db
    .update(emissionRuns)
    .set({ status: 'failed', error, finishedAt: new Date(), updatedAt: new Date() })
    .where(claimOf(run))
    .returning({ id: emissionRuns.id });
  if (ended.length === 0) return false;
  await deleteRunResults(db, run.id);
  return true;
};

/** Gives the run back (`queued`) for the next attempt of the job, if this attempt still holds it; its partial results go. */
export const releaseClaimedRun = async (db: Database, run: ClaimedRun): Promise<void> => {
  const released = await db
    .update(emissionRuns)
    .set({ status: 'queued', startedAt: null, updatedAt: new Date(), entriesDone: 0, entriesComputed: 0 })
    .where(claimOf(run))
    .returning({ id: emissionRuns.id });
  if (released.length > 0) await deleteRunResults(db, run.id);
};

/** After every attempt failed or the process running the last one died: the run ends `failed` unless it already ended. */
export const failRunAfterRetries = async (db: Database, runId: string, error: string): Promise<EmissionRunRecord | null> => {
  const [ended] = await db
    .update(emissionRuns)
    .set({ status: 'failed', error, finishedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(emissionRuns.id, runId), inArray(emissionRuns.status, ['queued', 'running'])))
    .returning();
  if (ended) await deleteRunResults(db, runId);
  return ended ?? null;
};
