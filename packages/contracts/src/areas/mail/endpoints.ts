import { z } from 'zod';
import type { AccessRule } from '../../access.js';
import { zhEn } from '../../bilingual.js';
import { canonicalLanguage, conditionAttributes, conditionOperators, conditionsSchema } from '../../conditions.js';
import { endpoint, endpointTable, type PermissionBy } from '../../endpoint.js';
import { type MailScope, mailScopes, mailStates } from '../../enums.js';
import {
  blankToUndefined,
  idParams,
  isoDate,
  isoDateTime,
  optionalExternalId,
  optionalIsoDate,
  optionalPlayerUserId,
  optionalRowId,
  optionalWholeNumber,
  playerUserId,
} from '../../fields.js';
import { rewardsSchema } from '../../game-catalogue.js';
import { MAIL_LIST_PAGE_SIZE, pagedList, pageQuery, pageSizeQuery } from '../../http.js';
import type { Permission } from '../../permissions.js';
import { defaultTextLanguage } from '../../pick-text.js';
import { defineResource } from '../../resource.js';
import { name, optionalText, rawText } from '../../text.js';

/**
 * In-game mail: mail templates and reward templates, personal / global / comeback mails, the
 * player's mail tab in the console, and the game's mailbox and claims.
 */

export const templateTables = ['mail', 'reward'] as const;
export type TemplateTable = (typeof templateTables)[number];

/** Which permission each scope needs: one endpoint serves several scopes, `permissionBy` asks for the specific one. */
export const mailScopePermissions: Record<MailScope, { query: Permission; create: Permission; delete: Permission }> = {
  personal: { query: 'mailQuery', create: 'mailCreate', delete: 'mailDelete' },
  global: { query: 'globalMailQuery', create: 'globalMailCreate', delete: 'globalMailDelete' },
  comeback: { query: 'globalMailQuery', create: 'globalMailCreate', delete: 'globalMailDelete' },
};
export const templatePermissions: Record<TemplateTable, { query: Permission; create: Permission }> = {
  mail: { query: 'mailTemplateQuery', create: 'mailTemplateCreate' },
  reward: { query: 'mailRewardTemplateQuery', create: 'mailRewardTemplateCreate' },
};
const anyScope = (action: 'query' | 'create' | 'delete'): AccessRule => [
  ...new Set(mailScopes.map((s) => mailScopePermissions[s][action])),
];
/** The scope's own permission for `action`: enforced by the registrar on the `mailScope` field. */
const byScope = (action: 'query' | 'create' | 'delete'): PermissionBy => ({
  field: 'mailScope',
  map: Object.fromEntries(mailScopes.map((s) => [s, [mailScopePermissions[s][action]]])),
});
/** The template table's own permission for `action`, on the `theTable` field. */
const byTable = (action: 'query' | 'create'): PermissionBy => ({
  field: 'theTable',
  map: Object.fromEntries(templateTables.map((t) => [t, [templatePermissions[t][action]]])),
});

/** The change notice of a mail mutation: every instance drops its compiled live mails (`notifies`). */
export const mailChangeChannel = 'rookery_mail_changed';

/** Languages the console offers first for mail texts; any other language tag is accepted too. */
export const mailLanguages = ['zh-CN', 'en-US'] as const;
/** The text a player sees when the mail has none in their language (then English, then any): every player text's default. */
export const mailDefaultLanguage = defaultTextLanguage;

/** Most players one personal mail lists. */
export const MAX_MAIL_RECIPIENTS = 10_000;

/** `{ "zh-CN": "…", "en-us": "…" }` → keys canonical, blank texts dropped. */
const localizedText = (max: number) =>
  // A language whose box was left empty comes as undefined or null: a blank text, dropped.
  z.record(rawText(), rawText().max(max).nullish(), { error: 'v.required' }).transform((texts, ctx) => {
    const out: Record<string, string> = {};
    for (const [key, text] of Object.entries(texts)) {
      const lang = canonicalLanguage(key);
      if (!lang) ctx.addIssue({ code: 'custom', path: [key], message: 'mail.languageTag', input: key });
      else if (text?.trim()) out[lang] = text.trim();
    }
    return out;
  });

