import type { AppServices } from '../../context.ts';
import { now } from '../../lib/clock.ts';
import { runReminderPass } from './reminder-pass.ts';

/** The hourly reminder pass (decision 0016, "Reminders"). */
export const REMINDERS_JOB = 'reminders.run';

declare module '../../lib/jobs/job-types.ts' {
  interface JobRegistry {
    [REMINDERS_JOB]: Record<string, never>;
  }
}

const HOUR_MS = 60 * 60 * 1000;
/** Past the top of the hour, so the hour's points (they fall on the hour) have passed on every clock. */
const PAST_THE_HOUR_MS = 60_000;

/** Until the next hour's first minute has passed, by the system clock. */
export const msToNextPass = (at = Date.now()) => HOUR_MS - (at % HOUR_MS) + PAST_THE_HOUR_MS;

/**
 * Registers the reminder job and, in a process that works jobs, queues it a minute past every hour. The queue keeps one waiting job under the key `reminders.run` (the `short` policy), so instances queueing
 * at the same hour make one job, and the pass itself is once-only by its keys, so a second run sends nothing.
 * pg-boss's own cron is off in this project (decision 0013): the timer only queues, the job does the work.
 */
export const registerReminderJobs = async (services: AppServices) => {
  await services.jobs.work(REMINDERS_JOB, { concurrency: 1 }, async () => {
    await runReminderPass(services, now());
  });
  if (!services.jobs.isWorking) return;
  const queue = async () => {
    try {
      await services.jobs.send(REMINDERS_JOB, {}, { singletonKey: REMINDERS_JOB, retryLimit: 2, expireInSeconds: 15 * 60 });
    } catch (error) {
      // A queue stopped meanwhile (the process is closing) or a database hiccup: the next hour queues again.
      services.logger.debug({ err: error }, 'could not queue the reminder pass');
    }
  };
  const next = (delay: number) => {
    const timer = setTimeout(() => {
      void queue().finally(() => next(msToNextPass()));
    }, delay);
    timer.unref();
  };
  // The first pass at the next hour too: points fall on the hour, and a process that was down catches up then.
  next(msToNextPass());
};
