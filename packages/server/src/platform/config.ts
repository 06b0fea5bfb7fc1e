import { createPrivateKey } from 'node:crypto';
import fs from 'node:fs';
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
  NODE_ENV: z.string().optional(),
  ROOKERY_TEST_RECEIPTS_IN_PRODUCTION: flag,
  ROOKERY_TEST_RECEIPT_SECRET: z
    .string()
    .min(16, 'ROOKERY_TEST_RECEIPT_SECRET needs at least 16 characters')
    .optional(),
  // Store validators and notices (issue 42, orders area). A store whose settings are missing has no
  // validator: its purchases and notices are refused with `storeUnavailable`.
  ROOKERY_APPLE_BUNDLE_ID: z.string().min(1).optional(),
  ROOKERY_APPLE_ENVIRONMENT: z.enum(['sandbox', 'production']).default('production'),
  ROOKERY_APPLE_APP_ID: z.coerce.number().int().positive().optional(),
  ROOKERY_APPLE_ROOT_CERTS: z.string().optional(),
  ROOKERY_APPLE_ONLINE_CHECKS: z.enum(['0', '1', 'true', 'false', '']).optional(),
  ROOKERY_APPLE_API_KEY_FILE: z.string().optional(),
  ROOKERY_APPLE_API_KEY_ID: z.string().optional(),
  ROOKERY_APPLE_API_ISSUER_ID: z.string().optional(),
  ROOKERY_APPLE_API_BASE_URL: z.url('ROOKERY_APPLE_API_BASE_URL must be an https:// URL').optional(),
  ROOKERY_GOOGLE_PACKAGE_NAME: z.string().min(1).optional(),
  ROOKERY_GOOGLE_SERVICE_ACCOUNT_FILE: z.string().optional(),
  ROOKERY_GOOGLE_API_BASE_URL: z
    .url('ROOKERY_GOOGLE_API_BASE_URL must be an https:// URL')
    .default('https://androidpublisher.googleapis.com'),
  ROOKERY_GOOGLE_RTDN_AUDIENCE: z.string().optional(),
  ROOKERY_GOOGLE_RTDN_SERVICE_ACCOUNT: z.string().optional(),
  ROOKERY_GOOGLE_OIDC_CERTS_URL: z.url().optional(),
  ROOKERY_REFUND_CLAWBACK: z.enum(['takeBack', 'flag', 'none']).default('takeBack'),
  ROOKERY_REFUND_POLL_DAYS: z.coerce.number().int().min(1).max(60).default(30),
  // Sign-in through an OpenID provider (issue 46): on when the issuer is set.
  OIDC_ISSUER: z.url("OIDC_ISSUER must be the provider's issuer URL").optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_SCOPES: z.string().default('openid email profile'),
  OIDC_ALLOWED_DOMAINS: z.string().default(''),
  OIDC_JIT_PROVISIONING: flag,
  OIDC_NO_PASSWORD: flag,
  OIDC_PROVIDER_NAME: z.string().max(60).optional(),
  OIDC_REDIRECT_URI: z.url("OIDC_REDIRECT_URI must be the console's /callback/login URL").optional(),
  // Push delivery (issue 44 item 4): the outbox records every message; `fcm` also forwards them.
  PUSH_PROVIDER: z.enum(['outbox', 'fcm']).default('outbox'),
  // Never echoed back in a message: it holds the private key.
  FCM_SERVICE_ACCOUNT: z.string().optional(),
  FCM_ENDPOINT: z.url('FCM_ENDPOINT must be an https:// URL').default('https://fcm.googleapis.com'),
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
  /**
   * The test receipt validator (platform `test`): on unless `NODE_ENV=production`, where it runs
   * only with `ROOKERY_TEST_RECEIPTS_IN_PRODUCTION=1` (and then only with its own secret).
   */
  testReceipts: { production: boolean; allowInProduction: boolean; secret?: string };
  /** In-memory database (tests). */
  memory?: boolean;
  /** The stores' validators, notices and refund polling (orders area). */
  stores: StoreSettings;
  /** Sign-in through an OpenID provider, when `OIDC_ISSUER` is set. */
  oidc?: OidcConfig;
  /** Where push messages go: the outbox only, or the outbox and FCM. */
  push: PushSettings;
}