/** Title and content come in pairs: a language with one has the other. */
function checkTextPairs(
  body: { title: Record<string, string>; content: Record<string, string> },
  ctx: z.RefinementCtx,
  required: boolean,
) {
  const titles = Object.keys(body.title);
  const contents = Object.keys(body.content);
  if (required && titles.length === 0) ctx.addIssue({ code: 'custom', path: ['title'], message: 'mail.titleRequired' });
  if (required && contents.length === 0)
    ctx.addIssue({ code: 'custom', path: ['content'], message: 'mail.contentRequired' });
  for (const lang of titles)
    if (!contents.includes(lang))
      ctx.addIssue({ code: 'custom', path: ['content', lang], message: 'mail.languagePairs' });
  for (const lang of contents)
    if (!titles.includes(lang)) ctx.addIssue({ code: 'custom', path: ['title', lang], message: 'mail.languagePairs' });
}

/** The player IDs of a personal mail, one per line (commas and spaces also separate). */
export function parseUserIdInput(input: string): { ids: number[]; invalid: string[] } {
  const ids = new Set<number>();
  const invalid: string[] = [];
  for (const token of input.split(/[\s,;]+/).filter(Boolean)) {
    const parsed = playerUserId.safeParse(token);
    if (parsed.success) ids.add(parsed.data);
    else invalid.push(token);
  }
  return { ids: [...ids], invalid };
}

const iapIdSchema = z.preprocess(
  blankToUndefined,
  z
    .string({ error: 'mail.iapId' })
    .trim()
    .regex(/^[\w.-]{1,100}$/, { error: 'mail.iapId' })
    .optional(),
);

/** A mail as the operator writes it (create, and the full replacement of an edit). */
export const mailBodySchema = z
  .object({
    mailScope: z.enum(mailScopes, { error: 'mail.scope' }),
    title: localizedText(200).default({}),
    content: localizedText(5000).default({}),
    /** Fills title and content when they are left empty. */
    mailTemplateId: optionalRowId,
    /** Fills the rewards when they are left empty. */
    rewardTemplateId: optionalRowId,
    reward: rewardsSchema.default([]),
    conditions: conditionsSchema.default([]),
    effectiveAt: z.preprocess(blankToUndefined, isoDateTime.optional()),
    expireAt: isoDateTime,
    iapId: iapIdSchema,
    /** Personal mail: the player IDs, one per line. */
    userIdInput: z.preprocess(blankToUndefined, rawText().max(400_000).optional()),
    /** Comeback mail: days away that make a return. */
    notLoginDays: optionalWholeNumber(1, 3650, 'mail.notLoginDays'),
    /** Comeback mail: how many returns one player is given it for. */
    maxTimes: optionalWholeNumber(1, 100, 'mail.maxTimes'),
  })
  .superRefine((body, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    checkTextPairs(body, ctx, body.mailTemplateId === undefined);
    if (body.effectiveAt && Date.parse(body.expireAt) <= Date.parse(body.effectiveAt))
      issue('expireAt', 'mail.expireAfterEffective');
    if (body.mailScope === 'personal') {
      if (body.conditions.length > 0) issue('conditions', 'mail.conditionsNotForScope');
      const { ids, invalid } = parseUserIdInput(body.userIdInput ?? '');
      if (invalid.length > 0) issue('userIdInput', 'v.userIdFormat');
      else if (ids.length === 0) issue('userIdInput', 'mail.userIdsRequired');
      else if (ids.length > MAX_MAIL_RECIPIENTS) issue('userIdInput', 'mail.tooManyUserIds');
    } else if (body.userIdInput?.trim()) issue('userIdInput', 'mail.userIdsNotForScope');
    if (body.mailScope === 'comeback') {
      if (body.notLoginDays === undefined) issue('notLoginDays', 'mail.notLoginDays');
    } else {
      if (body.notLoginDays !== undefined) issue('notLoginDays', 'mail.comebackOnly');
      if (body.maxTimes !== undefined) issue('maxTimes', 'mail.comebackOnly');
    }
  });
