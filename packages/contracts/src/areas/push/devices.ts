import { z } from 'zod';
import { zhEn } from '../../bilingual.js';
import { operatingSystems } from '../../conditions.js';
import { endpoint, endpointTable } from '../../endpoint.js';
import { isoDateTime, optionalHttpsUrl, playerUserId } from '../../fields.js';
import { defineResource, resourceKeySchema } from '../../resource.js';
import { documentText, isStorableText, optionalDocumentText } from '../../text.js';

/**
 * Push devices, topics and templates (issue 44 items 1–2). A device is a push token of one
 * player (several per player; a token belongs to one player at a time, the last to register it).
 * Topics and templates are versioned resources of the kit. Sending (`pushSend`, `pushList`) is
 * not built: the tables are shaped so a send fans out over tokens by player, topic, language and
 * time zone.
 */

/** The platforms a token comes from: the condition engine's list (`android`, `ios`). */
export const pushPlatforms = operatingSystems;
export type PushPlatform = (typeof pushPlatforms)[number];

/** The longest token any platform issues (FCM registration tokens are ~160–300 characters). */
export const MAX_PUSH_TOKEN = 4096;

/** An APNs device token: 64 hexadecimal digits (32 bytes; up to 200 for longer tokens Apple may issue). */
export function isApnsToken(token: string): boolean {
  return /^[0-9a-fA-F]{64,200}$/.test(token) && token.length % 2 === 0;
}

/**
 * An FCM registration token: 100 to 4096 characters of letters, digits, `_`, `-` and `:`, never
 * hexadecimal only (so it never passes as an APNs token).
 */
export function isFcmToken(token: string): boolean {
  return (
    token.length >= 100 &&
    token.length <= MAX_PUSH_TOKEN &&
    /^[A-Za-z0-9_:-]+$/.test(token) &&
    !/^[0-9a-fA-F]+$/.test(token)
  );
}

/**
 * Whether a token has its platform's shape. Android issues FCM registration tokens. iOS sends
 * either the device's raw APNs token or, in a game built with the Firebase SDK, the FCM
 * registration token Firebase made of it: FCM reaches the second, never the first (issue 44,
 * decision `2026-11-29-push-ios-fcm-tokens`).
 */
export function pushTokenShape(platform: PushPlatform, token: string): boolean {
  return platform === 'ios' ? isApnsToken(token) || isFcmToken(token) : isFcmToken(token);
}

