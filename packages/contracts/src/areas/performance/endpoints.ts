import { z } from 'zod';
import { endpoint, endpointTable } from '../../endpoint.js';
import { isoDate } from '../../fields.js';

/** Seconds between two reports of one server instance. */
export const PERFORMANCE_REPORT_SECONDS = 5;
/** Windows the performance page offers, in minutes. */
export const performanceWindows = [5, 15, 60, 360] as const;

export const performancePointSchema = z.object({
  at: isoDate,
  rps: z.number(),
  p50Ms: z.number(),
  p95Ms: z.number(),
  p99Ms: z.number(),
  errorRate: z.number(),
  eventLoopP99Ms: z.number(),
  heapUsedBytes: z.number(),
  rssBytes: z.number(),
  dbPoolTotal: z.number().int(),
  dbPoolIdle: z.number().int(),
  dbPoolWaiting: z.number().int(),
  dbQueryMs: z.number(),
});

export const performanceEndpoints = endpointTable({
  performanceServer: endpoint({
    method: 'GET',
    path: '/api/v1/performance/server',
    summary: "Each server instance's reported figures over a window, and its latest latency per route",
    permission: ['serverInfoQuery'],
    query: z.object({
      minutes: z.coerce
        .number()
        .int()
        .refine((m) => (performanceWindows as readonly number[]).includes(m), { error: 'v.invalidValue' })
        .default(15),
    }),
    response: z.object({
      reportSeconds: z.number().int(),
      instances: z.array(
        z.object({
          instance: z.string(),
          points: z.array(performancePointSchema),
          routes: z.array(
            z.object({ route: z.string(), count: z.number(), p50: z.number(), p95: z.number(), p99: z.number() }),
          ),
        }),
      ),
    }),
  }),
});
