import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type { DatabaseHandle } from '@tidewise/db/client';
import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Env } from '../../env.ts';
import type { Logger } from '../logger.ts';
import { deadLetterOf, failureReason, JobAttemptError, STOPPED_WHILE_RUNNING } from './job-failure.ts';
import {
  JOB_DEFAULTS,
  type JobData,
  type JobHandler,
  type JobMap,
  type JobQueue,
  type JobQueueTuning,
  type JobRegistry,
  type WorkOptions,
} from './job-types.ts';
import { createPgliteAdapter, createPoolAdapter, type SqlAdapter } from './pglite-adapter.ts';

export type CreateJobQueueOptions = {
  database: DatabaseHandle;
  env: Pick<Env, 'JOBS_ENABLED' | 'JOB_CONCURRENCY'>;
  logger: Logger;
  tuning?: JobQueueTuning;
};

const SCHEMA = 'pgboss';
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The SQL connection pg-boss uses: the embedded database's one connection, or the PostgreSQL pool. */
const adapterFor = (database: DatabaseHandle): SqlAdapter => {
  const client = (database.db as unknown as { $client?: unknown }).$client;
  if (!client) throw new Error('The job queue needs the database client behind Drizzle ($client).');
  return database.kind === 'pglite' ? createPgliteAdapter(client as PGlite) : createPoolAdapter(client as pg.Pool);
};

/** Counts statements in flight so `stop` can let the last ones finish before the database closes. */
const tracked = (adapter: SqlAdapter) => {
  let inFlight = 0;
  return {
    adapter: {
      executeSql: async (text: string, values?: unknown[]) => {
        inFlight += 1;
        try {
          return await adapter.executeSql(text, values);
        } finally {
          inFlight -= 1;
        }
      },
    } satisfies SqlAdapter,
    idle: async (timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      while (inFlight > 0 && Date.now() < deadline) await sleep(20);
    },
  };
};

type Registration = { name: string; concurrency: number; handler: JobHandler<JobData>; onFailed?: WorkOptions<JobData>['onFailed'] };
type RunningJob = { name: string; id: string; controller: AbortController; logger: Logger };

/**
 * The durable job queue: pg-boss 10 in the `pgboss` schema of the application's database, on the
 * embedded database as on PostgreSQL. Any number of processes share the work (jobs are taken with
 * `FOR UPDATE SKIP LOCKED`); failed attempts are retried with backoff and a job that keeps failing
 * ends `failed` with its reason; a job held by a process that died runs again after its expiry.
 */