export type MailBody = z.infer<typeof mailBodySchema>;

// Response shapes carry no transforms: the server encodes answers with them.
const textsView = z.record(z.string(), z.string());
export const rewardView = z.object({ kind: z.string(), amount: z.number().int() });
export const conditionView = z.object({
  attr: z.enum(conditionAttributes),
  op: z.enum(conditionOperators),
  value: z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))]),
});

export const mailSchema = z.object({
  id: z.number().int(),
  mailScope: z.enum(mailScopes),
  state: z.enum(mailStates),
  title: textsView,
  content: textsView,
  reward: z.array(rewardView),
  conditions: z.array(conditionView),
  effectiveAt: isoDate,
  expireAt: isoDate,
  iapId: z.string().nullable(),
  mailTemplateId: z.number().int().nullable(),
  rewardTemplateId: z.number().int().nullable(),
  notLoginDays: z.number().int().nullable(),
  maxTimes: z.number().int().nullable(),
  /** Personal mail: how many players it lists. */
  recipientCount: z.number().int(),
  createdBy: z.string().nullable(),
  recalledBy: z.string().nullable(),
  recalledAt: optionalIsoDate,
  createAt: isoDate,
  updateAt: isoDate,
});
export type Mail = z.input<typeof mailSchema>;

export const mailDetailSchema = mailSchema.extend({
  /** Personal mail: the listed player IDs, one per line. */
  userIdInput: z.string().nullable(),
  readCount: z.number().int(),
  claimedCount: z.number().int(),
});

export const templateSchema = z.object({
  id: z.number().int(),
  theTable: z.enum(templateTables),
  name: z.string(),
  title: textsView.nullable(),
  content: textsView.nullable(),
  reward: z.array(rewardView).nullable(),
  createdBy: z.string().nullable(),
  createAt: isoDate,
  updateAt: isoDate,
});
export type MailTemplate = z.input<typeof templateSchema>;

const templateName = name({ required: 'template.nameRequired', max: 100 });
/** The spec's template calls, one table's (`theTable` fixed): the kit serves them from its storage. */
const templateCalls = (theTable: TemplateTable) => ({
  endpoints: {
    list: 'listMailTemplates',
    get: 'getMailTemplate',
    create: 'createMailTemplate',
    update: 'updateMailTemplate',
    delete: 'deleteMailTemplate',
  },
  fixed: { theTable },
  keyParam: 'id',
  searchParam: 'searchName',
  // The spec's template: every table's fields (null where another table's), createAt/updateAt.
  answer: (item: Record<string, unknown> & { createdAt: string; updatedAt: string }) => ({
    title: null,
    content: null,
    reward: null,
    ...item,
    theTable,
    createAt: new Date(item.createdAt),
    updateAt: new Date(item.updatedAt),
  }),
});
const templateRules = (table: TemplateTable) => {
  const { query, create } = templatePermissions[table];
  return { query: [query], create: [create], edit: [create], delete: [create] };
};
const uniqueName = [{ field: 'name', message: 'template.nameTaken' }] as const;

/**
 * Mail templates on the resource kit (its storage, key, name and audit checks), numbered as the
 * spec's calls and mails name them, mapped onto the spec's template calls (`theTable=mail`).
 */
export const mailTemplateResource = defineResource({
  name: 'mailTemplate',
  label: zhEn('邮件模板', 'Mail template'),
  schema: templateSchema.pick({ id: true, name: true, title: true, content: true }),
  key: 'id',
  autoKey: true,
  unique: uniqueName,
  listFields: ['id', 'name', 'title'],
  search: ['name'],
  permissions: templateRules('mail'),
  versioned: true,
  gameVisible: false,
  routes: { list: 'emailTemplateList', edit: 'emailTemplateEdit' },
  spec: templateCalls('mail'),
});

