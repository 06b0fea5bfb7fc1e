import { z } from 'zod';
import { zhEn } from '../../bilingual.js';
import { conditionsSchema } from '../../conditions.js';
import { endpoint, endpointTable } from '../../endpoint.js';
import { codedValues } from '../../enums.js';
import { isoDateTime, rowId } from '../../fields.js';
import { pageSizeQuery } from '../../http.js';
import { resourceKeySchema } from '../../resource.js';
import { isStorableText, optionalText } from '../../text.js';
import { refuseUnknownVariables } from './devices.js';

/**
 * Push sends (issue 44 items 3–4): whom (everyone with a device, listed players, a topic's
 * subscribers, or players matching conditions), what (a template or free text in both languages),
 * when (now, at a time, or at a wall-clock time in each device's time zone), quiet hours and a rate.
 * Delivery fans out in jobs, one per time zone (docs/decisions/2026-11-28-push-sends.md).
 */

export const pushAudienceKinds = ['all', 'players', 'topic', 'conditions'] as const;
export type PushAudienceKind = (typeof pushAudienceKinds)[number];
export const pushContentKinds = ['template', 'text'] as const;
export const pushTimings = ['now', 'at', 'local'] as const;
export type PushTiming = (typeof pushTimings)[number];
export const { codes: pushSendStates, labels: pushSendStateLabels } = codedValues({
  scheduled: zhEn('计划中', 'Scheduled'),
  sending: zhEn('发送中', 'Sending'),
  done: zhEn('已完成', 'Done'),
  cancelled: zhEn('已取消', 'Cancelled'),
  failed: zhEn('失败', 'Failed'),
});
export type PushSendState = (typeof pushSendStates)[number];

/** Most players one send lists by ID. */
export const MAX_PUSH_USER_IDS = 10_000;
/** The highest rate a send may ask for (messages per second). */
export const MAX_PUSH_RATE = 10_000;

/**
 * The user IDs of a text, one per line (commas and spaces also separate): the valid ones, once
 * each, and the lines that are no user ID, as written (at most 20 named back).
 */
export function parseUserIdLines(text: string): { ids: number[]; invalid: string[] } {
  const ids = new Set<number>();
  const invalid: string[] = [];
  for (const part of text.split(/[\s,，]+/)) {
    if (part === '') continue;
    if (/^[1-9]\d{0,15}$/.test(part) && Number(part) <= Number.MAX_SAFE_INTEGER) ids.add(Number(part));
    else invalid.push(part);
  }
  return { ids: [...ids], invalid };
}

/** `HH:mm`, a wall-clock time of day. */
const clockTime = z
  .string()
  .trim()
  .refine((v) => v === '' || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), { error: 'push.clockTime' })
  .default('');

/** `YYYY-MM-DDTHH:mm`: a wall-clock date and time, read in each device's time zone. */
export const localDateTime = z
  .string()
  .trim()
  .refine(
    (v) => v === '' || (/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/.test(v) && !Number.isNaN(Date.parse(`${v}:00Z`))),
    {
      error: 'push.localTime',
    },
  )
  .default('');

const sendText = (max: number) =>
  z.string().trim().max(max, { error: 'v.textTooLong' }).refine(isStorableText, { error: 'v.textInvalid' }).default('');

/** Whom a send reaches: the audience part of a send (also what the audience preview counts). */
export const pushAudienceSchema = z
  .object({
    audience: z.enum(pushAudienceKinds, { error: 'push.audience' }),
    /** The players' user IDs, one per line (audience `players`). */
    userIds: z.string().max(200_000, { error: 'v.textTooLong' }).default(''),
    /** The topic's key (audience `topic`). */
    topic: z.string().trim().max(100).default(''),
    /** Conditions on the players (audience `conditions`): an AND of rules. */
    conditions: conditionsSchema.default([]),
  })
  .superRefine((a, ctx) => {
    if (a.audience === 'players') {
      const { ids, invalid } = parseUserIdLines(a.userIds);
      if (invalid.length > 0)
        ctx.addIssue({
          code: 'custom',
          path: ['userIds'],
          message: 'push.invalidUserIds',
          params: { count: invalid.length, ids: invalid.slice(0, 20).join(', ') },
        });
      else if (ids.length === 0) ctx.addIssue({ code: 'custom', path: ['userIds'], message: 'push.noUserIds' });
      else if (ids.length > MAX_PUSH_USER_IDS)
        ctx.addIssue({
          code: 'custom',
          path: ['userIds'],
          message: 'push.tooManyUserIds',
          params: { max: MAX_PUSH_USER_IDS },
        });
    }
    if (a.audience === 'topic' && !resourceKeySchema.safeParse(a.topic).success)
      ctx.addIssue({ code: 'custom', path: ['topic'], message: 'push.topicRequired' });
    if (a.audience === 'conditions' && a.conditions.length === 0)
      ctx.addIssue({ code: 'custom', path: ['conditions'], message: 'push.conditionsRequired' });
  });
