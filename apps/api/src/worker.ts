import { createApp } from './app.ts';
import { closeOnSignals, exitOnStartFailure, loadEnvOrExit } from './lifecycle.ts';
import { createLogger } from './lib/logger.ts';

/**
 * `npm run worker`: a process that works background jobs and serves no HTTP, so that API instances
 * (with JOBS_ENABLED=false) and workers scale apart. Same configuration and wiring as the server; it
 * needs PostgreSQL, since the embedded database can only be opened by one process.
 */
const start = async () => {
  const env = loadEnvOrExit();
  if (!env.DATABASE_URL) {
    process.stderr.write(
      [
        'npm run worker needs DATABASE_URL (PostgreSQL).',
        'The embedded database (PGlite) can be opened by one process only: without DATABASE_URL, `npm start` works the jobs itself.',
        'See "Running API and workers separately" in README.md.',
        '',
      ].join('\n'),
    );
    process.exit(1);
  }
  const logger = createLogger(env.LOG_LEVEL).child({ process: 'worker' });
  if (!env.JOBS_ENABLED) logger.info('JOBS_ENABLED=false is meant for API instances; this worker works jobs regardless');
  // Seeding is the API's business: two processes seeding one empty database would race.
  const app = await createApp({ env: { ...env, JOBS_ENABLED: true, DEMO_SEED: false }, logger });
  if (app.services.pubsub.transport === 'memory') {
    logger.warn('REDIS_URL is not set: live events published by jobs in this process reach no browser');
  }
  logger.info({ concurrency: env.JOB_CONCURRENCY, events: app.services.pubsub.transport }, 'Tidewise worker is running (PostgreSQL)');
  closeOnSignals(app, logger, 'shutting down: finishing running jobs');
};

start().catch(exitOnStartFailure);