/** Reward templates: the same calls with `theTable=reward`. */
export const rewardTemplateResource = defineResource({
  name: 'rewardTemplate',
  label: zhEn('奖励模板', 'Reward template'),
  schema: templateSchema.pick({ id: true, name: true, reward: true }),
  key: 'id',
  autoKey: true,
  unique: uniqueName,
  listFields: ['id', 'name', 'reward'],
  search: ['name'],
  permissions: templateRules('reward'),
  versioned: true,
  gameVisible: false,
  routes: { list: 'emailRewardTemplateList', edit: 'emailRewardTemplateEdit' },
  spec: templateCalls('reward'),
});
export const templateResources = { mail: mailTemplateResource, reward: rewardTemplateResource } as const;

export const templateBodySchema = z.discriminatedUnion(
  'theTable',
  [
    z
      .object({
        theTable: z.literal('mail'),
        name: templateName,
        title: localizedText(200).default({}),
        content: localizedText(5000).default({}),
      })
      .superRefine((b, ctx) => checkTextPairs(b, ctx, true)),
    z.object({
      theTable: z.literal('reward'),
      name: templateName,
      reward: rewardsSchema.min(1, { error: 'template.rewardRequired' }),
    }),
  ],
  { error: 'template.table' },
);
export type TemplateBody = z.infer<typeof templateBodySchema>;

/** Who reads templates: the table's own query permission. */
const templateRead = {
  permission: [templatePermissions.mail.query, templatePermissions.reward.query],
  permissionBy: byTable('query'),
};
/** Who writes templates (the table's own permission), what it audits and what it reloads. */
const templateWrite = {
  permission: [templatePermissions.mail.create, templatePermissions.reward.create],
  permissionBy: byTable('create'),
  auditTarget: [mailTemplateResource.name, rewardTemplateResource.name],
  invalidates: ['listMailTemplates', 'getMailTemplate'],
};
const theTableQuery = z.object({ theTable: z.enum(templateTables, { error: 'template.table' }).default('mail') });
const mailScopeQuery = z.object({ mailScope: z.enum(mailScopes, { error: 'mail.scope' }).optional() });
const trimmedSearch = optionalText(200);

/** How the console finds a player: any one of these. */
const playerKeyQuery = z.object({
  socialId: optionalExternalId,
  deviceId: optionalExternalId,
  userId: optionalPlayerUserId,
});
const playerKeyRequired = (q: { socialId?: string; deviceId?: string; userId?: number }, ctx: z.RefinementCtx) => {
  if (!q.socialId && !q.deviceId && !q.userId)
    ctx.addIssue({ code: 'custom', path: ['socialId'], message: 'mail.playerRequired' });
};

/** The parts of a mail the player-facing lists show. */
const mailSummaryFields = {
  id: true,
  mailScope: true,
  state: true,
  title: true,
  content: true,
  reward: true,
  effectiveAt: true,
  expireAt: true,
} as const;

/** One mail as one player has it: the mail, its state for the player. */
export const playerMailSchema = mailSchema.pick(mailSummaryFields).extend({
  /** Comeback mail: which return this copy is for. */
  round: z.number().int(),
  read: z.boolean(),
  claimed: z.boolean(),
  claimedAt: optionalIsoDate,
  /** Removed from this player's mailbox by an operator. */
  removed: z.boolean(),
  /** Shown in the game's mailbox right now. */
  inMailbox: z.boolean(),
});

export type PlayerMail = z.input<typeof playerMailSchema>;

