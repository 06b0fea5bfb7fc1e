import path from 'node:path';
import { issueText } from '@rookery/contracts';
import { z } from 'zod';

const englishZod = z.locales.en().localeError;

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  ROOKERY_DATA_DIR: z.string().default('./data'),
  // Checked by the password rules where it is used (the first start only): an old value never blocks a restart.
  ROOKERY_ADMIN_PASSWORD: z.string().optional(),
  ROOKERY_GAME_KEY: z.string().min(16, 'ROOKERY_GAME_KEY needs at least 16 characters').optional(),
  ROOKERY_WEB_DIST: z.string().optional(),
  DATABASE_URL: z.url('DATABASE_URL must be a postgres:// URL').optional(),
  REDIS_URL: z.url('REDIS_URL must be a redis:// URL').optional(),
  REDIS_PREFIX: z.string().max(100).default('rookery:'),
  SMTP_URL: z.url('SMTP_URL must be an smtp:// URL').optional(),
  SMTP_FROM: z.string().default('Rookery <no-reply@rookery.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SSO_CENTER: flag,
  ROOKERY_AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(60),
  TRUST_PROXY: flag,
  ROOKERY_JOB_GRACE_SECONDS: z.coerce.number().int().min(0).max(60).default(8),
  ROOKERY_INSTANCE_GONE_SECONDS: z.coerce.number().min(1).max(600).default(30),
  ROOKERY_JOB_SWEEP_SECONDS: z.coerce.number().min(0.2).max(60).default(5),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  adminPassword?: string;
  gameKey?: string;
  webDist: string;
  databaseUrl?: string;
  redisUrl?: string;
  /** Put before every Redis key: deployments sharing one Redis keep apart. */
  redisPrefix: string;
  smtpUrl?: string;
  smtpFrom: string;
  logLevel: Env['LOG_LEVEL'];
  ssoCenter: boolean;
  /** Requests per minute per IP on sign-in, registration and captcha. */
  authRateLimit: number;
  trustProxy: boolean;
  /** On shutdown, how long running jobs may finish before they are released to another instance. */
  jobGraceSeconds: number;
  /** An instance whose heartbeat is older than this is gone: its running jobs are taken back and retried. */
  instanceGoneSeconds: number;
  /** How often instances look for the runs of gone instances. */
  jobSweepSeconds: number;
  /** In-memory database (tests). */
  memory?: boolean;
}

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/** Read the configuration from the environment; a bad value stops start-up with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${issueText(i, 'en-US', englishZod)}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.ROOKERY_DATA_DIR),
    adminPassword: e.ROOKERY_ADMIN_PASSWORD,
    gameKey: e.ROOKERY_GAME_KEY,
    webDist: path.resolve(e.ROOKERY_WEB_DIST ?? path.join(repoRoot, 'packages/web/dist')),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    logLevel: e.LOG_LEVEL,
    ssoCenter: e.SSO_CENTER,
    authRateLimit: e.ROOKERY_AUTH_RATE_LIMIT,
    trustProxy: e.TRUST_PROXY,
    jobGraceSeconds: e.ROOKERY_JOB_GRACE_SECONDS,
    instanceGoneSeconds: e.ROOKERY_INSTANCE_GONE_SECONDS,
    jobSweepSeconds: e.ROOKERY_JOB_SWEEP_SECONDS,
  };
}
