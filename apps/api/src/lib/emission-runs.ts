import { createHash } from 'node:crypto';
import type { Executor } from '@tidewise/db/client';
import { emissionRuns, emissionSettings } from '@tidewise/db/schema/emissions';
import { calendarTasks } from '@tidewise/db/schema/requests';
import { files } from '@tidewise/db/schema/uploads';
import { EMISSION_FACTORS } from '@tidewise/shared/emissions/factors/library';
import type { EmissionFactor } from '@tidewise/shared/emissions/factors/types';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppServices } from '../context.ts';
import { isUuid } from './db.ts';
import { RESPONSE_LISTED_STATUSES } from './request-access.ts';

/**
 * Emission runs (docs/decisions/0019-emission-runs.md): the place where what changes an organization's emissions
 * (a validation run, an accepted answer, a deleted file, a new factor, a settings change) meets the emissions
 * module that computes them, so that neither imports the other. A run covers the whole organization; while one
 * waits, further changes join it instead of queueing another.
 */

export const EMISSION_RECOMPUTE_JOB = 'emissions.recompute';

export type EmissionRecomputeJob = { runId: string };

declare module './jobs/job-types.ts' {
  interface JobRegistry {
    [EMISSION_RECOMPUTE_JOB]: EmissionRecomputeJob;
  }
}

/** A run changed (queued, progress, end). The payload names it; subscribers read it again for their organization. */
export const EMISSION_RUN_TOPIC = 'emissions.run';

declare module './events/create-pubsub.ts' {
  interface LiveEventRegistry {
    [EMISSION_RUN_TOPIC]: { runId: string };
  }
}

export const EMISSION_RUN_REASONS = ['entries_changed', 'factor_added', 'settings_changed', 'requested'] as const;
export type EmissionRunReason = (typeof EMISSION_RUN_REASONS)[number];

export type EmissionRunRecord = typeof emissionRuns.$inferSelect;

/** Longest one attempt may run: a few million entries on the embedded database, with room to spare. */
const RECOMPUTE_EXPIRY_SECONDS = 45 * 60;

/**
 * The built-in library's version: how many factors it holds and a hash of their ids and versions, so that a run
 * names the library it was computed with and a changed library (a value added or corrected) reads differently.
 */
export const emissionLibraryVersion = (library: readonly EmissionFactor[] = EMISSION_FACTORS): string => {
  const refs = library.map((factor) => `${factor.id}@${factor.version}`).sort();
  return `${library.length}.${createHash('sha256').update(refs.join('\n')).digest('hex').slice(0, 12)}`;
};

export type EmissionSettingsRecord = {
  gwpSet: string;
  consolidationApproach: string;
  currentRunId: string | null;
};

/** An organization's settings, the defaults (AR6, operational control, no run) when it never changed them. */
export const readEmissionSettings = async (executor: Executor, organizationId: string): Promise<EmissionSettingsRecord> => {
  const [row] = await executor
    .select({
      gwpSet: emissionSettings.gwpSet,
      consolidationApproach: emissionSettings.consolidationApproach,
      currentRunId: emissionSettings.currentRunId,
    })
    .from(emissionSettings)
    .where(eq(emissionSettings.organizationId, organizationId))
    .limit(1);
  return row ?? { gwpSet: 'AR6', consolidationApproach: 'operational_control', currentRunId: null };
};

/** The run an organization's report reads (its last completed run), or null before the first one completed. */
export const currentEmissionRun = async (executor: Executor, organizationId: string): Promise<EmissionRunRecord | null> => {
  const { currentRunId } = await readEmissionSettings(executor, organizationId);
  if (!currentRunId) return null;
  const [run] = await executor
    .select()
    .from(emissionRuns)
    .where(and(eq(emissionRuns.id, currentRunId), eq(emissionRuns.organizationId, organizationId)))
    .limit(1);
  return run ?? null;
};

/**
 * Within `executor`'s transaction: the organization's queued run, or a new one with its settings and the library's
 * version. The settings row is locked first, so two changes at once never queue two runs. Dispatch it (send the
 * job) only after the transaction committed: `dispatchEmissionRun`.
 */
export const queueEmissionRun = async (
  executor: Executor,
  organizationId: string,
  reason: EmissionRunReason,
  userId: string | null = null,
): Promise<{ run: EmissionRunRecord; created: boolean }> =>
  executor.transaction(async (tx) => {
    await tx.insert(emissionSettings).values({ organizationId }).onConflictDoNothing();
    const [settings] = await tx
      .select()
      .from(emissionSettings)
      .where(eq(emissionSettings.organizationId, organizationId))
      .for('update')
      .limit(1);
    if (!settings) throw new Error('emission settings missing');
    const [queued] = await tx
      .select()
      .from(emissionRuns)
      .where(and(eq(emissionRuns.organizationId, organizationId), eq(emissionRuns.status, 'queued')))
      .orderBy(desc(emissionRuns.createdAt))
      .limit(1);
    // A waiting run reads everything as it is when it starts: it already covers this change, whatever its reason. It
    // shows the settings it will compute with (it takes them again when it starts).
    if (queued) {
      if (queued.gwpSet === settings.gwpSet && queued.consolidationApproach === settings.consolidationApproach)
        return { run: queued, created: false };
      const [joined] = await tx
        .update(emissionRuns)
        .set({ gwpSet: settings.gwpSet, consolidationApproach: settings.consolidationApproach })
        .where(eq(emissionRuns.id, queued.id))
        .returning();
      return { run: joined ?? queued, created: false };
    }
    const [run] = await tx
      .insert(emissionRuns)
      .values({
        organizationId,
        reason,
        gwpSet: settings.gwpSet,
        consolidationApproach: settings.consolidationApproach,
        libraryVersion: emissionLibraryVersion(),
        requestedByUserId: userId,
      })
      .returning();
    if (!run) throw new Error('emission run not inserted');
    return { run, created: true };
  });

