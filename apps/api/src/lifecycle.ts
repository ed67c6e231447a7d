import type { App } from './app.ts';
import { ConfigError, type Env, loadEnv } from './env.ts';
import type { Logger } from './lib/logger.ts';

/** Reads the configuration, or stops the process with the message naming the bad variable. */
export const loadEnvOrExit = (): Env => {
  try {
    return loadEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee the configuration table in README.md.\n`);
      process.exit(1);
    }
    throw error;
  }
};

/** SIGINT and SIGTERM close the app once (running requests and jobs finish), then end the process. */
export const closeOnSignals = (app: App, logger: Logger, message: string) => {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, message);
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
};

/** The last word of a process that could not start. */
export const exitOnStartFailure = (error: unknown) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
};
