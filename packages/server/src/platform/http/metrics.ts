import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import client from 'prom-client';

/**
 * One read shared by the gauges that show parts of it: the gauges of a scrape collect at once, and
 * the calls made while a read is in flight get that read instead of starting another.
 */
export function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= read().finally(() => {
      pending = undefined;
    });
    return pending;
  };
}

/**
 * The PostgreSQL pool's connections, read when scraped: all, idle, and callers waiting for one
 * (a waiting count above zero means the pool is the bottleneck). PGlite has one connection and
 * no pool: nothing is reported for it.
 */
function poolGauges(registry: client.Registry, pool: pg.Pool) {
  const gauge = (name: string, help: string, read: () => number) =>
    new client.Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  gauge('rookery_db_pool_connections', 'Connections the PostgreSQL pool holds', () => pool.totalCount);
  gauge('rookery_db_pool_idle', 'Idle connections of the PostgreSQL pool', () => pool.idleCount);
  gauge('rookery_db_pool_waiting', 'Callers waiting for a PostgreSQL connection', () => pool.waitingCount);
}

/** Prometheus metrics at /metrics: process defaults, request duration per route, the database pool. */
export function installMetrics(app: FastifyInstance, pool?: pg.Pool): client.Registry {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  if (pool) poolGauges(registry, pool);
  const duration = new client.Histogram({
    name: 'rookery_http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  app.addHook('onResponse', async (req, reply) => {
    duration.observe(
      { method: req.method, route: req.routeOptions.url ?? 'unknown', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  app.get('/metrics', { schema: { hide: true } }, async (_req, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
  return registry;
}