export const createJobQueue = <Jobs extends JobMap<Jobs> = JobRegistry>({
  database,
  env,
  logger: parentLogger,
  tuning = {},
}: CreateJobQueueOptions): JobQueue<Jobs> => {
  const logger = parentLogger.child({ component: 'jobs' });
  const pollingIntervalSeconds = tuning.pollingIntervalSeconds ?? 2;
  const stopTimeoutMs = tuning.stopTimeoutMs ?? 20_000;
  const recoverActiveJobsOnStart = tuning.recoverActiveJobsOnStart ?? database.kind === 'pglite';
  const sql = tracked(adapterFor(database));
  const boss = new PgBoss({
    db: sql.adapter as PgBoss.Db,
    schema: SCHEMA,
    // No cron schedules: nothing uses them, and they would add a polling worker to every process.
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: tuning.maintenanceIntervalSeconds ?? 30,
    // Completed jobs move to the archive after a day, failed ones after a week; archived rows go a week later.
    archiveCompletedAfterSeconds: 24 * 60 * 60,
    archiveFailedAfterSeconds: 7 * 24 * 60 * 60,
    deleteAfterDays: 7,
  });
  // pg-boss reports database errors of its polling and maintenance here; without a listener Node would throw.
  boss.on('error', (error: unknown) => logger.warn({ err: error }, 'job queue error'));

  const registrations: Registration[] = [];
  const workerIds = new Map<string, string[]>();
  const queues = new Map<string, Promise<void>>();
  const running = new Map<string, RunningJob>();
  let started = false;
  let stopping = false;

  /** Creates the queue and its dead-letter queue once per process (idempotent in the database too). */
  const ensureQueue = (name: string) => {
    let ready = queues.get(name);
    if (!ready) {
      ready = (async () => {
        await boss.createQueue(deadLetterOf(name), { name: deadLetterOf(name), policy: 'standard' });
        // `short`: at most one job per singleton key waits in `created`; taking and retrying jobs never
        // conflicts, so one stuck key cannot block the queue.
        await boss.createQueue(name, { name, policy: 'short', deadLetter: deadLetterOf(name) });
      })();
      ready.catch(() => queues.delete(name));
      queues.set(name, ready);
    }
    return ready;
  };

  const runJob = async (registration: Registration, job: PgBoss.JobWithMetadata<JobData>) => {
    const controller = new AbortController();
    const jobLogger = logger.child({ job: registration.name, jobId: job.id, attempt: job.retryCount + 1 });
    running.set(job.id, { name: registration.name, id: job.id, controller, logger: jobLogger });
    const limitMs = Number(job.expireInSeconds) * 1000;
    const timer = setTimeout(() => controller.abort(new Error('the job ran past its time limit')), limitMs);
    timer.unref();
    const startedAt = Date.now();
    try {
      jobLogger.debug('job started');
      await registration.handler({
        id: job.id,
        name: registration.name,
        data: job.data,
        retryCount: job.retryCount,
        retryLimit: job.retryLimit,
        signal: controller.signal,
      });
      jobLogger.info({ ms: Date.now() - startedAt }, 'job completed');
    } catch (error) {
      const final = job.retryCount >= job.retryLimit;
      jobLogger.warn(
        { err: error, ms: Date.now() - startedAt, retryLimit: job.retryLimit },
        final ? 'job failed on its last attempt' : 'job failed; it will be retried',
      );
      throw new JobAttemptError(error);
    } finally {
      clearTimeout(timer);
      running.delete(job.id);
    }
  };

  const runFailure = async (registration: Registration, job: PgBoss.JobWithMetadata<JobData>) => {
    const failure = { name: registration.name, data: job.data, reason: failureReason(job.output) ?? 'unknown reason' };
    if (registration.onFailed) await registration.onFailed(failure);
    else logger.error({ job: registration.name, reason: failure.reason }, 'job failed after all its attempts');
  };

  const startWorkers = async (registration: Registration) => {
    await ensureQueue(registration.name);
    const ids: string[] = [];
    const options = { batchSize: 1, includeMetadata: true, pollingIntervalSeconds } as const;
    for (let i = 0; i < registration.concurrency; i += 1) {
      ids.push(
        await boss.work<JobData>(registration.name, options, async ([job]) => {
          if (job) await runJob(registration, job);
        }),
      );
    }
    await boss.work<JobData>(deadLetterOf(registration.name), options, async ([job]) => {
      if (job) await runFailure(registration, job);
    });
    workerIds.set(registration.name, ids);
  };

  /** Before the first start the `pgboss` schema may not exist yet; after a stop sending still works. */
  const assertStarted = () => {
    if (!started && !stopping) throw new Error('The job queue is not started: call start() first (createApp does).');
  };

  /** On the embedded database no other process can hold a job: one left active was cut off by a crash. */
  const recoverActiveJobs = async () => {
    const { rows } = await sql.adapter.executeSql(`SELECT name, id FROM ${SCHEMA}.job WHERE state = 'active'`);
    for (const row of rows as { name: string; id: string }[]) {
      await boss.fail(row.name, row.id, { message: STOPPED_WHILE_RUNNING });
      logger.warn({ job: row.name, jobId: row.id }, 'job was running when the process stopped; it runs again');
    }
  };

  return {
    get isWorking() {
      return env.JOBS_ENABLED;
    },
    start: async () => {
      if (started) return;
      await boss.start();
      started = true;
      stopping = false;
      if (recoverActiveJobsOnStart) await recoverActiveJobs();
      if (env.JOBS_ENABLED) for (const registration of registrations) await startWorkers(registration);
      else if (database.kind === 'pglite') logger.warn('JOBS_ENABLED=false on the embedded database: no other process can work the jobs');
      logger.debug({ working: env.JOBS_ENABLED, concurrency: env.JOB_CONCURRENCY }, 'job queue started');
    },
    stop: async () => {
      if (!started || stopping) return;
      stopping = true;
      const deadline = Date.now() + stopTimeoutMs;
      await boss.stop({ graceful: true, wait: true, close: false, timeout: stopTimeoutMs });
      // pg-boss waits for the jobs its workers hold; a fetch answering while it stopped can still hand
      // one over, so wait for every handler this process runs.
      while (running.size > 0 && Date.now() < deadline) await sleep(50);
      for (const job of running.values()) {
        job.controller.abort(new Error(STOPPED_WHILE_RUNNING));
        job.logger.warn('job still running at stop; it runs again');
        await boss.fail(job.name, job.id, { message: STOPPED_WHILE_RUNNING }).catch(() => undefined);
      }
      await sql.idle(2000);
      workerIds.clear();
      started = false;
    },
    send: async (name, data, options = {}) => {
      assertStarted();
      await ensureQueue(name);
      const id = randomUUID();
      const sent = await boss.send(name, data, {
        id,
        // Under the `short` policy every waiting job needs a key of its own unless it asks to share one.
        singletonKey: options.singletonKey ?? id,
        retryLimit: options.retryLimit ?? JOB_DEFAULTS.retryLimit,
        retryDelay: options.retryDelay ?? JOB_DEFAULTS.retryDelay,
        retryBackoff: options.retryBackoff ?? JOB_DEFAULTS.retryBackoff,
        expireInSeconds: options.expireInSeconds ?? JOB_DEFAULTS.expireInSeconds,
        deadLetter: deadLetterOf(name),
      });
      // A worker of this process picks it up now rather than at its next poll.
      if (sent) for (const workerId of workerIds.get(name) ?? []) boss.notifyWorker(workerId);
      return sent;
    },
    work: async (name, options, handler) => {
      const registration: Registration = {
        name,
        concurrency: options.concurrency ?? env.JOB_CONCURRENCY,
        handler: handler as JobHandler<JobData>,
        onFailed: options.onFailed as WorkOptions<JobData>['onFailed'],
      };
      registrations.push(registration);
      if (started && env.JOBS_ENABLED) await startWorkers(registration);
    },
    getJob: async (name, id) => {
      assertStarted();
      const job = await boss.getJobById<Jobs[typeof name]>(name, id, { includeArchive: true });
      if (!job) return null;
      return {
        id: job.id,
        name: job.name,
        state: job.state,
        data: job.data,
        retryCount: job.retryCount,
        retryLimit: job.retryLimit,
        error: failureReason(job.state === 'completed' ? null : job.output),
        createdAt: job.createdOn,
        startedAt: job.startedOn ?? null,
        completedAt: job.completedOn ?? null,
      };
    },
  };
};
