import { PERFORMANCE_REPORT_SECONDS, performanceEndpoints } from '@rookery/contracts';
import { asc, gte, lt, sql } from 'drizzle-orm';
import { defineArea, type ModuleDeps } from '../../module.js';
import type { Db } from '../../platform/db/client.js';
import { housekeepingJob } from '../../platform/housekeeping.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { PerformanceReporter } from './reporter.js';
import * as tables from './tables.js';
import { serverMetrics } from './tables.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's performance reporter (tests report at once). */
    performance: PerformanceReporter;
  }
}

/** Reports are kept 2 days: the page shows at most 6 hours; older figures are in Prometheus. */
export const PERFORMANCE_KEEP_HOURS = 48;

function prunePerformance(db: Db, now: Date) {
  const cutoff = new Date(now.getTime() - PERFORMANCE_KEEP_HOURS * 3_600_000).toISOString();
  return db.execute(sql`delete from ${serverMetrics} where ${lt(serverMetrics.at, sql`${cutoff}::timestamptz`)}`);
}

function register({ app, database, gameKeyHash, clock }: ModuleDeps) {
  const reporter = new PerformanceReporter(app, database, clock);
  app.decorate('performance', reporter);
  app.addHook('onReady', async () => reporter.start());
  app.addHook('onClose', async () => reporter.stop());

  registerEndpoints(app, { db: database.db, gameKeyHash }, performanceEndpoints, {
    performanceServer: async ({ db, query, now }) => {
      const since = new Date(now.getTime() - query.minutes * 60_000);
      const rows = await db
        .select()
        .from(serverMetrics)
        .where(gte(serverMetrics.at, since))
        .orderBy(asc(serverMetrics.at));
      const byInstance = new Map<string, typeof rows>();
      for (const r of rows) byInstance.set(r.instance, [...(byInstance.get(r.instance) ?? []), r]);
      return {
        reportSeconds: PERFORMANCE_REPORT_SECONDS,
        instances: [...byInstance.entries()].map(([instance, points]) => ({
          instance,
          points: points.map(({ id: _id, instance: _i, routes: _r, ...p }) => p),
          routes: points.at(-1)?.routes ?? [],
        })),
      };
    },
  });
}

export const performanceArea = defineArea({
  name: 'performance',
  tables,
  jobs: [housekeepingJob('performance.prune', 47, prunePerformance)],
  register,
});