/** Firebase Cloud Messaging (HTTP v1) from a service account. */
export interface FcmSettings {
  /** The Firebase project (the service account's `project_id`): the send URL names it. */
  projectId: string;
  clientEmail: string;
  /** PEM. Never logged, stored or shown. */
  privateKey: string;
  /** Where the JWT bearer grant goes (the account's `token_uri`; also the assertion's audience). */
  tokenUri: string;
  /** FCM's base URL (`FCM_ENDPOINT`; tests point it at a local server). */
  endpoint: string;
}

export type PushSettings = { provider: 'outbox' } | { provider: 'fcm'; fcm: FcmSettings };

/** Apple's App Store: signed transactions and notices, the App Store Server API (consumption, refund history). */
export interface AppleSettings {
  bundleId: string;
  environment: 'sandbox' | 'production';
  /** The app's Apple ID (required in production: notices name it). */
  appAppleId?: number;
  /** DER or PEM root certificates (Apple Root CA - G3), read from the files the setting names. */
  rootCertificates: Buffer[];
  /** Revocation (OCSP) and expiry checked against now: on unless turned off (tests). */
  onlineChecks: boolean;
  /** The App Store Server API key (.p8) and its IDs; without them no consumption answer and no refund poll. */
  api?: { signingKey: string; keyId: string; issuerId: string; baseUrl?: string };
}

/** Google Play: the Android Publisher API from a service-account credential, and RTDN push auth. */
export interface GoogleSettings {
  packageName: string;
  /** The service-account credential (its JSON: client_email, private_key, token_uri). */
  credential: { client_email: string; private_key: string; token_uri?: string };
  /** Android Publisher's base URL (tests point it at a local server). */
  apiBaseUrl: string;
  /** The push subscription's OIDC token audience; RTDN is refused while it is unset. */
  rtdnAudience?: string;
  /** The push subscription's service account (the token's email must be it). */
  rtdnServiceAccount?: string;
  /** Where Google's OIDC signing certificates are read (PEM map; tests serve their own). */
  oidcCertsUrl?: string;
}

export interface StoreSettings {
  apple?: AppleSettings;
  google?: GoogleSettings;
  /** The clawback a store refund applies when it arrives (an operator may apply another later). */
  refundClawback: 'takeBack' | 'flag' | 'none';
  /** How far back the refund poll looks at orders. */
  refundPollDays: number;
}

const readSetting = (file: string, name: string) => {
  try {
    return fs.readFileSync(path.resolve(file));
  } catch (err) {
    throw new Error(`Invalid configuration:\n  ${name}: cannot read ${file} (${(err as Error).message})`);
  }
};

