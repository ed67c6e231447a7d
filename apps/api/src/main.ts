import { createApp } from './app.ts';
import { closeOnSignals, exitOnStartFailure, loadEnvOrExit } from './lifecycle.ts';
import { createLogger } from './lib/logger.ts';

const start = async () => {
  const env = loadEnvOrExit();
  const logger = createLogger(env.LOG_LEVEL);
  const app = await createApp({ env, logger });
  const url = await app.server.listen(env.PORT, env.HOST);
  logger.info(
    {
      url,
      database: app.database.kind,
      mail: app.services.mailer.transport,
      jobs: app.services.jobs.isWorking ? 'worked here' : 'left to workers',
      events: app.services.pubsub.transport,
    },
    `Tidewise is running at ${url} (database: ${app.database.kind === 'pglite' ? `embedded, in ${env.DATA_DIR}` : 'PostgreSQL'})`,
  );
  closeOnSignals(app, logger, 'shutting down');
};

start().catch(exitOnStartFailure);