export const mailEndpoints = /*#__PURE__*/ endpointTable({
  createMailTemplate: endpoint({
    method: 'POST',
    path: '/api/v1/email/template',
    summary: 'Create a mail template (theTable=mail) or a reward template (theTable=reward)',
    ...templateWrite,
    body: templateBodySchema,
    response: templateSchema,
  }),
  listMailTemplates: endpoint({
    method: 'GET',
    path: '/api/v1/email/template',
    summary: 'Mail or reward templates, searched by name; pageSize 1000 fills pickers',
    ...templateRead,
    query: pageQuery.extend({ searchName: trimmedSearch, ...theTableQuery.shape }),
    response: pagedList(templateSchema),
  }),
  getMailTemplate: endpoint({
    method: 'GET',
    path: '/api/v1/email/template/:id',
    summary: 'One mail or reward template',
    ...templateRead,
    params: idParams,
    query: theTableQuery,
    response: templateSchema,
  }),
  updateMailTemplate: endpoint({
    method: 'PUT',
    path: '/api/v1/email/template/:id',
    summary: 'Edit a mail or reward template (sent mails keep their copy)',
    ...templateWrite,
    params: idParams,
    body: templateBodySchema,
    response: templateSchema,
  }),
  deleteMailTemplate: endpoint({
    method: 'DELETE',
    path: '/api/v1/email/template/:id',
    summary: 'Delete a mail or reward template (sent mails keep their copy)',
    ...templateWrite,
    params: idParams,
    query: theTableQuery,
    response: z.object({ ok: z.literal(true) }),
  }),
  createMail: endpoint({
    method: 'POST',
    path: '/api/v1/email',
    summary: 'Send a personal, global or comeback mail',
    permission: anyScope('create'),
    permissionBy: byScope('create'),
    body: mailBodySchema,
    notifies: [mailChangeChannel],
    auditTarget: 'mail',
    response: mailDetailSchema,
    invalidates: ['listMails', 'getMail', 'searchMailsByUser', 'listPlayerMails'],
  }),
  checkMailRecipients: endpoint({
    method: 'POST',
    path: '/api/v1/email/recipients/check',
    summary: "Which of a personal mail's listed user IDs are not players (changes nothing)",
    permission: [mailScopePermissions.personal.create],
    readOnly: true,
    body: z
      .object({ userIdInput: z.preprocess(blankToUndefined, rawText().max(400_000).optional()) })
      .superRefine((body, ctx) => {
        const { ids, invalid } = parseUserIdInput(body.userIdInput ?? '');
        const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['userIdInput'], message });
        if (invalid.length > 0) issue('v.userIdFormat');
        else if (ids.length > MAX_MAIL_RECIPIENTS) issue('mail.tooManyUserIds');
      }),
    response: z.object({
      /** Distinct user IDs read from the list. */
      read: z.number().int(),
      /** Those that are not players, in the order listed. */
      unknown: z.array(z.number().int()),
    }),
  }),
  listMails: endpoint({
    method: 'GET',
    path: '/api/v1/email',
    summary: 'Mails of a scope (all scopes the user may see when none is given), newest first',
    permission: anyScope('query'),
    permissionBy: byScope('query'),
    query: pageQuery.extend({
      pageSize: pageSizeQuery(MAIL_LIST_PAGE_SIZE),
      mailScope: mailScopeQuery.shape.mailScope,
      state: z.enum(mailStates).optional(),
      title: trimmedSearch,
    }),
    response: pagedList(mailSchema),
  }),
  searchMailsByUser: endpoint({
    method: 'GET',
    path: '/api/v1/email/search/user',
    summary: "Mails that reached one player, with the player's read and claim state",
    permission: anyScope('query'),
    permissionBy: byScope('query'),
    query: pageQuery.extend({ userId: playerUserId, mailScope: mailScopeQuery.shape.mailScope }),
    response: pagedList(playerMailSchema),
  }),
  getMail: endpoint({
    method: 'GET',
    path: '/api/v1/email/:id',
    summary: 'One mail with its recipients and claim counts',
    permission: anyScope('query'),
    permissionBy: byScope('query'),
    params: idParams,
    query: mailScopeQuery,
    response: mailDetailSchema,
  }),
  updateMail: endpoint({
    method: 'PUT',
    path: '/api/v1/email/:id',
    summary: 'Edit a mail: anything before it starts; title, content, expiry and IAP afterwards',
    permission: anyScope('create'),
    permissionBy: byScope('create'),
    params: idParams,
    query: mailScopeQuery,
    body: mailBodySchema,
    notifies: [mailChangeChannel],
    auditTarget: 'mail',
    response: mailDetailSchema,
    invalidates: ['listMails', 'getMail', 'searchMailsByUser', 'listPlayerMails'],
  }),
  recallMail: endpoint({
    method: 'DELETE',
    path: '/api/v1/email/:id',
    summary: 'Recall a mail: gone from mailboxes where unclaimed, kept in history',
    permission: anyScope('delete'),
    permissionBy: byScope('delete'),
    params: idParams,
    query: mailScopeQuery,
    notifies: [mailChangeChannel],
    auditTarget: 'mail',
    response: mailSchema,
    invalidates: ['listMails', 'getMail', 'searchMailsByUser', 'listPlayerMails'],
  }),
  listPlayerMails: endpoint({
    method: 'GET',
    path: '/api/v1/gm/user/email',
    summary: "A player's mails (personal, comeback and the global mails that reach them) with claim state",
    permission: anyScope('query'),
    permissionBy: byScope('query'),
    query: pageQuery
      .extend({ ...playerKeyQuery.shape, mailScope: mailScopeQuery.shape.mailScope })
      .superRefine(playerKeyRequired),
    response: pagedList(playerMailSchema).extend({ userId: z.number().int() }),
  }),
  removePlayerMail: endpoint({
    method: 'DELETE',
    path: '/api/v1/gm/user/email/:id',
    summary: "Remove one mail from one player's mailbox (the mail stays for everyone else)",
    permission: anyScope('delete'),
    permissionBy: byScope('delete'),
    params: idParams,
    query: playerKeyQuery.superRefine(playerKeyRequired),
    auditTarget: 'player',
    response: playerMailSchema,
    invalidates: ['listPlayerMails', 'searchMailsByUser'],
  }),
});

