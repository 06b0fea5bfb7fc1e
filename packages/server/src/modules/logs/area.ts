import { inspect } from 'node:util';
import {
  auditTarget,
  clientLogEntrySchema,
  frontendLogEntrySchema,
  type LogKind,
  logEndpoints,
  logGameEndpoints,
  logKinds,
} from '@rookery/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { defineArea, type ModuleDeps } from '../../module.js';
import { loggableError } from '../../platform/db/errors.js';
import { ownTransactions, registerEndpoints } from '../../platform/http/endpoints.js';
import { AppError } from '../../platform/http/errors.js';
import { newestVersion } from './incidents.js';
import { checkBatch, clientRow, frontendRow } from './ingest.js';
import { ensurePartitions, logPartitionsJob } from './partitions.js';
import { asIncident, incidentDetail, listAccessLog, listIncidents, listLogs, logStats } from './queries.js';
import { scrubText } from './sanitize.js';
import * as tables from './tables.js';
import { incidents } from './tables.js';
import { LogWriter } from './writer.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The buffered log writer (tests flush it). */
    logWriter: LogWriter;
    /**
     * Log a failure outside any request (an uncaught exception, an unhandled rejection, a failed
     * timer) in the server's error log, as a request's 5xx is; `main.ts` hooks it to the process.
     */
    logProcessFailure: (origin: 'uncaughtException' | 'unhandledRejection', error: unknown) => void;
  }
  interface FastifyRequest {
    /** The error a request failed with, kept for the server's error log. */
    failure?: unknown;
  }
}

/** The session token a request carries: hashed wherever it shows up in what it logs. */
const requestSecrets = (req: FastifyRequest): string[] => {
  const auth = req.headers.authorization;
  if (!auth) return [];
  return [auth, auth.replace(/^Bearer\s+/i, '')];
};

async function register({ app, database, gameKeyHash, clock }: ModuleDeps) {
  const writer = new LogWriter(database.db, app.log);
  app.decorate('logWriter', writer);
  app.addHook('onClose', () => writer.close());
  // Today's and the next days' partitions exist before the first write (the job keeps them ahead).
  await ensurePartitions(database.db, clock.now());

  // The server's own errors: every 5xx answer, with its request ID and what failed.
  app.addHook('onError', async (req, _reply, error) => {
    req.failure = error;
  });
  app.addHook('onResponse', async (req, reply) => {
    if (reply.statusCode < 500) return;
    const failure = req.failure ? loggableError(req.failure) : undefined;
    const path = req.url.split('?')[0].slice(0, 1000);
    writer.push([
      {
        at: clock.now(),
        kind: 'server',
        level: 'error',
        message: scrubText(failure ? `${failure.type}: ${failure.message}` : `HTTP ${reply.statusCode}`).slice(0, 4000),
        url: path,
        requestId: String(req.id),
        stack: failure?.stack ? scrubText(failure.stack).slice(0, 16_000) : null,
        meta: {
          method: req.method,
          status: reply.statusCode,
          ...(failure?.code ? { code: failure.code } : {}),
          ...(req.session ? { staff: req.session.username } : {}),
        },
      },
    ]);
  });

  app.decorate('logProcessFailure', (origin: 'uncaughtException' | 'unhandledRejection', error: unknown) => {
    // A rejection's reason may be anything: what is not an Error is logged as it reads.
    const failure = loggableError(error instanceof Error ? error : new Error(inspect(error, { depth: 3 })));
    writer.push([
      {
        at: clock.now(),
        kind: 'server',
        level: 'error',
        message: scrubText(`${failure.type}: ${failure.message}`).slice(0, 4000),
        stack: failure.stack ? scrubText(failure.stack).slice(0, 16_000) : null,
        meta: { origin, pid: process.pid, ...(failure.code ? { code: failure.code } : {}) },
      },
    ]);
  });

  const deps = { db: database.db, gameKeyHash };
  registerEndpoints(app, deps, logEndpoints, {
    logList: ({ db, query, permittedBy }) =>
      listLogs(db, query, query.kind ? [query.kind] : permittedBy.allowed<LogKind>(logKinds)),
    logStats: ({ db, query, permittedBy }) =>
      logStats(db, query, query.kind ? [query.kind] : permittedBy.allowed<LogKind>(logKinds)),
    accessLogList: ({ db, query }) => listAccessLog(db, query),
    incidentList: ({ db, query, permittedBy }) =>
      listIncidents(db, query, query.kind ? [query.kind] : permittedBy.allowed<LogKind>(logKinds)),
    incidentGet: ({ db, params, query, now, permittedBy }) =>
      incidentDetail(db, params.id, now, (kind) => {
        if (query.kind && query.kind !== kind) throw new AppError(404, 'log.incidentNotFound');
        permittedBy.require(kind);
      }),
    incidentSetState: async ({ db, params, body, permittedBy, audit }) => {
      const [row] = await db.select().from(incidents).where(eq(incidents.id, params.id)).for('update');
      if (!row || (body.kind && body.kind !== row.kind)) throw new AppError(404, 'log.incidentNotFound');
      // The stored kind's edit permission (the endpoint's map), whatever kind the caller sent.
      permittedBy.require(row.kind);
      // Resolved at the newest version seen so far: only a newer one brings it back.
      const resolvedVersion =
        body.state === 'resolved' ? newestVersion(Object.keys(row.appVersions)) : row.resolvedVersion;
      const [updated] = await db
        .update(incidents)
        .set({ state: body.state, resolvedVersion, ...(body.state === 'open' ? {} : { regression: false }) })
        .where(eq(incidents.id, params.id))
        .returning();
      audit({
        target: auditTarget('incident', row.id),
        before: { state: row.state },
        after: { state: body.state, resolvedVersion },
      });
      return asIncident(updated);
    },
    frontendLogIngest: ({ body, req, session, locale }) => {
      const { rows, answer } = checkBatch(
        body.entries,
        frontendLogEntrySchema,
        frontendRow(clock.now(), requestSecrets(req), session?.username ?? null),
        locale,
      );
      writer.push(rows);
      return answer;
    },
    // Before sign-in there is no one to name: the entries say so (`signedIn: false`).
    frontendLogIngestPublic: ({ body, req, locale }) => {
      const { rows, answer } = checkBatch(
        body.entries,
        frontendLogEntrySchema,
        frontendRow(clock.now(), requestSecrets(req), null),
        locale,
      );
      writer.push(rows.map((r) => ({ ...r, meta: { ...(r.meta as Record<string, unknown>), signedIn: false } })));
      return answer;
    },
  });
  registerEndpoints(app, deps, logGameEndpoints, {
    gameLogIngest: ownTransactions(({ body, locale }) => {
      const { rows, answer } = checkBatch(body.entries, clientLogEntrySchema, clientRow(clock.now()), locale);
      writer.push(rows);
      return answer;
    }),
  });
}

export const logsArea = defineArea({ name: 'logs', tables, jobs: [logPartitionsJob], register });
