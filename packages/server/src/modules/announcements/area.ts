import {
  announcementGameEndpoints,
  announcementResource,
  announcementTemplateResource,
  standingNoticeResource,
} from '@rookery/contracts';
import { sql } from 'drizzle-orm';
import { defineArea, type ModuleDeps } from '../../module.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { sendPrepared } from '../../platform/http/etag.js';
import type { BeforeSaveInput } from '../../platform/resources/registrar.js';
import { preparePlayerRead, readPlayerAttributes } from '../players/service.js';
import { compileAnnouncements, preparedPlayerAnnouncements } from './compiled.js';
import { sanitizeRichText } from './sanitize.js';
import * as tables from './tables.js';
import { announcementSeen } from './tables.js';

/**
 * The rich-text bodies as stored: through the sanitiser (the schema has refused what the
 * whitelist's check sees; whatever it missed is dropped here, so nothing outside the whitelist
 * is stored).
 */
async function sanitizeBodies({ doc }: BeforeSaveInput) {
  for (const field of ['bodyZh', 'bodyEn'] as const)
    if (typeof doc[field] === 'string') doc[field] = sanitizeRichText(doc[field] as string);
}

/**
 * Announcements (issue 44 item 5): announcements, their templates and the standing notices are
 * resources of the kit; the game reads what a player sees now from one view compiled once per
 * change, and marks a login pop-up or update notes seen.
 */
async function register({ app, database, clock, kit, gameKeyHash }: ModuleDeps) {
  kit.register(announcementResource, { beforeSave: sanitizeBodies });
  kit.register(announcementTemplateResource, { beforeSave: sanitizeBodies });
  kit.register(standingNoticeResource, { beforeSave: sanitizeBodies });
  const view = await kit.view([announcementResource, standingNoticeResource], compileAnnouncements);

  /** The player's attributes and what they have seen, in one read by primary key. */
  const readPlayer = preparePlayerRead(
    database.db,
    'announcements_player',
    (id) =>
      sql<
        string[]
      >`(select coalesce(array_agg(${announcementSeen.ref}), '{}') from ${announcementSeen} where ${announcementSeen.userId} = ${id})`,
  );

  registerEndpoints(app, { db: database.db, gameKeyHash }, announcementGameEndpoints, {
    gameGetAnnouncements: async ({ db, params, req, reply }) => {
      const now = clock.now();
      const player = await readPlayer(params.userId, now);
      if (!player) throw notFound('player.notFound');
      await kit.admitPlayer(db, { userId: params.userId, attrs: player.attrs, ip: req.ip, locale: req.locale }, now);
      // Players who see the same share one answer (made, tagged and compressed once per view).
      const seen = new Set(player.extra ?? []);
      return sendPrepared(
        req,
        reply,
        preparedPlayerAnnouncements(await view.get(db), player.attrs, seen, now.getTime()),
      );
    },
    gameAnnouncementSeen: async ({ db, params }) => {
      const now = clock.now();
      // In the call's transaction (the embedded database has one connection).
      const player = await readPlayerAttributes(db, params.userId, now);
      if (!player) throw notFound('player.notFound');
      const compiled = await view.get(db);
      let ref: string | null;
      if (params.id.startsWith('notes:')) {
        const key = params.id.slice('notes:'.length);
        if (!compiled.updateNotes.has(key))
          throw new AppError(404, 'announcement.notFound', { vars: { id: params.id } });
        ref = `n:${key}`;
      } else {
        const kind = compiled.kinds.get(Number(params.id));
        if (!kind) throw new AppError(404, 'announcement.notFound', { vars: { id: params.id } });
        // Only a login pop-up shows once; the board and the marquee show while they run.
        ref = kind === 'loginPopup' ? `a:${params.id}` : null;
      }
      if (ref)
        await db.insert(announcementSeen).values({ userId: params.userId, ref, seenAt: now }).onConflictDoNothing();
      return { hidden: ref !== null };
    },
  });
}

export const announcementsArea = defineArea({ name: 'announcements', needs: ['players'], tables, register });
