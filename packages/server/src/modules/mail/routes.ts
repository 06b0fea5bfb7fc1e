import {
  auditTarget,
  can,
  type MailScope,
  mailEndpoints,
  mailGameEndpoints,
  mailScopePermissions,
  mailScopes,
  type TemplateTable,
  templatePermissions,
  templateResources,
} from '@rookery/contracts';
import type { ModuleDeps } from '../../app.js';
import { scheduleHousekeeping } from '../../platform/housekeeping.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { forbidden } from '../../platform/http/errors.js';
import type { Session } from '../../platform/http/session.js';
import { mailGameHandlers } from './game-routes.js';
import { pruneExpiredMailCopies } from './housekeeping.js';
import { liveMailBook } from './live-mails.js';
import { playerMailHistory, removePlayerMail } from './mailbox.js';
import { createMail, getMailRow, listMails, mailDetail, recallMail, updateMail } from './mails.js';
import { playerIdByKey } from './player-lookup.js';
import { createTemplate, deleteTemplate, getTemplate, listTemplates, updateTemplate } from './templates.js';

type ScopeAction = 'query' | 'create' | 'delete';

/** One endpoint serves several scopes: the endpoint lets in any scope's permission, this asks for the scope's own. */
function requireScope(session: Session | null, scope: MailScope, action: ScopeAction) {
  if (!session || !can(session.access, [mailScopePermissions[scope][action]])) throw forbidden();
}

function scopesAllowed(session: Session | null, action: ScopeAction, wanted?: MailScope): MailScope[] {
  if (wanted) {
    requireScope(session, wanted, action);
    return [wanted];
  }
  return mailScopes.filter((s) => session && can(session.access, [mailScopePermissions[s][action]]));
}

function requireTemplate(session: Session | null, table: TemplateTable, action: 'query' | 'create') {
  if (!session || !can(session.access, [templatePermissions[table][action]])) throw forbidden();
}

export async function mailModule({ app, database, gameKeyHash }: ModuleDeps) {
  const book = await liveMailBook(database);
  scheduleHousekeeping(app, 'mail', () => pruneExpiredMailCopies(database.db));
  const deps = { db: database.db, gameKeyHash };

  registerEndpoints(app, deps, mailEndpoints, {
    createMailTemplate: async ({ db, body, session, audit }) => {
      requireTemplate(session, body.theTable, 'create');
      const created = await createTemplate(db, body, session!.username);
      audit({ target: auditTarget(templateResources[body.theTable].name, created.id), after: created });
      return created;
    },
    listMailTemplates: ({ db, query, session }) => {
      requireTemplate(session, query.theTable, 'query');
      return listTemplates(db, query);
    },
    getMailTemplate: ({ db, params, query, session }) => {
      requireTemplate(session, query.theTable, 'query');
      return getTemplate(db, query.theTable, params.id);
    },
    updateMailTemplate: async ({ db, params, body, session, audit }) => {
      requireTemplate(session, body.theTable, 'create');
      const { before, after } = await updateTemplate(db, params.id, body);
      audit({ target: auditTarget(templateResources[body.theTable].name, after.id), before, after });
      return after;
    },
    deleteMailTemplate: async ({ db, params, query, session, audit }) => {
      requireTemplate(session, query.theTable, 'create');
      const before = await deleteTemplate(db, query.theTable, params.id);
      audit({ target: auditTarget(templateResources[query.theTable].name, before.id), before });
      return { ok: true as const };
    },

    createMail: async ({ db, body, session, locale, audit }) => {
      requireScope(session, body.mailScope, 'create');
      const mail = await createMail(db, body, session!.username, locale);
      audit({ target: auditTarget('mail', mail.id), after: { ...mail, userIdInput: undefined } });
      return mail;
    },
    listMails: ({ db, query, session }) => {
      const scopes = scopesAllowed(session, 'query', query.mailScope);
      if (scopes.length === 0) throw forbidden();
      return listMails(db, { ...query, scopes });
    },
    searchMailsByUser: async ({ db, query, session }) => {
      const scopes = scopesAllowed(session, 'query', query.mailScope);
      if (scopes.length === 0) throw forbidden();
      const { userId: _, ...history } = await playerMailHistory(db, book, query.userId, { ...query, scopes });
      return history;
    },
    getMail: async ({ db, params, query, session }) => {
      if (query.mailScope) requireScope(session, query.mailScope, 'query');
      const row = await getMailRow(db, params.id, query.mailScope);
      requireScope(session, row.scope as MailScope, 'query');
      return mailDetail(db, row);
    },
    updateMail: async ({ db, params, query, body, session, locale, audit }) => {
      requireScope(session, body.mailScope, 'create');
      if (query.mailScope) await getMailRow(db, params.id, query.mailScope);
      const { before, after } = await updateMail(db, params.id, body, locale);
      audit({ target: auditTarget('mail', after.id), before, after: { ...after, userIdInput: undefined } });
      return after;
    },
    recallMail: async ({ db, params, query, session, audit }) => {
      if (query.mailScope) requireScope(session, query.mailScope, 'delete');
      const row = await getMailRow(db, params.id, query.mailScope);
      requireScope(session, row.scope as MailScope, 'delete');
      const { before, after } = await recallMail(db, params.id, query.mailScope, session!.username);
      audit({ target: auditTarget('mail', after.id), before, after });
      return after;
    },

    listPlayerMails: async ({ db, query, session }) => {
      const scopes = scopesAllowed(session, 'query');
      if (scopes.length === 0) throw forbidden();
      const userId = await playerIdByKey(db, query);
      return playerMailHistory(db, book, userId, { ...query, scopes });
    },
    removePlayerMail: async ({ db, params, query, session, audit }) => {
      const mail = await getMailRow(db, params.id);
      requireScope(session, mail.scope as MailScope, 'delete');
      const userId = await playerIdByKey(db, query);
      const { before, after } = await removePlayerMail(db, userId, mail, session!.username);
      audit({ target: auditTarget('player', userId), before, after: { ...after, mailId: mail.id } });
      return after;
    },
  });

  registerEndpoints(app, deps, mailGameEndpoints, mailGameHandlers(book));
}