export type PushAudience = z.output<typeof pushAudienceSchema>;

/** A send as the console creates it. */
export const pushSendBodySchema = z
  .object({
    /** The operators' name for the send in its history. */
    name: z
      .string({ error: 'v.required' })
      .trim()
      .min(1, { error: 'v.required' })
      .max(100, { error: 'v.textTooLong' })
      .refine(isStorableText, { error: 'v.textInvalid' }),
    audience: pushAudienceSchema.shape.audience,
    userIds: pushAudienceSchema.shape.userIds,
    topic: pushAudienceSchema.shape.topic,
    conditions: pushAudienceSchema.shape.conditions,
    content: z.enum(pushContentKinds, { error: 'push.content' }),
    /** The template's name (content `template`). */
    template: z.string().trim().max(100).default(''),
    titleZh: sendText(100),
    bodyZh: sendText(1000),
    titleEn: sendText(100),
    bodyEn: sendText(1000),
    timing: z.enum(pushTimings, { error: 'push.timing' }),
    /** When (timing `at`). */
    at: z.preprocess((v) => (v === '' || v === null ? undefined : v), isoDateTime.optional()),
    /** The wall-clock time in each device's zone (timing `local`). */
    localTime: localDateTime,
    /** Quiet hours in each device's zone: messages due inside wait until `quietEnd`. Both or neither. */
    quietStart: clockTime,
    quietEnd: clockTime,
    /** A test send's players, one per line (the test endpoint only). */
    testUserIds: z.string().max(20_000, { error: 'v.textTooLong' }).default(''),
    /** Messages per second at most. */
    ratePerSecond: z.coerce
      .number({ error: 'push.rate' })
      .int({ error: 'push.rate' })
      .min(1, { error: 'push.rate' })
      .max(MAX_PUSH_RATE, { error: 'push.rate' })
      .default(1000),
  })
  .superRefine((b, ctx) => {
    const audience = pushAudienceSchema.safeParse(b);
    if (!audience.success)
      for (const issue of audience.error.issues)
        ctx.addIssue({ ...issue, code: 'custom', params: (issue as { params?: Record<string, unknown> }).params });
    if (b.content === 'template' && !resourceKeySchema.safeParse(b.template).success)
      ctx.addIssue({ code: 'custom', path: ['template'], message: 'push.templateRequired' });
    if (b.content === 'text') {
      if (b.titleZh === '' && b.titleEn === '')
        ctx.addIssue({ code: 'custom', path: ['titleZh'], message: 'push.titleRequired' });
      if (b.bodyZh === '' && b.bodyEn === '')
        ctx.addIssue({ code: 'custom', path: ['bodyZh'], message: 'push.bodyRequired' });
      refuseUnknownVariables(b, ctx);
    }
    if (b.timing === 'at' && !b.at) ctx.addIssue({ code: 'custom', path: ['at'], message: 'push.atRequired' });
    if (b.timing === 'local' && b.localTime === '')
      ctx.addIssue({ code: 'custom', path: ['localTime'], message: 'push.localTimeRequired' });
    if ((b.quietStart === '') !== (b.quietEnd === ''))
      ctx.addIssue({
        code: 'custom',
        path: [b.quietStart === '' ? 'quietStart' : 'quietEnd'],
        message: 'push.quietBoth',
      });
    else if (b.quietStart !== '' && b.quietStart === b.quietEnd)
      ctx.addIssue({ code: 'custom', path: ['quietEnd'], message: 'push.quietSame' });
  });
