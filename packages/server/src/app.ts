import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { type ErrorBody, pickLocale, translate } from '@rookery/contracts';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { areas } from './areas.js';
import { type Module, startOrder } from './module.js';
import { resolveStaffSession } from './modules/staff/session.js';
import { type Clock, ServiceClock } from './platform/clock.js';
import { followClockOffset } from './platform/clock-offset.js';
import type { Config } from './platform/config.js';
import type { Database } from './platform/db/client.js';
import { accessLogPruneJob, ensureAccessLogDays, installAccessLog } from './platform/http/access-log.js';
import { installCompression } from './platform/http/compression.js';
import { DATABASE_RETRY_AFTER_SECONDS, installErrorHandler } from './platform/http/error-handler.js';
import { limitJsonDepth } from './platform/http/json-body.js';
import { installMetrics } from './platform/http/metrics.js';
import { JobQueue, type JobQueueOptions } from './platform/jobs/index.js';
import { createMailer, type Mailer } from './platform/mail/mailer.js';
import type { RedisClient } from './platform/redis.js';
import { resourceKit } from './platform/resources/registrar.js';

export interface AppDeps {
  config: Config;
  database: Database;
  /** SHA-256 of the game API key. */
  gameKeyHash: string;
  mailer?: Mailer;
  /** The service clock (tests set it); the wall clock when absent. */
  clock?: Clock;
  /** Job runner settings (tests shorten the lease checks). */
  jobs?: JobQueueOptions;
  /** More modules after the areas' own (a test's resource declared on the kit). */
  extraModules?: Module[];
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers["x-game-key"]'] },
    trustProxy: config.trustProxy,
    bodyLimit: 5 * 1024 * 1024,
    // Our access log records every console call; pino's per-request lines only at debug.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    routerOptions: { ignoreTrailingSlash: true },
    // A request ID unique across instances: the server's error log and a 500 answer carry it.
    genReqId: () => randomUUID(),
  });

  // Zod validates every input; failures reach the error handler as ZodError with field paths.
  app.setValidatorCompiler(({ schema }) => (data) => {
    const result = (schema as ZodType).safeParse(data);
    return result.success ? { value: result.data } : { error: result.error };
  });
  app.setSerializerCompiler(serializerCompiler);
  limitJsonDepth(app);
  // Compression first, before any other hook: an answer sent early (a failing hook's) follows the
  // negotiation too.
  // The console's files are compressed at build: their routes (registered while this is set) are
  // left out of the per-request compression.
  let registeringConsoleFiles = false;
  app.addHook('onRoute', (route) => {
    if (registeringConsoleFiles) route.compress = false;
  });
  await installCompression(app);
  const clock = deps.clock ?? new ServiceClock();
  if (clock instanceof ServiceClock) await followClockOffset(database, clock);
  app.decorate('clock', clock);
  // Its client library is loaded only when Redis is configured (a first start's memory, issue 48).
  const redis = config.redisUrl
    ? (await import('./platform/redis.js')).createRedis({
        url: config.redisUrl,
        prefix: config.redisPrefix,
        warn: (m) => app.log.warn(m),
      })
    : undefined;
  app.decorate('redis', redis);
  // SIGTERM closes the app: Redis goes with it.
  app.addHook('onClose', async () => redis?.close());
  app.decorateRequest('session', null);
  // The endpoint guard asks the staff area who a token names (the platform reads no module's tables).
  app.decorate('resolveSession', resolveStaffSession);
  app.decorateRequest('locale', 'zh-CN');
  app.addHook('onRequest', async (req) => {
    req.locale = pickLocale(req.headers['accept-language']);
  });
  installErrorHandler(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // Served over plain HTTP on internal hosts too; upgrading would break those.
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(rateLimit, {
    global: false,
    max: config.authRateLimit,
    timeWindow: '1 minute',
  });
  app.decorate('authRateLimit', config.authRateLimit);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Rookery API',
        version: '0.1.0',
        description: 'Console API (/api/v1) and game API (/api/game/v1)',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'header', name: 'Authorization' },
          gameKey: { type: 'apiKey', in: 'header', name: 'X-Game-Key' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  const metrics = installMetrics(app, database.pool);
  installAccessLog(app, database.db);
  // Today's access-log partition exists before the first write (the hourly job keeps days ahead).
  await ensureAccessLogDays(database.db, app.clock.now());

  // Liveness: 200 while the process serves HTTP, whatever the database does (restarting Rookery
  // does not bring a database back); the body says whether the database answers.
  app.get('/healthz', { schema: { hide: true } }, async () => {
    const reachable = await database.ping();
    return { status: reachable ? 'ok' : 'degraded', database: database.kind, databaseReachable: reachable };
  });
  // Readiness: 503 while the database (or Redis, when configured) cannot be reached, so a load
  // balancer sends traffic elsewhere.
  app.get('/readyz', { schema: { hide: true } }, async (req, reply) => {
    const [dbUp, redisUp] = await Promise.all([database.ping(), redis?.ping()]);
    const parts = { database: database.kind, ...(redis ? { redis: redisUp ? 'ready' : 'unavailable' } : {}) };
    if (dbUp && redisUp !== false) return { status: 'ready', ...parts };
    const msg = translate(dbUp ? 'http.redisUnavailable' : 'http.databaseUnavailable', req.locale);
    return reply
      .status(503)
      .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
      .send({ status: 'unavailable', ...parts, msg });
  });

  const mailer = deps.mailer ?? createMailer(config, clock, app.log);
  const kit = await resourceKit({ app, database, gameKeyHash: deps.gameKeyHash, clock });
  const jobs = new JobQueue(database, clock, app.log, {
    graceMs: config.jobGraceSeconds * 1000,
    goneSeconds: config.instanceGoneSeconds,
    sweepSeconds: config.jobSweepSeconds,
    ...deps.jobs,
  });
  jobs.register(accessLogPruneJob);
  const moduleDeps = { app, config, database, gameKeyHash: deps.gameKeyHash, mailer, clock, kit, jobs, metrics };
  // Each area after the areas it needs (`src/areas.ts`; a cycle or an unknown need stops here).
  for (const area of startOrder(areas)) {
    for (const job of area.jobs ?? []) jobs.register(job);
    await area.register(moduleDeps);
  }
  for (const register of deps.extraModules ?? []) await register(moduleDeps);
  jobs.installMetrics(metrics);
  // Jobs start once every module declared its own, and stop (within the grace time) on close.
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());

  const indexHtml = path.join(config.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  if (hasWeb) {
    const hashedAssets = path.join(config.webDist, 'assets') + path.sep;
    registeringConsoleFiles = true;
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      // The build's `.br` and `.gz` beside each file, sent by the request's coding
      // (`installCompression` chose it); they are not routes of their own.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders: (res, file) => {
        // Vite names each file under assets/ by its content's hash (a new build, new names): a
        // browser keeps it a year without asking. index.html and the rest keep their names, so
        // the browser asks each time (a 304 while unchanged).
        res.setHeader(
          'cache-control',
          file.startsWith(hashedAssets) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        res.setHeader('vary', 'accept-encoding');
      },
    });
    registeringConsoleFiles = false;
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    const locale = pickLocale(req.headers['accept-language']);
    if (url.startsWith('/api') || req.method !== 'GET' || !hasWeb) {
      // `unknownAddress` tells this apart from a handler's 404 about a missing record (issue 41 item 6).
      return reply.status(404).send({
        code: 404,
        msg: `${translate('http.404', locale)}: ${url}`,
        key: 'http.404',
        unknownAddress: true,
      } satisfies ErrorBody);
    }
    // History fallback: every console path renders the single-page app.
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
  });

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The one Redis client, when `REDIS_URL` is configured (`platform/redis.ts`). */
    redis: RedisClient | undefined;
  }
}
