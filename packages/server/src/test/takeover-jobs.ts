import type { JobName } from '@rookery/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Module } from '../module.js';
import { defineJob, type JobDefinition } from '../platform/jobs/index.js';

/**
 * A fan-out-shaped job for the take-over tests (as a mail sent to every player: one row per
 * recipient, written in fenced chunks): `total` rows of `fanout_items` under `key`, `chunk` a
 * step, `pauseMs` between steps so a run lasts. A later attempt carries on after the last
 * committed chunk; the table's primary key fails a run that would write a row twice.
 */
export const fanOutJob = defineJob({
  name: 'test.fanout' as JobName,
  payload: z.object({ key: z.string(), total: z.number().int(), chunk: z.number().int(), pauseMs: z.number().int() }),
  retry: { limit: 3, delaySeconds: 10, backoff: true },
  concurrency: 2,
  leaseSeconds: 30 * 60,
  handler: async (ctx) => {
    const { key, total, chunk, pauseMs } = ctx.payload;
    for (;;) {
      const r = await ctx.db.execute(sql`select count(*)::int as n from fanout_items where key = ${key}`);
      const done = (r as unknown as { rows: { n: number }[] }).rows[0].n;
      await ctx.progress(done, total);
      if (done >= total) return { written: done };
      await ctx.step((tx) =>
        tx.execute(sql`
          insert into fanout_items (key, item, job_id, attempt)
          select ${key}, g, ${ctx.id}, ${ctx.attempt} from generate_series(${done}::int, ${Math.min(total, done + chunk) - 1}::int) g`),
      );
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  },
}) as JobDefinition;

export const fanOutTable = sql`create table if not exists fanout_items (
  key text not null, item int not null, job_id text not null, attempt int not null, primary key (key, item))`;

/** Registers the test's job in an app (the test's own and the child instances'). */
export const takeoverJobsModule: Module = ({ jobs }) => {
  jobs.register(fanOutJob);
};