type Dispatcher = Pick<AppServices, 'jobs' | 'pubsub' | 'logger'>;

/**
 * Sends the job of a queued run and announces it. Sending again for a run whose job still waits is dropped (the
 * run's id is the job's singleton key), so a run whose first send was lost is sent by the next change.
 */
export const dispatchEmissionRun = async (services: Dispatcher, run: EmissionRunRecord, announce = true): Promise<void> => {
  await services.jobs.send(EMISSION_RECOMPUTE_JOB, { runId: run.id }, { singletonKey: run.id, expireInSeconds: RECOMPUTE_EXPIRY_SECONDS });
  if (announce) publishEmissionRun(services, run);
};

/** Tells the organization's subscribers that a run changed. Never throws. */
export const publishEmissionRun = (
  services: Pick<AppServices, 'pubsub' | 'logger'>,
  run: Pick<EmissionRunRecord, 'id' | 'organizationId'>,
) => {
  try {
    services.pubsub.publish(EMISSION_RUN_TOPIC, run.organizationId, { runId: run.id });
  } catch (error) {
    services.logger.warn({ err: error, runId: run.id }, 'could not publish an emission run event');
  }
};

/** Queues (or joins) a run of the organization and sends its job: `queueEmissionRun` in a transaction of its own, then dispatch. */
export const enqueueEmissionRun = async (
  services: Pick<AppServices, 'db' | 'jobs' | 'pubsub' | 'logger'>,
  organizationId: string,
  reason: EmissionRunReason,
  userId: string | null = null,
): Promise<EmissionRunRecord> => {
  const { run, created } = await queueEmissionRun(services.db, organizationId, reason, userId);
  await dispatchEmissionRun(services, run, created);
  return run;
};

/**
 * The organizations whose emissions read a file's entries: its owner, and each customer that accepted an answer
 * holding it (lib/request-access.ts: only accepted answers join a customer's figures).
 */
const organizationsReading = async (executor: Executor, fileId: string): Promise<string[]> => {
  const [file] = await executor
    .select({ organizationId: files.organizationId, fileUploadId: files.fileUploadId })
    .from(files)
    .where(eq(files.id, fileId))
    .limit(1);
  if (!file) return [];
  const readers = new Set([file.organizationId]);
  if (file.fileUploadId) {
    const customers = await executor
      .selectDistinct({ organizationId: calendarTasks.organizationId })
      .from(calendarTasks)
      .where(
        and(
          eq(calendarTasks.responseUploadId, file.fileUploadId),
          eq(calendarTasks.supplierOrganizationId, file.organizationId),
          sql`${calendarTasks.status} IN (${sql.join(
            RESPONSE_LISTED_STATUSES.map((status) => sql`${status}`),
            sql`, `,
          )})`,
        ),
      );
    for (const customer of customers) readers.add(customer.organizationId);
  }
  return [...readers];
};

export type RecomputeTarget =
  /** A file whose entries changed (a validation run completed): its owner and the customers reading it. */
  | { fileId: string }
  /** Organizations whose data changed (an answer accepted or withdrawn). */
  | { organizationIds: readonly string[] }
  /** An organization that deleted data: only when emissions were ever computed for it, else there is nothing to redo. */
  | { deletedFrom: string };

/**
 * The hook other modules call after a change of data has committed: queues (or joins) a recompute of every
 * organization concerned. Never throws: the change stands, and the next change or `recomputeEmissions` queues
 * the run again.
 */
export const queueEmissionRecompute = async (
  services: Pick<AppServices, 'db' | 'jobs' | 'pubsub' | 'logger'>,
  target: RecomputeTarget,
  reason: EmissionRunReason = 'entries_changed',
): Promise<void> => {
  try {
    let organizationIds: readonly string[];
    if ('fileId' in target) {
      organizationIds = isUuid(target.fileId) ? await organizationsReading(services.db, target.fileId) : [];
    } else if ('deletedFrom' in target) {
      const [any] = await services.db
        .select({ id: emissionRuns.id })
        .from(emissionRuns)
        .where(eq(emissionRuns.organizationId, target.deletedFrom))
        .limit(1);
      organizationIds = any ? [target.deletedFrom] : [];
    } else {
      organizationIds = target.organizationIds;
    }
    for (const organizationId of new Set(organizationIds)) await enqueueEmissionRun(services, organizationId, reason);
  } catch (error) {
    services.logger.warn({ err: error, target }, 'could not queue an emissions recompute');
  }
};
