import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { type DatabaseHandle, openDatabase } from '@tidewise/db/client';
import type { AppServices } from './context.ts';
import type { Env } from './env.ts';
import { createAppPubSub } from './lib/events/create-pubsub.ts';
import { createJobQueue } from './lib/jobs/job-queue.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { createMailer } from './lib/mail.ts';
import { loadSecrets } from './lib/secrets.ts';
import { createStorage } from './lib/storage/create-storage.ts';
import { runDemoSeed } from './modules/auth/demo-seed/demo-seed.ts';
import { registerEntriesJobs } from './modules/entries/register-entries-jobs.ts';
import { registerUploadJobs } from './modules/uploads/processing/register-upload-jobs.ts';
import { registerMappingJobs } from './modules/mappings/analysis/register-mapping-jobs.ts';
import { registerSupplierMatchJobs } from './modules/supplier-matches/register-supplier-match-jobs.ts';
import { registerReminderJobs } from './modules/reminders/register-reminder-jobs.ts';
import { registerEmissionsJobs } from './modules/emissions/register-emissions-jobs.ts';
import { queueMrvReferenceLoad, registerEmissionsReportJobs } from './modules/emissions-report/register-emissions-report-jobs.ts';
import { registerPactJobs } from './modules/pact/register-pact-jobs.ts';
import { resolveActor } from './modules/platform/resolve-actor.ts';
import { syncAuthorizationCatalogue } from './modules/roles/sync-authorization-catalogue.ts';
import { registerUploadProgress } from './modules/uploads/upload-progress.ts';
import { type AppServer, createAppServer } from './server.ts';

export const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

export type App = {
  services: AppServices;
  database: DatabaseHandle;
  server: AppServer;
  close: () => Promise<void>;
};

export type CreateAppOptions = {
  env: Env;
  logger?: Logger;
  /** An already open database (tests share one per worker); otherwise opened from env. */
  database?: DatabaseHandle;
};

/**
 * Wires configuration, database, secrets, mail, live events, the job queue and the HTTP server; used
 * by main, by the worker process and by tests. Job handlers are registered before `jobs.start()`.
 */
export const createApp = async ({ env, logger = createLogger(env.LOG_LEVEL), database }: CreateAppOptions): Promise<App> => {
  const db =
    database ?? (await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: path.join(env.DATA_DIR, 'pglite') }));
  await runDemoSeed({ env, db: db.db, logger });
  await syncAuthorizationCatalogue(db.db);
  const secrets = await loadSecrets(env);
  const pubsub = await createAppPubSub({ env, logger });
  const jobs = createJobQueue({ database: db, env, logger });
  const services: AppServices = {
    env,
    db: db.db,
    bulkWrite: db.bulkWrite,
    logger,
    secrets,
    mailer: createMailer(env, db.db, logger),
    jobs,
    pubsub,
    storage: createStorage(env, secrets),
    resolveActor,
  };
  registerUploadProgress(services);
  const server = createAppServer(services, db, env.WEB_DIST ?? defaultWebDist);
  try {
    await registerUploadJobs(services);
    await registerEntriesJobs(services);
    await registerMappingJobs(services);
    await registerSupplierMatchJobs(services);
    await registerReminderJobs(services);
    await registerEmissionsJobs(services);
    await registerEmissionsReportJobs(services);
    await registerPactJobs(services);
    await jobs.start();
    await queueMrvReferenceLoad(services);
  } catch (error) {
    await pubsub.close();
    throw error;
  }
  return {
    services,
    database: db,
    server,
    close: async () => {
      await server.close();
      await jobs.stop();
      await pubsub.close();
      if (!database) await db.close();
    },
  };
};
