import type { JsonObject } from '../json.ts';

/**
 * Job names and their payloads. A module adds its jobs by declaration merging, which is why this one
 * is an interface (lib/ never imports a module):
 *
 * ```ts
 * declare module '../../lib/jobs/job-types.ts' {
 *   interface JobRegistry { 'uploads.parse': { uploadId: string } }
 * }
 * ```
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in the modules that own the jobs
export interface JobRegistry {}

/** A payload is stored as jsonb: plain data that reads back the same (ids, not rows or Dates). */
export type JobData = JsonObject;
export type JobMap<Jobs> = { [Name in keyof Jobs]: JobData };
export type JobName<Jobs> = Extract<keyof Jobs, string>;

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

/** What a handler gets. `retryCount` is 0 on the first attempt. */
export type Job<Data> = {
  id: string;
  name: string;
  data: Data;
  retryCount: number;
  retryLimit: number;
  /** Aborts when the job runs past `expireInSeconds` or the queue stops before the job ends: stop reading, return. */
  signal: AbortSignal;
};

/**
 * Runs one job. It must be safe to run twice (see docs/decisions/0013-job-queue.md): a retry, an expiry
 * after a crash or a stop past its grace period all run the same job again from the start.
 */
export type JobHandler<Data> = (job: Job<Data>) => Promise<void>;

/** A job that used all its attempts, with the reason of the last one. */
export type JobFailure<Data> = { name: string; data: Data; reason: string };

export type SendOptions = {
  /** While a job with this key waits to start, another send with the same key is dropped (answers null). */
  singletonKey?: string;
  /** Attempts after the first (default 3). */
  retryLimit?: number;
  /** Seconds before the first retry (default 10). */
  retryDelay?: number;
  /** Doubles the delay at each retry, with jitter (default true). */
  retryBackoff?: boolean;
  /** Longest one attempt may run; also how long a job held by a process that died waits to run again (default 900). */
  expireInSeconds?: number;
};

export type WorkOptions<Data> = {
  /** Jobs of this name this process runs at once (default JOB_CONCURRENCY). */
  concurrency?: number;
  /**
   * Called once when a job used all its attempts, whether its handler threw or the process running it
   * died: failed jobs go to a dead-letter queue (`<name>.failed`) worked like any other, so the call
   * survives restarts. Without it the failure is logged.
   */
  onFailed?: (failure: JobFailure<Data>) => Promise<void>;
};

/** A job as stored: its state, attempts and, once failed, the reason. */
export type JobInfo<Data> = {
  id: string;
  name: string;
  state: JobState;
  data: Data;
  retryCount: number;
  retryLimit: number;
  /** Reason of the last failed attempt while the job waits to retry, runs again or has failed; null otherwise. */
  error: string | null;
  createdAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
};

export type JobQueue<Jobs extends JobMap<Jobs> = JobRegistry> = {
  /** Installs or migrates the `pgboss` schema and starts the workers registered so far. */
  start: () => Promise<void>;
  /** Stops taking jobs and waits for running ones (up to the stop timeout); those still running run again elsewhere. */
  stop: () => Promise<void>;
  /** Enqueues a job; answers its id, or null when `singletonKey` matched a job still waiting. */
  send: <Name extends JobName<Jobs>>(name: Name, data: Jobs[Name], options?: SendOptions) => Promise<string | null>;
  /** Registers the handler of a job name; a process with JOBS_ENABLED=false registers nothing and only sends. */
  work: <Name extends JobName<Jobs>>(name: Name, options: WorkOptions<Jobs[Name]>, handler: JobHandler<Jobs[Name]>) => Promise<void>;
  /** The stored job, archived ones included; null when unknown. */
  getJob: <Name extends JobName<Jobs>>(name: Name, id: string) => Promise<JobInfo<Jobs[Name]> | null>;
  /** True when this process works jobs (JOBS_ENABLED). */
  readonly isWorking: boolean;
};

/** Defaults a job gets unless `send` says otherwise; docs/decisions/0013-job-queue.md explains them. */
export const JOB_DEFAULTS = {
  retryLimit: 3,
  retryDelay: 10,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
} as const satisfies Required<Omit<SendOptions, 'singletonKey'>>;

export type JobQueueTuning = {
  /** How often an idle worker asks for a job (seconds, at least 0.5). Default 2. */
  pollingIntervalSeconds?: number;
  /** How often expired jobs are put back and old ones archived (seconds). Default 30. */
  maintenanceIntervalSeconds?: number;
  /** How long `stop` waits for running jobs (ms). Default 20 000. */
  stopTimeoutMs?: number;
  /**
   * Fail (and so retry) jobs left active at start. Right only when no other process can be running
   * them, which is the embedded database's case; the default is true there and false on PostgreSQL.
   */
  recoverActiveJobsOnStart?: boolean;
};
