/**
 * A worker process for job-queue-crash.test.ts to kill with SIGKILL halfway through a job. Argument:
 * JSON `{ database: { url } | { dataDir }, queue, table }`. Prints `ready` once it works the queue and
 * `stored <n>` after each batch, on stdout.
 */
import { openDatabase } from '@tidewise/db/client';
import { createLogger } from '../logger.ts';
import { createJobQueue } from './job-queue.ts';
import { type RowsJob, storeRowsHandler } from './test-rows-job.ts';

type Args = { database: { url: string } | { dataDir: string }; queue: string; table: string };

const args = JSON.parse(process.argv[2] ?? '{}') as Args;
const database = await openDatabase(args.database);
const jobs = createJobQueue<Record<string, RowsJob>>({
  database,
  env: { JOBS_ENABLED: true, JOB_CONCURRENCY: 1 },
  logger: createLogger('silent'),
  tuning: { pollingIntervalSeconds: 0.5 },
});
await jobs.start();
await jobs.work(
  args.queue,
  {},
  storeRowsHandler(database.db, args.table, ({ stored }) => process.stdout.write(`stored ${stored}\n`)),
);
process.stdout.write('ready\n');
