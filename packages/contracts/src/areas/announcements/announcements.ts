import { z } from 'zod';
import { zhEn } from '../../bilingual.js';
import { parseVersion, storedConditionsSchema } from '../../conditions.js';
import { endpoint, endpointTable } from '../../endpoint.js';
import { codedValues } from '../../enums.js';
import { optionalHttpsUrl, playerUserId, whole } from '../../fields.js';
import { defineResource, resourceKeySchema } from '../../resource.js';
import { documentText, optionalDocumentText } from '../../text.js';
import { richText } from './rich-text.js';

/**
 * In-game announcements (issue 44 item 5): login pop-ups, notice-board entries and marquees with
 * a title and a rich-text body per language, an image, a priority, a window and targeting
 * conditions; templates to start one from; and the game's standing notices (the login-screen
 * notice, per-version update notes). All three are versioned resources of the kit; the game
 * reads them per player (`gameGetAnnouncements`). See docs/decisions/2026-11-28-announcements.md.
 */

export const { codes: announcementKinds, labels: announcementKindLabels } = codedValues({
  loginPopup: zhEn('登录弹窗', 'Login pop-up'),
  noticeBoard: zhEn('公告栏', 'Notice board'),
  marquee: zhEn('跑马灯', 'Marquee'),
});
export type AnnouncementKind = (typeof announcementKinds)[number];

/** Longest title and body (characters, tags included). */
export const MAX_ANNOUNCEMENT_TITLE = 100;
export const MAX_ANNOUNCEMENT_BODY = 5000;
/** Highest priority (higher first). */
export const MAX_ANNOUNCEMENT_PRIORITY = 1000;

/** An https image address, or '' for none (a string, so the form gives it a text field). */
const imageUrl = optionalHttpsUrl('announcement.imageHttps');

/** The texts and look every announcement and template has. */
const content = {
  kind: z.enum(announcementKinds, { error: 'announcement.kind' }),
  titleZh: documentText(MAX_ANNOUNCEMENT_TITLE),
  titleEn: documentText(MAX_ANNOUNCEMENT_TITLE),
  bodyZh: richText(MAX_ANNOUNCEMENT_BODY),
  bodyEn: richText(MAX_ANNOUNCEMENT_BODY),
  imageUrl,
  priority: whole(0, MAX_ANNOUNCEMENT_PRIORITY, 'announcement.priority').default(0),
};

const contentLabels = {
  kind: zhEn('类型', 'Kind'),
  titleZh: zhEn('中文标题', 'Chinese title'),
  titleEn: zhEn('英文标题', 'English title'),
  bodyZh: zhEn('中文正文', 'Chinese body'),
  bodyEn: zhEn('英文正文', 'English body'),
  imageUrl: zhEn('图片链接', 'Image URL'),
  priority: zhEn('优先级', 'Priority'),
} as const;

const windowFilter = { kind: 'state', label: zhEn('状态', 'State') } as const;

// ---------------------------------------------------------------------------------------------
// Templates

export const announcementTemplateSchema = z.object({
  name: resourceKeySchema,
  ...content,
  note: optionalDocumentText(500),
});
export type AnnouncementTemplate = z.infer<typeof announcementTemplateSchema>;

export const announcementTemplateResource = defineResource({
  name: 'announcementTemplate',
  label: zhEn('公告模板', 'Announcement template'),
  schema: announcementTemplateSchema,
  key: 'name',
  listFields: ['name', 'kind', 'titleZh', 'titleEn', 'priority'],
  labels: { ...contentLabels, name: zhEn('模板名', 'Template name'), note: zhEn('备注', 'Note') },
  list: {
    filters: { kind: { kind: 'enum', field: 'kind', values: announcementKindLabels } },
    sort: ['name', 'priority', 'updatedAt'],
  },
  search: ['name', 'titleZh', 'titleEn'],
  permissions: {
    query: ['announcementTmplQuery'],
    create: ['announcementTmplCreate'],
    edit: ['announcementTmplEdit'],
    delete: ['announcementTmplEdit'],
  },
  versioned: true,
  gameVisible: false,
  routes: { list: 'announcementTemplate', edit: 'announcementTemplateEdit' },
});

// ---------------------------------------------------------------------------------------------
// Announcements