/** Whether a name is an IANA time zone this runtime knows (`Asia/Shanghai`, `UTC`). */
export function isIanaTimeZone(name: string): boolean {
  if (!/^[A-Za-z0-9_+\-/]{1,64}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** A player's language as the game reports it (BCP 47: `zh-CN`, `en-US`, `en`). */
const language = z
  .string({ error: 'push.language' })
  .trim()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/, { error: 'push.language' });

export const pushTokenBodySchema = z
  .object({
    token: z
      .string({ error: 'push.tokenRequired' })
      .trim()
      .min(1, { error: 'push.tokenRequired' })
      .max(MAX_PUSH_TOKEN, { error: 'push.tokenTooLong' }),
    platform: z.enum(pushPlatforms, { error: 'push.platform' }),
    language,
    timezone: z.string({ error: 'push.timezone' }).trim().refine(isIanaTimeZone, { error: 'push.timezone' }),
    appVersion: z
      .string({ error: 'push.appVersion' })
      .trim()
      .min(1, { error: 'push.appVersion' })
      .max(32, { error: 'push.appVersion' })
      .refine(isStorableText, { error: 'push.appVersion' }),
  })
  .superRefine((b, ctx) => {
    if (b.token.length > 0 && b.token.length <= MAX_PUSH_TOKEN && !pushTokenShape(b.platform, b.token))
      ctx.addIssue({
        code: 'custom',
        path: ['token'],
        message: b.platform === 'ios' ? 'push.tokenShapeIos' : 'push.tokenShapeAndroid',
      });
  });

export const pushTokenDeleteBodySchema = z.object({
  token: z
    .string({ error: 'push.tokenRequired' })
    .trim()
    .min(1, { error: 'push.tokenRequired' })
    .max(MAX_PUSH_TOKEN, { error: 'push.tokenTooLong' })
    // No platform issues a token with other characters (and a NUL cannot be stored).
    .regex(/^[A-Za-z0-9_:-]+$/, { error: 'push.tokenInvalid' }),
});

const topicKeyList = z.array(resourceKeySchema).max(100, { error: 'push.tooManyTopics' }).default([]);
export const pushTopicsBodySchema = z.object({ subscribe: topicKeyList, unsubscribe: topicKeyList });

/** One device of a player, as the console shows it. */
export const pushDeviceSchema = z.object({
  platform: z.enum(pushPlatforms),
  language: z.string(),
  timezone: z.string(),
  appVersion: z.string(),
  /** The token's first and last characters only (a token is a credential to reach the player). */
  tokenHint: z.string(),
  registeredAt: isoDateTime,
  lastSeenAt: isoDateTime,
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;

export const playerPushSchema = z.object({
  devices: z.array(pushDeviceSchema),
  topics: z.array(z.string()),
});

/** What the game's servers call about push (X-Game-Key). */
export const pushGameEndpoints = /*#__PURE__*/ endpointTable({
  gamePutPushToken: endpoint({
    method: 'PUT',
    path: '/api/game/v1/players/:userId/push-token',
    summary: "Register a player's device for push (a token another player had moves to this one)",
    permission: 'game',
    params: z.object({ userId: playerUserId }),
    body: pushTokenBodySchema,
    response: z.object({ registered: z.boolean(), moved: z.boolean(), devices: z.number().int() }),
  }),
  gameDeletePushToken: endpoint({
    method: 'DELETE',
    path: '/api/game/v1/players/:userId/push-token',
    summary: "Forget a device's token (sign-out): only if it is this player's",
    permission: 'game',
    params: z.object({ userId: playerUserId }),
    body: pushTokenDeleteBodySchema,
    response: z.object({ removed: z.boolean() }),
  }),
  gamePutPushTopics: endpoint({
    method: 'PUT',
    path: '/api/game/v1/players/:userId/push-topics',
    summary: "Subscribe and unsubscribe a player's topics (unknown or disabled topics are refused by name)",
    permission: 'game',
    params: z.object({ userId: playerUserId }),
    body: pushTopicsBodySchema,
    response: z.object({ topics: z.array(z.string()) }),
  }),
});

/** What the console reads about push. */
export const pushEndpoints = /*#__PURE__*/ endpointTable({
  playerPush: endpoint({
    method: 'GET',
    path: '/api/v1/push/players/:userId',
    summary: "A player's push devices and topics (the player page's tab)",
    permission: ['pushQuery'],
    params: z.object({ userId: playerUserId }),
    response: playerPushSchema,
  }),
});

// ---------------------------------------------------------------------------------------------
// Topics

export const pushTopicSchema = z.object({
  key: resourceKeySchema,
  'zh-CN': documentText(200),
  'en-US': documentText(200),
  enabled: z.boolean().default(true),
});

export const pushTopicResource = defineResource({
  name: 'pushTopic',
  label: zhEn('推送订阅主题', 'Push topic'),
  schema: pushTopicSchema,
  key: 'key',
  listFields: ['key', 'zh-CN', 'en-US', 'enabled'],
  labels: {
    key: zhEn('主题', 'Topic'),
    'zh-CN': zhEn('中文说明', 'Chinese description'),
    'en-US': zhEn('英文说明', 'English description'),
    enabled: zhEn('启用', 'Enabled'),
  },
  list: {
    computed: { subscribers: { label: zhEn('订阅人数', 'Subscribers'), number: true } },
    sort: ['key', 'updatedAt'],
  },
  search: ['key', 'zh-CN', 'en-US'],
  permissions: {
    query: ['pushTopicQuery'],
    create: ['pushTopicEdit'],
    edit: ['pushTopicEdit'],
    delete: ['pushTopicEdit'],
  },
  versioned: true,
  gameVisible: false,
  routes: { list: 'pushSubscribe', edit: 'pushSubscribeEdit' },
});

// ---------------------------------------------------------------------------------------------
// Templates

/** What a send can fill into a template, `{name}` in a title or body. */
export const pushVariables = ['nickname', 'userId', 'level', 'gems', 'coins', 'vipLevel'] as const;
export type PushVariable = (typeof pushVariables)[number];

/** The `{name}`s a text uses. */
export const templateVariables = (text: string): string[] => [
  ...new Set([...text.matchAll(/\{([^{}\s]*)\}/g)].map((m) => m[1])),
];

/** An image address: empty, or `https://…` (a text field in the form, refused on its field otherwise). */
const httpsUrl = optionalHttpsUrl('push.httpsUrl');
const deepLink = z
  .string()
  .trim()
  .max(1000, { error: 'v.textTooLong' })
  .refine((v) => v === '' || /^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(v), { error: 'push.deepLink' })
  .refine((v) => !/^(javascript|data|vbscript|file):/i.test(v), { error: 'push.deepLink' })
  .default('');

export const pushTemplateFields = ['titleZh', 'bodyZh', 'titleEn', 'bodyEn'] as const;

/**
 * Each title and body naming a `{variable}` a send cannot fill is refused on its field, naming it
 * and the variables there are (templates and a send's own text alike).
 */
export function refuseUnknownVariables(
  texts: Record<(typeof pushTemplateFields)[number], string>,
  ctx: z.RefinementCtx,
) {
  for (const field of pushTemplateFields) {
    const unknown = templateVariables(texts[field]).filter((v) => !(pushVariables as readonly string[]).includes(v));
    if (unknown.length > 0)
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: 'push.unknownVariable',
        params: {
          names: unknown.map((v) => `{${v}}`).join(', '),
          allowed: pushVariables.map((v) => `{${v}}`).join(' '),
        },
      });
  }
}

export const pushTemplateSchema = z
  .object({
    name: resourceKeySchema,
    titleZh: documentText(100),
    bodyZh: documentText(1000),
    titleEn: documentText(100),
    bodyEn: documentText(1000),
    deepLink,
    imageUrl: httpsUrl,
    note: optionalDocumentText(500),
  })
  .superRefine((t, ctx) => refuseUnknownVariables(t, ctx));
export type PushTemplate = z.infer<typeof pushTemplateSchema>;

export const pushTemplateResource = defineResource({
  name: 'pushTemplate',
  label: zhEn('推送模板', 'Push template'),
  schema: pushTemplateSchema,
  key: 'name',
  listFields: ['name', 'titleZh', 'titleEn', 'deepLink'],
  labels: {
    titleZh: zhEn('中文标题', 'Chinese title'),
    bodyZh: zhEn('中文正文', 'Chinese body'),
    titleEn: zhEn('英文标题', 'English title'),
    bodyEn: zhEn('英文正文', 'English body'),
    deepLink: zhEn('深度链接', 'Deep link'),
    imageUrl: zhEn('图片链接', 'Image URL'),
    note: zhEn('备注', 'Note'),
  },
  search: ['name', 'titleZh', 'titleEn', 'bodyZh', 'bodyEn'],
  permissions: {
    query: ['pushTemplateQuery'],
    create: ['pushTemplateEdit'],
    edit: ['pushTemplateEdit'],
    delete: ['pushTemplateEdit'],
  },
  versioned: true,
  gameVisible: false,
  routes: { list: 'pushTemplateList', edit: 'pushTemplateEdit' },
});