export type PushSendBody = z.output<typeof pushSendBodySchema>;

/** What the confirmation says before a send: players and devices it reaches now. */
export const pushAudienceCountSchema = z.object({
  players: z.number().int(),
  devices: z.number().int(),
});

export const pushSendViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  test: z.boolean(),
  audience: z.enum(pushAudienceKinds),
  /** The audience in words' parts: the topic, the listed players' count, the conditions. */
  topic: z.string(),
  userIdCount: z.number().int(),
  conditions: z.array(z.unknown()),
  content: z.enum(pushContentKinds),
  template: z.string(),
  titleZh: z.string(),
  titleEn: z.string(),
  timing: z.enum(pushTimings),
  at: isoDateTime.nullable(),
  localTime: z.string(),
  quietStart: z.string(),
  quietEnd: z.string(),
  ratePerSecond: z.number().int(),
  state: z.enum(pushSendStates),
  /** Time zones planned, and those finished. */
  zones: z.number().int(),
  zonesDone: z.number().int(),
  /** Time zones whose wall-clock time had passed when the send was made (sent at once). */
  lateZones: z.number().int(),
  targeted: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  invalidTokens: z.number().int(),
  /** The next zone's time (scheduled), the last finish (done). */
  nextAt: isoDateTime.nullable(),
  finishedAt: isoDateTime.nullable(),
  createdBy: z.string(),
  createdAt: isoDateTime,
  cancelledAt: isoDateTime.nullable(),
  error: z.string().nullable(),
});
export type PushSendView = z.infer<typeof pushSendViewSchema>;

export const pushSendListQuery = z.object({
  state: z.preprocess((v) => (v === '' ? undefined : v), z.enum(pushSendStates).optional()),
  cursor: optionalText(200),
  pageSize: pageSizeQuery(),
});

const sendParams = z.object({ id: rowId });

/** The console's push sends. */
export const pushSendEndpoints = /*#__PURE__*/ endpointTable({
  pushSendAudience: endpoint({
    method: 'POST',
    path: '/api/v1/push/sends/audience',
    summary: 'How many players and devices a send would reach now (changes nothing)',
    permission: ['pushQuery'],
    readOnly: true,
    body: pushAudienceSchema,
    response: pushAudienceCountSchema,
  }),
  createPushSend: endpoint({
    method: 'POST',
    path: '/api/v1/push/sends',
    summary: 'Send a push now, at a time or at a local time per time zone (delivered by jobs)',
    permission: ['pushSend'],
    auditTarget: 'pushSend',
    invalidates: ['listPushSends'],
    body: pushSendBodySchema,
    response: pushSendViewSchema,
  }),
  testPushSend: endpoint({
    method: 'POST',
    path: '/api/v1/push/sends/test',
    summary: "Send a push's content now to listed players only (a test before the real send)",
    permission: ['pushSend'],
    auditTarget: 'pushSend',
    invalidates: ['listPushSends'],
    body: pushSendBodySchema,
    response: pushSendViewSchema,
  }),
  listPushSends: endpoint({
    method: 'GET',
    path: '/api/v1/push/sends',
    summary: 'Every push send, newest first, with its state and counts',
    permission: ['pushQuery'],
    query: pushSendListQuery,
    response: z.object({ list: z.array(pushSendViewSchema), nextCursor: z.string().nullable() }),
  }),
  getPushSend: endpoint({
    method: 'GET',
    path: '/api/v1/push/sends/:id',
    summary: 'One push send with its state and counts',
    permission: ['pushQuery'],
    params: sendParams,
    response: pushSendViewSchema,
  }),
  cancelPushSend: endpoint({
    method: 'POST',
    path: '/api/v1/push/sends/:id/cancel',
    summary: 'Cancel a send while scheduled or sending: what is not sent yet is not sent',
    permission: ['pushSend'],
    auditTarget: 'pushSend',
    invalidates: ['listPushSends', 'getPushSend'],
    params: sendParams,
    response: pushSendViewSchema,
  }),
});
