import {
  auditTarget,
  mailEndpoints,
  mailGameEndpoints,
  mailScopes,
  mailTemplateResource,
  parseUserIdInput,
  rewardTemplateResource,
} from '@rookery/contracts';
import { defineArea, type ModuleDeps } from '../../module.js';
import { housekeepingJob } from '../../platform/housekeeping.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { existingPlayerIds, playerIdByKey } from '../players/service.js';
import { mailGameHandlers } from './game-handlers.js';
import { pruneExpiredMailCopies } from './housekeeping.js';
import { liveMailBook } from './live-mails.js';
import { playerMailHistory, removePlayerMail } from './mailbox.js';
import { createMail, getMailRow, listMails, mailDetail, recallMail, updateMail } from './mails.js';
import * as tables from './tables.js';

async function register({ app, database, gameKeyHash, clock, kit }: ModuleDeps) {
  const book = await liveMailBook(database, clock);
  const deps = { db: database.db, gameKeyHash };

  // Mail and reward templates: the resource kit serves the spec's template calls.
  const {
    createMailTemplate,
    listMailTemplates,
    getMailTemplate,
    updateMailTemplate,
    deleteMailTemplate,
    ...mailCalls
  } = mailEndpoints;
  kit.registerSpec([mailTemplateResource, rewardTemplateResource], {
    createMailTemplate,
    listMailTemplates,
    getMailTemplate,
    updateMailTemplate,
    deleteMailTemplate,
  });

  registerEndpoints(app, deps, mailCalls, {
    createMail: async ({ db, body, session, locale, audit }) => {
      const mail = await createMail(db, body, session!.username, locale, clock.now());
      audit({ target: auditTarget('mail', mail.id), after: { ...mail, userIdInput: undefined } });
      return mail;
    },
    checkMailRecipients: async ({ db, body }) => {
      const { ids } = parseUserIdInput(body.userIdInput ?? '');
      const existing = await existingPlayerIds(db, ids);
      return { read: ids.length, unknown: ids.filter((id) => !existing.has(id)) };
    },
    listMails: ({ db, query, permittedBy }) =>
      listMails(
        db,
        { ...query, scopes: query.mailScope ? [query.mailScope] : permittedBy.allowed(mailScopes) },
        clock.now(),
      ),
    searchMailsByUser: async ({ db, query, permittedBy }) => {
      const scopes = query.mailScope ? [query.mailScope] : permittedBy.allowed(mailScopes);
      const { userId: _, ...history } = await playerMailHistory(
        db,
        book,
        query.userId,
        { ...query, scopes },
        clock.now(),
      );
      return history;
    },
    getMail: async ({ db, params, query, permittedBy }) => {
      const row = await getMailRow(db, params.id, query.mailScope);
      permittedBy.require(row.scope);
      return mailDetail(db, row, clock.now());
    },
    updateMail: async ({ db, params, query, body, locale, audit }) => {
      if (query.mailScope) await getMailRow(db, params.id, query.mailScope);
      const { before, after } = await updateMail(db, params.id, body, locale, clock.now());
      audit({ target: auditTarget('mail', after.id), before, after: { ...after, userIdInput: undefined } });
      return after;
    },
    recallMail: async ({ db, params, query, session, permittedBy, audit }) => {
      const row = await getMailRow(db, params.id, query.mailScope);
      permittedBy.require(row.scope);
      const { before, after } = await recallMail(db, params.id, query.mailScope, session!.username, clock.now());
      audit({ target: auditTarget('mail', after.id), before, after });
      return after;
    },

    listPlayerMails: async ({ db, query, permittedBy }) => {
      const scopes = query.mailScope ? [query.mailScope] : permittedBy.allowed(mailScopes);
      const userId = await playerIdByKey(db, query);
      return playerMailHistory(db, book, userId, { ...query, scopes }, clock.now());
    },
    removePlayerMail: async ({ db, params, query, session, permittedBy, audit }) => {
      const mail = await getMailRow(db, params.id);
      permittedBy.require(mail.scope);
      const userId = await playerIdByKey(db, query);
      const { before, after } = await removePlayerMail(db, userId, mail, session!.username, clock.now());
      audit({ target: auditTarget('player', userId), before, after: { ...after, mailId: mail.id } });
      return after;
    },
  });

  registerEndpoints(app, deps, mailGameEndpoints, mailGameHandlers(book, clock, kit));
}

export const mailArea = defineArea({
  name: 'mail',
  needs: ['players'],
  tables,
  jobs: [housekeepingJob('mail.prune', 17, pruneExpiredMailCopies)],
  register,
});
