import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const urlString = (protocols: string[]) =>
  z.url({ error: 'must be a URL' }).refine((value) => protocols.includes(new URL(value).protocol), {
    error: `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`,
  });

/** An integer variable between min and max, with a message naming both ends. */
const boundedInt = (min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` });

/** "14,7,2,0": distinct whole days (0 to 365), at most 10, largest first. */
const reminderDays = z.string().transform((value, ctx) => {
  const parts = value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const days = parts.map(Number);
  if (parts.some((part) => !/^\d+$/.test(part)) || days.some((day) => day > 365)) {
    ctx.addIssue({ code: 'custom', message: 'must be whole days between 0 and 365, separated by commas' });
    return z.NEVER;
  }
  if (new Set(days).size > 10) {
    ctx.addIssue({ code: 'custom', message: 'must name at most 10 days' });
    return z.NEVER;
  }
  return [...new Set(days)].sort((a, b) => b - a);
});

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),
  PORT: z.coerce.number({ error: 'must be a number' }).int().min(0).max(65535, { error: 'must be at most 65535' }).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: urlString(['postgres:', 'postgresql:']).optional(),
  APP_URL: urlString(['http:', 'https:']).optional(),
  SMTP_URL: urlString(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(3).default('Tidewise <no-reply@tidewise.local>'),
  CONTACT_EMAIL: z.email({ error: 'must be an email address' }).default('hello@tidewise.local'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  DEMO_SEED: booleanFlag.default(true),
  TOKEN_SIGNING_KEY: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  ENCRYPTION_KEY: z
    .string()
    .regex(/^[A-Za-z0-9+/]{43}=$/, { error: 'must be 32 bytes in base64' })
    .optional(),
  WEB_DIST: z.string().min(1).optional(),
  TRUST_PROXY: booleanFlag.default(false),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(5, { error: 'must be at least 5' })
    .max(3600, { error: 'must be at most 3600' })
    .default(900),
  MAX_BODY_BYTES: boundedInt(1024, 64 * 1024 * 1024).default(1024 * 1024),
  GRAPHQL_MAX_TOKENS: boundedInt(100, 100_000).default(2000),
  // Below the fixed nesting bound of a document (64 brackets, see lib/document-limits.ts).
  GRAPHQL_MAX_DEPTH: boundedInt(2, 30).default(10),
  GRAPHQL_MAX_ALIASES: boundedInt(0, 1000).default(15),
  GRAPHQL_MAX_DIRECTIVES: boundedInt(0, 1000).default(20),
  GRAPHQL_MAX_COST: boundedInt(100, 1_000_000).default(2000),
  // Background jobs (lib/jobs): whether this process works them, and how many of one kind at once.
  JOBS_ENABLED: booleanFlag.default(true),
  JOB_CONCURRENCY: boundedInt(1, 32).default(2),
  // Live events (lib/events): in this process only unless set; through Redis so several instances share them.
  REDIS_URL: urlString(['redis:', 'rediss:']).optional(),
  // File storage (lib/storage): local disk under DATA_DIR/files unless S3_BUCKET is set.
  S3_ENDPOINT: urlString(['http:', 'https:']).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  // Unset: path-style with S3_ENDPOINT (MinIO and most compatible stores), virtual-hosted on AWS.
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  // 5 GiB is the largest single PUT S3 accepts.
  UPLOAD_MAX_FILE_BYTES: boundedInt(1024, 5 * 1024 ** 3).default(200 * 1024 * 1024),
  // 7 days is the longest presigned URL S3 accepts.
  UPLOAD_URL_TTL_SECONDS: boundedInt(60, 7 * 24 * 3600).default(900),
  /** Data rows one file may hold (after the header). */
  UPLOAD_MAX_ROWS: boundedInt(1, 50_000_000).default(2_000_000),
  /** Columns one file may hold, up to the last one with a value. */
  UPLOAD_MAX_COLUMNS: boundedInt(1, 16_384).default(500),
  /** Characters in one cell (Excel's own limit is 32,767). */
  UPLOAD_MAX_CELL_LENGTH: boundedInt(1, 1_000_000).default(32_767),
  /** Sum of the declared uncompressed sizes of the entries of one XLSX file (zip-bomb guard). */
  UPLOAD_MAX_UNCOMPRESSED_BYTES: boundedInt(1024 * 1024, 16 * 1024 ** 3).default(1024 ** 3),
  /** Uncompressed / compressed size of any one XLSX entry of at least 1 MiB (zip-bomb guard). */
  UPLOAD_MAX_COMPRESSION_RATIO: boundedInt(2, 10_000).default(100),
  // Data request reminders (decision 0016): days before the deadline, overdue interval and period, local hour.
  /** Comma-separated whole days before the deadline's date, e.g. "14,7,2,0" (0 is the day itself). */
  REMINDER_DAYS_BEFORE: reminderDays.default([14, 7, 2, 0]),
  /** One overdue reminder every this many days; 0 sends none. */
  REMINDER_OVERDUE_EVERY_DAYS: boundedInt(0, 365).default(3),
  /** Overdue reminders stop this many days after the deadline's date. */
  REMINDER_OVERDUE_FOR_DAYS: boundedInt(0, 365).default(30),
  /** Local hour (supplier's time zone) at which reminders fall. */
  REMINDER_LOCAL_HOUR: boundedInt(0, 23).default(9),
  /** Enables POST /test/clock (moves the server clock forward for browser tests); refused with NODE_ENV=production. */
  TEST_HOOKS: booleanFlag.default(false),
  /** Lifetime of a PACT API access token issued at POST /auth/token (decision 0020). */
  PACT_TOKEN_TTL_SECONDS: boundedInt(60, 24 * 3600).default(3600),
  /**
   * Lets PACT connections call http:// URLs and loopback or private addresses (tests, a partner on the same network).
   * Off: only https:// URLs resolving to public addresses, so a connection cannot be pointed at internal services.
   */
  PACT_ALLOW_INSECURE_URLS: booleanFlag.default(false),
  /** Folder of the EU MRV publication files (*.xlsx) loaded as the vessel benchmark's reference; unset: DEFAULT_EU_MRV_REFERENCE_DIR. */
  EU_MRV_REFERENCE_DIR: z.string().min(1).optional(),
});

/** `../shared/data/eu-mrv` beside the repository (the repository root is three folders above this file's). */
export const DEFAULT_EU_MRV_REFERENCE_DIR = fileURLToPath(new URL('../../../../shared/data/eu-mrv', import.meta.url));

/** S3 settings only make sense together: a half-configured store stops the boot instead of falling back to disk. */
const checkedEnvSchema = envSchema.superRefine((env, ctx) => {
  if (env.TEST_HOOKS && env.NODE_ENV === 'production') {
    ctx.addIssue({
      code: 'custom',
      path: ['TEST_HOOKS'],
      message: 'must not be true with NODE_ENV=production (it lets anyone move the server clock)',
    });
  }
  if (env.REMINDER_OVERDUE_EVERY_DAYS > env.REMINDER_OVERDUE_FOR_DAYS && env.REMINDER_OVERDUE_FOR_DAYS > 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['REMINDER_OVERDUE_EVERY_DAYS'],
      message: `must not be more than REMINDER_OVERDUE_FOR_DAYS (${env.REMINDER_OVERDUE_FOR_DAYS})`,
    });
  }
  const required = (key: string, reason: string) => ctx.addIssue({ code: 'custom', path: [key], message: `must be set when ${reason}` });
  const s3Set = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const).filter(
    (key) => env[key] !== undefined,
  );
  if (!env.S3_BUCKET) {
    if (s3Set.length > 0) required('S3_BUCKET', `${s3Set.join(', ')} ${s3Set.length > 1 ? 'are' : 'is'} set`);
    return;
  }
  // On AWS itself (no endpoint) both keys may be left to the SDK's default chain (an instance role).
  const anyKey = env.S3_ACCESS_KEY_ID !== undefined || env.S3_SECRET_ACCESS_KEY !== undefined;
  if (env.S3_ENDPOINT === undefined && !anyKey) return;
  const reason = env.S3_ENDPOINT !== undefined ? 'S3_ENDPOINT is set' : 'the other S3 key is set';
  if (!env.S3_ACCESS_KEY_ID) required('S3_ACCESS_KEY_ID', reason);
  if (!env.S3_SECRET_ACCESS_KEY) required('S3_SECRET_ACCESS_KEY', reason);
});

export type Env = Omit<z.infer<typeof envSchema>, 'APP_URL' | 'DATA_DIR' | 'EU_MRV_REFERENCE_DIR'> & {
  /** Public base URL used in emails and redirects, without a trailing slash. */
  APP_URL: string;
  /** Absolute path. */
  DATA_DIR: string;
  /** Absolute path. */
  EU_MRV_REFERENCE_DIR: string;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the configuration once at boot. The only reader of process.env in the application, so a
 * bad value stops the server with a message naming the variable instead of failing later.
 */
export const loadEnv = (source: Record<string, string | undefined> = process.env): Env => {
  const cleaned = Object.fromEntries(Object.keys(envSchema.shape).map((key) => [key, source[key] === '' ? undefined : source[key]]));
  const parsed = checkedEnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const key = String(issue.path[0]);
        return `${key}: ${issue.message} (${cleaned[key] === undefined ? 'not set' : `got ${JSON.stringify(cleaned[key])}`})`;
      }),
    );
  }
  const env = parsed.data;
  const appUrl = env.APP_URL ?? `http://${env.HOST === '0.0.0.0' ? '127.0.0.1' : env.HOST}:${env.PORT}`;
  return {
    ...env,
    APP_URL: appUrl.replace(/\/+$/, ''),
    DATA_DIR: path.resolve(env.DATA_DIR),
    EU_MRV_REFERENCE_DIR: path.resolve(env.EU_MRV_REFERENCE_DIR ?? DEFAULT_EU_MRV_REFERENCE_DIR),
  };
};
