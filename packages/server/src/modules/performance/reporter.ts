import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PERFORMANCE_REPORT_SECONDS } from '@rookery/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/client.js';
import { serverMetrics } from './tables.js';

const percentileOf = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Durations kept per interval at most (a reservoir past it): bounded memory under any load. */
const KEEP = 20_000;

/**
 * This instance's figures, collected from its own requests and written as one row every
 * PERFORMANCE_REPORT_SECONDS: requests per second, latency percentiles (overall and per route),
 * error rate, event-loop delay, heap and RSS, the database pool and a query's round trip.
 */
export class PerformanceReporter {
  readonly instance = `${os.hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 6)}`;
  private durations: number[] = [];
  private seen = 0;
  private errors = 0;
  private byRoute = new Map<string, number[]>();
  private since = performance.now();
  private readonly loop = monitorEventLoopDelay({ resolution: 20 });
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly app: FastifyInstance,
    private readonly database: Database,
    private readonly clock: Clock,
  ) {
    this.loop.enable();
    app.addHook('onResponse', async (req, reply) =>
      this.observe(req.routeOptions.url ?? 'unknown', req.method, reply.statusCode, reply.elapsedTime),
    );
  }

  observe(route: string, method: string, status: number, ms: number) {
    this.seen += 1;
    if (status >= 500) this.errors += 1;
    if (this.durations.length < KEEP) this.durations.push(ms);
    else this.durations[Math.floor(Math.random() * KEEP)] = ms;
    const key = `${method} ${route}`;
    const list = this.byRoute.get(key) ?? [];
    if (list.length < 2000) list.push(ms);
    this.byRoute.set(key, list);
  }

  start() {
    this.timer = setInterval(() => {
      this.report().catch((err: unknown) => this.app.log.warn({ err }, 'performance report failed'));
    }, PERFORMANCE_REPORT_SECONDS * 1000);
    this.timer.unref();
  }

  stop() {
    clearInterval(this.timer);
    this.loop.disable();
  }

  /** Write this interval's row and start the next interval. */
  async report(): Promise<void> {
    const elapsed = (performance.now() - this.since) / 1000;
    const sorted = [...this.durations].sort((a, b) => a - b);
    const routes = [...this.byRoute.entries()]
      .map(([route, list]) => {
        const s = [...list].sort((a, b) => a - b);
        return {
          route,
          count: list.length,
          p50: percentileOf(s, 50),
          p95: percentileOf(s, 95),
          p99: percentileOf(s, 99),
        };
      })
      .sort((a, b) => b.count - a.count)
      .slice(0, 20);
    const seen = this.seen;
    const errors = this.errors;
    const loopP99 = this.loop.percentile(99) / 1e6;
    this.durations = [];
    this.byRoute = new Map();
    this.seen = 0;
    this.errors = 0;
    this.since = performance.now();
    this.loop.reset();
    const t0 = performance.now();
    await this.database.db.execute(sql`select 1`);
    const dbQueryMs = performance.now() - t0;
    const pool = this.database.pool;
    const memory = process.memoryUsage();
    await this.database.db.insert(serverMetrics).values({
      instance: this.instance,
      at: this.clock.now(),
      rps: elapsed > 0 ? seen / elapsed : 0,
      p50Ms: percentileOf(sorted, 50),
      p95Ms: percentileOf(sorted, 95),
      p99Ms: percentileOf(sorted, 99),
      errorRate: seen ? errors / seen : 0,
      eventLoopP99Ms: Number.isFinite(loopP99) ? loopP99 : 0,
      heapUsedBytes: memory.heapUsed,
      rssBytes: memory.rss,
      dbPoolTotal: pool?.totalCount ?? 0,
      dbPoolIdle: pool?.idleCount ?? 0,
      dbPoolWaiting: pool?.waitingCount ?? 0,
      dbQueryMs,
      routes,
    });
  }
}
