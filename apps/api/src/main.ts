import { createApp } from './app.ts';
import { ConfigError, loadEnv } from './env.ts';
import { createLogger } from './lib/logger.ts';

const start = async () => {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee the configuration table in README.md.\n`);
      process.exit(1);
    }
    throw error;
  }
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
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
};

start().catch((error: unknown) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