export const announcementSchema = z.object({
  id: z.number().int(),
  ...content,
  conditions: storedConditionsSchema.default([]),
  /** The template it was started from ('' for none): a record only, nothing follows it. */
  template: z.union([z.literal(''), resourceKeySchema]).default(''),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const announcementResource = defineResource({
  name: 'announcement',
  label: zhEn('公告', 'Announcement'),
  schema: announcementSchema,
  key: 'id',
  autoKey: true,
  listFields: ['id', 'kind', 'titleZh', 'titleEn', 'priority', 'conditions'],
  labels: {
    ...contentLabels,
    id: zhEn('ID', 'ID'),
    conditions: zhEn('目标条件', 'Targeting'),
    template: zhEn('来自模板', 'From template'),
  },
  list: {
    filters: { kind: { kind: 'enum', field: 'kind', values: announcementKindLabels }, state: windowFilter },
    sort: ['id', 'priority', 'updatedAt'],
  },
  search: ['titleZh', 'titleEn', 'bodyZh', 'bodyEn'],
  permissions: {
    query: ['announcementQuery'],
    create: ['announcementEdit'],
    edit: ['announcementEdit'],
    delete: ['announcementEdit'],
  },
  versioned: true,
  gameVisible: false,
  window: true,
  routes: { list: 'announcementList', edit: 'announcementEdit' },
});

// ---------------------------------------------------------------------------------------------
// Standing notices (the settings pair)

export const { codes: standingNoticeKinds, labels: standingNoticeKindLabels } = codedValues({
  loginScreen: zhEn('登录界面公告', 'Login-screen notice'),
  updateNotes: zhEn('版本更新说明', 'Update notes'),
});
export type StandingNoticeKind = (typeof standingNoticeKinds)[number];

export const standingNoticeSchema = z
  .object({
    key: resourceKeySchema,
    kind: z.enum(standingNoticeKinds, { error: 'announcement.noticeKind' }),
    /** Update notes: the app version they describe (shown once to a player on it). */
    appVersion: z.string().trim().max(40, { error: 'v.textTooLong' }).default(''),
    titleZh: documentText(MAX_ANNOUNCEMENT_TITLE),
    titleEn: documentText(MAX_ANNOUNCEMENT_TITLE),
    bodyZh: richText(MAX_ANNOUNCEMENT_BODY),
    bodyEn: richText(MAX_ANNOUNCEMENT_BODY),
    enabled: z.boolean().default(true),
  })
  .superRefine((n, ctx) => {
    if (n.kind === 'updateNotes' && !parseVersion(n.appVersion))
      ctx.addIssue({ code: 'custom', path: ['appVersion'], message: 'announcement.appVersion' });
  });
export type StandingNotice = z.infer<typeof standingNoticeSchema>;

export const standingNoticeResource = defineResource({
  name: 'standingNotice',
  label: zhEn('常驻公告', 'Standing notice'),
  schema: standingNoticeSchema,
  key: 'key',
  listFields: ['key', 'kind', 'appVersion', 'titleZh', 'titleEn', 'enabled'],
  labels: {
    key: zhEn('标识', 'Key'),
    kind: zhEn('类型', 'Kind'),
    appVersion: zhEn('应用版本', 'App version'),
    titleZh: contentLabels.titleZh,
    titleEn: contentLabels.titleEn,
    bodyZh: contentLabels.bodyZh,
    bodyEn: contentLabels.bodyEn,
    enabled: zhEn('启用', 'Enabled'),
  },
  list: {
    filters: { kind: { kind: 'enum', field: 'kind', values: standingNoticeKindLabels }, state: windowFilter },
    sort: ['key', 'updatedAt'],
  },
  search: ['key', 'titleZh', 'titleEn', 'appVersion'],
  permissions: {
    query: ['announcementQuery'],
    create: ['announcementEdit'],
    edit: ['announcementEdit'],
    delete: ['announcementEdit'],
  },
  versioned: true,
  gameVisible: false,
  window: true,
  routes: { list: 'settingAnnouncementList', edit: 'settingAnnouncementEdit' },
});

// ---------------------------------------------------------------------------------------------
// The game's reads

/** One announcement as the game shows it: the player's language's text, the body sanitised. */
export const gameAnnouncementSchema = z.object({
  id: z.number().int(),
  kind: z.enum(announcementKinds),
  /** The language the texts are in (the player's, or the fallback). */
  lang: z.string(),
  title: z.string(),
  /** HTML of the whitelist only (`richTextTags`). */
  body: z.string(),
  imageUrl: z.string(),
  priority: z.number().int(),
  effectiveAt: z.string().nullable(),
  expireAt: z.string().nullable(),
});
export type GameAnnouncement = z.infer<typeof gameAnnouncementSchema>;

export const gameNoticeSchema = z.object({
  /** What `…/announcements/{id}/seen` takes for it (`notes:<key>` for update notes). */
  id: z.string(),
  lang: z.string(),
  title: z.string(),
  body: z.string(),
});

export const gameAnnouncementsSchema = z.object({
  /** Highest priority first, then the newest. */
  announcements: z.array(gameAnnouncementSchema),
  /** The login screen's notice (the enabled one in its window; the newest if several). */
  loginNotice: gameNoticeSchema.nullable(),
  /** The notes of the player's app version, until the player has seen them. */
  updateNotes: gameNoticeSchema.extend({ appVersion: z.string() }).nullable(),
});
export type GameAnnouncements = z.infer<typeof gameAnnouncementsSchema>;

/** An announcement's number, or `notes:<key>` for a version's update notes. */
export const seenIdSchema = z
  .string()
  .regex(/^(\d{1,9}|notes:[A-Za-z][\w.-]{0,99})$/, { error: 'announcement.seenId' });

export const announcementGameEndpoints = /*#__PURE__*/ endpointTable({
  gameGetAnnouncements: endpoint({
    method: 'GET',
    path: '/api/game/v1/players/:userId/announcements',
    summary: "The announcements a player sees now, in the player's language (ETag, 304)",
    permission: 'game',
    params: z.object({ userId: playerUserId }),
    response: gameAnnouncementsSchema,
  }),
  gameAnnouncementSeen: endpoint({
    method: 'POST',
    path: '/api/game/v1/players/:userId/announcements/:id/seen',
    summary: 'A player has seen a login pop-up or update notes: not returned to them again (idempotent)',
    permission: 'game',
    params: z.object({ userId: playerUserId, id: seenIdSchema }),
    response: z.object({ hidden: z.boolean() }),
  }),
});