function storeSettings(e: Env): StoreSettings {
  const apple: AppleSettings | undefined = e.ROOKERY_APPLE_BUNDLE_ID
    ? {
        bundleId: e.ROOKERY_APPLE_BUNDLE_ID,
        environment: e.ROOKERY_APPLE_ENVIRONMENT,
        appAppleId: e.ROOKERY_APPLE_APP_ID,
        rootCertificates: (e.ROOKERY_APPLE_ROOT_CERTS ?? '')
          .split(',')
          .map((f) => f.trim())
          .filter(Boolean)
          .map((f) => readSetting(f, 'ROOKERY_APPLE_ROOT_CERTS')),
        onlineChecks: !(e.ROOKERY_APPLE_ONLINE_CHECKS === '0' || e.ROOKERY_APPLE_ONLINE_CHECKS === 'false'),
        api:
          e.ROOKERY_APPLE_API_KEY_FILE && e.ROOKERY_APPLE_API_KEY_ID && e.ROOKERY_APPLE_API_ISSUER_ID
            ? {
                signingKey: readSetting(e.ROOKERY_APPLE_API_KEY_FILE, 'ROOKERY_APPLE_API_KEY_FILE').toString('utf8'),
                keyId: e.ROOKERY_APPLE_API_KEY_ID,
                issuerId: e.ROOKERY_APPLE_API_ISSUER_ID,
                baseUrl: e.ROOKERY_APPLE_API_BASE_URL,
              }
            : undefined,
      }
    : undefined;
  if (apple && apple.rootCertificates.length === 0)
    throw new Error('Invalid configuration:\n  ROOKERY_APPLE_ROOT_CERTS: name the Apple root certificate file(s)');
  if (apple?.environment === 'production' && apple.appAppleId === undefined)
    throw new Error(
      'Invalid configuration:\n  ROOKERY_APPLE_APP_ID: required when ROOKERY_APPLE_ENVIRONMENT is production',
    );
  let google: GoogleSettings | undefined;
  if (e.ROOKERY_GOOGLE_PACKAGE_NAME) {
    if (!e.ROOKERY_GOOGLE_SERVICE_ACCOUNT_FILE)
      throw new Error(
        'Invalid configuration:\n  ROOKERY_GOOGLE_SERVICE_ACCOUNT_FILE: required with ROOKERY_GOOGLE_PACKAGE_NAME',
      );
    let credential: GoogleSettings['credential'];
    try {
      credential = JSON.parse(
        readSetting(e.ROOKERY_GOOGLE_SERVICE_ACCOUNT_FILE, 'ROOKERY_GOOGLE_SERVICE_ACCOUNT_FILE').toString('utf8'),
      );
    } catch {
      throw new Error('Invalid configuration:\n  ROOKERY_GOOGLE_SERVICE_ACCOUNT_FILE: not a service-account JSON file');
    }
    if (!credential?.client_email || !credential.private_key)
      throw new Error(
        'Invalid configuration:\n  ROOKERY_GOOGLE_SERVICE_ACCOUNT_FILE: needs client_email and private_key',
      );
    google = {
      packageName: e.ROOKERY_GOOGLE_PACKAGE_NAME,
      credential,
      apiBaseUrl: e.ROOKERY_GOOGLE_API_BASE_URL.replace(/\/+$/, ''),
      rtdnAudience: e.ROOKERY_GOOGLE_RTDN_AUDIENCE,
      rtdnServiceAccount: e.ROOKERY_GOOGLE_RTDN_SERVICE_ACCOUNT,
      oidcCertsUrl: e.ROOKERY_GOOGLE_OIDC_CERTS_URL,
    };
  }
  return { apple, google, refundClawback: e.ROOKERY_REFUND_CLAWBACK, refundPollDays: e.ROOKERY_REFUND_POLL_DAYS };
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Asked of the provider; always includes `openid` and `email`. */
  scopes: string;
  /** Lower-case email domains that may sign in; empty: any. */
  allowedDomains: string[];
  /** An unknown verified email becomes a pending registration instead of being refused. */
  jitProvisioning: boolean;
  /** Accounts that signed in through the provider can no longer use a password. */
  noPassword: boolean;
  /** The name on the "Sign in with …" button (default: the issuer's host). */
  providerName: string;
  /** The `/callback/login` address registered at the provider (default: from the request's host). */
  redirectUri?: string;
}

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token';

/**
 * The push provider. `fcm` needs a service account (`FCM_SERVICE_ACCOUNT`: a JSON file's path or
 * the JSON itself) with `project_id`, `client_email` and a readable `private_key`; without one the
 * server does not start. No message repeats the setting's content (it holds the key).
 */