const gameUserParams = z.object({ userId: playerUserId });
const gameMailParams = z.object({ userId: playerUserId, mailId: idParams.shape.id });

export const mailboxItemSchema = z.object({
  id: z.number().int(),
  mailScope: z.enum(mailScopes),
  /** In the player's language, else the default language. */
  title: z.string(),
  content: z.string(),
  language: z.string(),
  reward: z.array(rewardView),
  iapId: z.string().nullable(),
  read: z.boolean(),
  claimed: z.boolean(),
  effectiveAt: z.string(),
  expireAt: z.string(),
});
export type MailboxItem = z.infer<typeof mailboxItemSchema>;

export const claimStatuses = ['claimed', 'alreadyClaimed', 'blacklisted'] as const;

/** What the game's servers call about mail (X-Game-Key). */
export const mailGameEndpoints = /*#__PURE__*/ endpointTable({
  gameGetMailbox: endpoint({
    method: 'GET',
    path: '/api/game/v1/players/:userId/mailbox',
    summary: "The player's mailbox now: personal, comeback and the global mails whose conditions match",
    permission: 'game',
    params: gameUserParams,
    response: z.object({ list: z.array(mailboxItemSchema), serverTime: z.string() }),
  }),
  gameReadMail: endpoint({
    method: 'POST',
    path: '/api/game/v1/players/:userId/mails/:mailId/read',
    summary: 'Mark a mailbox mail read',
    permission: 'game',
    params: gameMailParams,
    response: z.object({ id: z.number().int(), read: z.literal(true) }),
  }),
  gameClaimMail: endpoint({
    method: 'POST',
    path: '/api/game/v1/players/:userId/mails/:mailId/claim',
    summary: "Claim a mail's rewards once; a repeat or a blacklisted player gets nothing and is told why",
    permission: 'game',
    params: gameMailParams,
    response: z.object({
      id: z.number().int(),
      status: z.enum(claimStatuses),
      /** What was added to the player's resources by this call. */
      rewards: z.array(rewardView),
      message: z.string(),
      /** The player's save count after the claim: the game reloads its state when it changed. */
      saveCount: z.number().int(),
    }),
  }),
});
