import { auditTarget, giftCodeEndpoints, giftCodeGameEndpoints } from '@rookery/contracts';
import { defineArea, type ModuleDeps } from '../../module.js';
import type { Db } from '../../platform/db/client.js';
import { housekeepingJob } from '../../platform/housekeeping.js';
import { ownTransactions, registerEndpoints } from '../../platform/http/endpoints.js';
import { causeOf } from '../../platform/jobs/cause.js';
import { checkRewardsAllowed } from '../players/service.js';
import {
  closeGeneration,
  createBatch,
  disableCodes,
  getBatchRow,
  listBatches,
  listCodes,
  stoppedBatch,
  toBatch,
  updateBatch,
} from './batches.js';
import { previewComeback, sendComeback } from './comeback.js';
import { generateCodesJob } from './generate.js';
import { exportCodesCsv, listRedemptions } from './history.js';
import { pruneGiftCodeAttempts, REDEEM_STATEMENTS, RedemptionQueue, redeemGiftCode } from './redeem.js';
import * as tables from './tables.js';

const batchKey = (id: number) => `batch:${id}`;

function register({ app, database, gameKeyHash, clock, jobs }: ModuleDeps) {
  const deps = { db: database.db, gameKeyHash };
  const redemptions = new RedemptionQueue(database.db, REDEEM_STATEMENTS[database.kind]);

  /** Of these batches, those whose generation job (one per batch, its singleton key) waits or runs. */
  const pendingOf = async (db: Db, ids: number[]) => {
    const keys = await jobs.pendingKeys(db, generateCodesJob.name, ids.map(batchKey));
    return new Set(ids.filter((id) => keys.has(batchKey(id))));
  };
  const pending = async (db: Db, id: number) => (await pendingOf(db, [id])).has(id);
  const view = async (db: Db, row: Parameters<typeof toBatch>[0], now: Date) =>
    toBatch(row, now, row.kind === 'unique' && row.generated < row.totalLimit && (await pending(db, row.id)));

  registerEndpoints(app, deps, giftCodeEndpoints, {
    listGiftCodeBatches: ({ db, query }) => listBatches(db, query, clock.now(), (ids) => pendingOf(db, ids)),
    getGiftCodeBatch: async ({ db, params }) => view(db, await getBatchRow(db, params.id), clock.now()),
    createGiftCodeBatch: async (ctx) => {
      const now = clock.now();
      await checkRewardsAllowed(ctx.db, ctx.body.rewards, 'rewards', ctx.locale);
      const row = await createBatch(ctx.db, ctx.body, ctx.session!.username, now);
      const target = auditTarget('giftCodeBatch', row.id);
      // Unique codes are written by a job, committed with the batch (none without it).
      if (row.kind === 'unique')
        await jobs.enqueue(ctx.db, generateCodesJob, { batchId: row.id }, causeOf(ctx, 'createGiftCodeBatch', target));
      const after = toBatch(row, now, row.kind === 'unique');
      ctx.audit({ target, after });
      return after;
    },
    updateGiftCodeBatch: async ({ db, params, body, audit, locale }) => {
      const now = clock.now();
      await checkRewardsAllowed(db, body.rewards, 'rewards', locale);
      const { before, after } = await updateBatch(db, params.id, body, now);
      const shown = await view(db, after, now);
      audit({
        target: auditTarget('giftCodeBatch', after.id),
        before: toBatch(before, now, shown.generation === 'running'),
        after: shown,
      });
      return shown;
    },
    // A generation that stopped short (cancelled, out of retries): carry on from the codes there are…
    resumeGiftCodeGeneration: async (ctx) => {
      const now = clock.now();
      const before = await stoppedBatch(ctx.db, ctx.params.id, (id) => pending(ctx.db, id));
      const target = auditTarget('giftCodeBatch', before.id);
      await jobs.enqueue(
        ctx.db,
        generateCodesJob,
        { batchId: before.id },
        causeOf(ctx, 'resumeGiftCodeGeneration', target),
      );
      const after = toBatch(before, now, true);
      ctx.audit({ target, before: toBatch(before, now), after });
      return after;
    },
    // …or make the batch complete at what it has: its number of codes becomes those generated.
    closeGiftCodeGeneration: async (ctx) => {
      const now = clock.now();
      const before = await stoppedBatch(ctx.db, ctx.params.id, (id) => pending(ctx.db, id));
      const after = toBatch(await closeGeneration(ctx.db, before, now), now);
      ctx.audit({ target: auditTarget('giftCodeBatch', before.id), before: toBatch(before, now), after });
      return after;
    },
    listGiftCodes: async ({ db, params, query }) => listCodes(db, await getBatchRow(db, params.id), query),
    exportGiftCodes: async ({ db, params, locale, reply }) => {
      const batch = await getBatchRow(db, params.id);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="gift-codes-${batch.id}.csv"`);
      return exportCodesCsv(db, batch, locale) as never;
    },
    disableGiftCodes: async ({ db, params, body, audit }) => {
      const batch = await getBatchRow(db, params.id, true);
      const disabled = await disableCodes(db, batch, body.codes, body.all, clock.now());
      audit({
        target: auditTarget('giftCodeBatch', batch.id),
        after: { all: body.all, codes: body.all ? undefined : body.codes, disabled },
      });
      return { disabled };
    },
    listGiftCodeRedemptions: ({ db, query }) => listRedemptions(db, query),
    previewGiftCodeComebackMail: async ({ db, body }) =>
      previewComeback(db, await getBatchRow(db, body.batchId), body, clock.now()),
    sendGiftCodeComebackMail: async ({ db, body, session, locale, audit }) => {
      const batch = await getBatchRow(db, body.batchId, true);
      const result = await sendComeback(db, batch, body, session!.username, locale, clock.now());
      audit({
        target: auditTarget('giftCodeBatch', batch.id),
        after: { notLoginDays: body.notLoginDays, conditions: body.conditions, ...result },
      });
      return result;
    },
    testGiftCode: ({ db, body, locale }) =>
      redeemGiftCode(db, {
        userId: body.userId,
        code: body.code,
        channel: body.channel,
        locale,
        now: clock.now(),
        dryRun: true,
      }),
  });

  registerEndpoints(app, deps, giftCodeGameEndpoints, {
    gameRedeemGiftCode: ownTransactions(({ db, params, body, locale }) =>
      redeemGiftCode(
        db,
        {
          userId: params.userId,
          code: body.code,
          channel: body.channel,
          ip: body.playerIp,
          locale,
          now: clock.now(),
          dryRun: false,
        },
        redemptions,
      ),
    ),
  });
}

export const giftCodesArea = defineArea({
  name: 'giftcodes',
  needs: ['players', 'mail'],
  tables,
  jobs: [generateCodesJob, housekeepingJob('giftCodes.prune', 23, pruneGiftCodeAttempts)],
  register,
});