function pushSettings(e: Env): PushSettings {
  if (e.PUSH_PROVIDER === 'outbox') return { provider: 'outbox' };
  const bad = (why: string) => new Error(`Invalid configuration:\n  FCM_SERVICE_ACCOUNT: ${why}`);
  const setting = e.FCM_SERVICE_ACCOUNT?.trim() ?? '';
  if (setting === '') throw bad('required with PUSH_PROVIDER=fcm (a service-account JSON file, or the JSON itself)');
  const inline = setting.startsWith('{');
  const text = inline ? setting : readSetting(setting, 'FCM_SERVICE_ACCOUNT').toString('utf8');
  let account: Record<string, unknown>;
  try {
    account = JSON.parse(text);
  } catch {
    // JSON.parse's own message quotes the text: not repeated.
    throw bad(inline ? 'not valid JSON' : `${setting} is not a service-account JSON file`);
  }
  const field = (name: string) => {
    const v = account?.[name];
    return typeof v === 'string' && v.trim() !== '' ? v : undefined;
  };
  const missing = ['project_id', 'client_email', 'private_key'].filter((n) => !field(n));
  if (missing.length > 0) throw bad(`the service account has no ${missing.join(', ')}`);
  if (account.type !== undefined && account.type !== 'service_account')
    throw bad('not a service account (its type is not service_account)');
  const privateKey = field('private_key')!;
  try {
    createPrivateKey(privateKey);
  } catch {
    throw bad('its private_key is not a PEM private key');
  }
  const tokenUri = field('token_uri') ?? GOOGLE_TOKEN_URI;
  const parse = (u: string) => {
    try {
      return new URL(u);
    } catch {
      return undefined;
    }
  };
  for (const [name, url] of [
    ['FCM_ENDPOINT', parse(e.FCM_ENDPOINT)],
    ['FCM_SERVICE_ACCOUNT', parse(tokenUri)],
  ] as const) {
    if (!url) throw bad('its token_uri is not a URL');
    // The bearer token and the signed grant travel over TLS (plain http only on this machine: tests).
    if (url.protocol !== 'https:' && !loopbackHosts.has(url.hostname))
      throw new Error(
        `Invalid configuration:\n  ${name}: ${name === 'FCM_ENDPOINT' ? 'must use https' : 'its token_uri must use https'} (plain http only on this machine)`,
      );
  }
  return {
    provider: 'fcm',
    fcm: {
      projectId: field('project_id')!,
      clientEmail: field('client_email')!,
      privateKey,
      tokenUri,
      endpoint: e.FCM_ENDPOINT.replace(/\/+$/, ''),
    },
  };
}

function oidcConfig(e: Env): OidcConfig | undefined {
  if (!e.OIDC_ISSUER) return undefined;
  if (!e.OIDC_CLIENT_ID || !e.OIDC_CLIENT_SECRET)
    throw new Error(
      'Invalid configuration:\n  OIDC_ISSUER is set: OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are needed too',
    );
  const issuer = new URL(e.OIDC_ISSUER);
  if (issuer.protocol !== 'https:' && !loopbackHosts.has(issuer.hostname))
    throw new Error('Invalid configuration:\n  OIDC_ISSUER must use https (plain http only on this machine)');
  const scopes = new Set(e.OIDC_SCOPES.split(/[\s,]+/).filter(Boolean));
  scopes.add('openid');
  scopes.add('email');
  return {
    issuer: e.OIDC_ISSUER,
    clientId: e.OIDC_CLIENT_ID,
    clientSecret: e.OIDC_CLIENT_SECRET,
    scopes: [...scopes].join(' '),
    allowedDomains: e.OIDC_ALLOWED_DOMAINS.split(/[\s,]+/)
      .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
      .filter(Boolean),
    jitProvisioning: e.OIDC_JIT_PROVISIONING,
    noPassword: e.OIDC_NO_PASSWORD,
    providerName: e.OIDC_PROVIDER_NAME ?? issuer.host,
    redirectUri: e.OIDC_REDIRECT_URI,
  };
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
    testReceipts: {
      production: e.NODE_ENV === 'production',
      allowInProduction: e.ROOKERY_TEST_RECEIPTS_IN_PRODUCTION,
      secret: e.ROOKERY_TEST_RECEIPT_SECRET,
    },
    stores: storeSettings(e),
    oidc: oidcConfig(e),
    push: pushSettings(e),
  };
}
