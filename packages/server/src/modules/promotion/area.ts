import { auditTarget, promotionEndpoints } from '@rookery/contracts';
import { defineArea, type ModuleDeps } from '../../module.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { readPromotionCsv } from './csv.js';
import { importPromotionCsv } from './import.js';
import { deleteRecord, listMedia, listRecords, saveRecord } from './records.js';
import { regionsUnder } from './regions.js';
import { promotionSummary } from './summary.js';
import * as tables from './tables.js';

function register({ app, database, gameKeyHash, clock }: ModuleDeps) {
  registerEndpoints(app, { db: database.db, gameKeyHash }, promotionEndpoints, {
    listPromotionRecords: ({ db, query }) => listRecords(db, query),
    createPromotionRecord: async ({ db, body, session, audit }) => {
      const { before, after } = await saveRecord(db, body, session!.username, clock.now());
      audit({ target: auditTarget('promotionRecord', after.id), before, after });
      return after;
    },
    deletePromotionRecord: async ({ db, params, audit }) => {
      const before = await deleteRecord(db, params.id);
      audit({ target: auditTarget('promotionRecord', before.id), before });
      return { ok: true as const };
    },
    listMedia: ({ db, query }) => listMedia(db, query),
    checkPromotionCsv: ({ body, locale }) => readPromotionCsv(body.csv, locale, clock.now()).report,
    importPromotionCsv: async ({ db, body, session, locale, audit }) => {
      const report = await importPromotionCsv(db, body, session!.username, locale, clock.now());
      const { errors: _, ...counts } = report;
      audit({
        target: auditTarget('promotionImport', report.importId!),
        after: { fileName: body.fileName ?? null, ...counts },
      });
      return report;
    },
    promotionSummary: ({ db, query }) => promotionSummary(db, query, clock.now()),
    listRegions: ({ query }) => regionsUnder(query.parent),
  });
}

/** Promotion daily records, their CSV import, the summary against revenue, China's region data. */
export const promotionArea = defineArea({
  name: 'promotion',
  needs: ['players', 'orders'],
  tables,
  register,
});
