import { z } from 'zod';
import { type Label, zhEn } from '../../bilingual.js';
import { conditionsSchema, operatingSystems } from '../../conditions.js';
import { endpoint, endpointTable } from '../../endpoint.js';
import { codedValues } from '../../enums.js';
import {
  blankToUndefined,
  idParams,
  isoDate,
  isoDateTime,
  optionalEnum,
  optionalIsoDate,
  optionalPlayerUserId,
  optionalWholeNumber,
  playerUserId,
  rowId,
} from '../../fields.js';
import { rewardsSchema } from '../../game-catalogue.js';
import { pagedList, pageQuery } from '../../http.js';
import { name, optionalText } from '../../text.js';
import { conditionView, rewardView } from '../mail/endpoints.js';

/**
 * Gift codes: batches (one shared code with a total limit, or N generated unique codes), the
 * game's redemption, the redemption history, the console's dry run.
 */

export const { codes: giftCodeKinds, labels: giftCodeKindLabels } = codedValues({
  shared: zhEn('通用码', 'Shared code'),
  unique: zhEn('唯一码', 'Unique codes'),
});
export type GiftCodeKind = (typeof giftCodeKinds)[number];

/** A batch's state, computed by the server from its window, counts and switch (in this order). */
export const giftCodeBatchStates = ['disabled', 'scheduled', 'expired', 'usedUp', 'active'] as const;
export type GiftCodeBatchState = (typeof giftCodeBatchStates)[number];
export const giftCodeBatchStateLabels: Record<GiftCodeBatchState, Label> = {
  scheduled: zhEn('未开始', 'Scheduled'),
  active: zhEn('进行中', 'Active'),
  expired: zhEn('已过期', 'Expired'),
  usedUp: zhEn('已兑完', 'Used up'),
  disabled: zhEn('已停用', 'Disabled'),
};

/** One generated code's state. */
export const { codes: giftCodeStates, labels: giftCodeStateLabels } = codedValues({
  unused: zhEn('未使用', 'Unused'),
  used: zhEn('已使用', 'Used'),
  disabled: zhEn('已停用', 'Disabled'),
});
export type GiftCodeState = (typeof giftCodeStates)[number];

/** What a redemption (or its dry run) came to. */
export const { codes: redeemStatuses, labels: redeemStatusLabels } = codedValues({
  redeemed: zhEn('兑换成功', 'Redeemed'),
  unknown: zhEn('兑换码不存在', 'Unknown code'),
  typo: zhEn('兑换码输入有误', 'Mistyped code'),
  notStarted: zhEn('未到兑换时间', 'Not started yet'),
  expired: zhEn('已过期', 'Expired'),
  usedUp: zhEn('已兑完', 'Used up'),
  alreadyRedeemed: zhEn('已兑换过', 'Already redeemed'),
  alreadyUsed: zhEn('兑换码已被使用', 'Code already used'),
  notEligible: zhEn('不满足兑换条件', 'Not eligible'),
  disabled: zhEn('兑换码已停用', 'Disabled'),
  blacklisted: zhEn('玩家在黑名单中', 'Player blacklisted'),
  throttled: zhEn('尝试过于频繁', 'Too many attempts'),
});
export type RedeemStatus = (typeof redeemStatuses)[number];

// ---- Unique codes: alphabet, length, check character (pure; the server and the console share them).

/** No 0/O or 1/I: nothing a player can read two ways. 32 symbols, 5 bits each. */
export const GIFT_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** Every unique code: 11 random symbols (55 bits) and a check symbol. */
export const UNIQUE_CODE_LENGTH = 12;
export const MAX_UNIQUE_CODES = 1_000_000;

/** What a player types, as stored: case, spaces and dashes do not matter. */
export const normalizeGiftCode = (input: string) => input.replace(/[\s-]+/g, '').toUpperCase();

/**
 * Whether a normalised code holds only what a stored code can (letters and digits, shared or
 * unique): any other code can never match, and may not even be storable text (a NUL).
 */
export const mayBeGiftCode = (normalized: string) => /^[A-Z0-9]+$/.test(normalized);

/**
 * Luhn mod N over the alphabet: catches every single mistyped symbol and almost every swap of two
 * neighbours.
 */
export function giftCodeCheckChar(body: string): string {
  const n = GIFT_CODE_ALPHABET.length;
  let factor = 2;
  let sum = 0;
  for (let i = body.length - 1; i >= 0; i--) {
    const addend = factor * GIFT_CODE_ALPHABET.indexOf(body[i]);
    factor = factor === 2 ? 1 : 2;
    sum += Math.floor(addend / n) + (addend % n);
  }
  return GIFT_CODE_ALPHABET[(n - (sum % n)) % n];
}

const uniqueShape = new RegExp(`^[${GIFT_CODE_ALPHABET}]{${UNIQUE_CODE_LENGTH}}$`);
/** Has the shape of a unique code (shared codes are refused this shape, so the two never meet). */
export const looksLikeUniqueCode = (normalized: string) => uniqueShape.test(normalized);
/** A unique code whose check symbol is right. */
export const validUniqueCode = (normalized: string) =>
  looksLikeUniqueCode(normalized) && giftCodeCheckChar(normalized.slice(0, -1)) === normalized.slice(-1);

/** A shared code as the operator writes it: 4–32 letters and digits, any case. */
export const sharedCodeSchema = z
  .string({ error: 'giftCode.sharedCodeFormat' })
  .transform(normalizeGiftCode)
  .pipe(
    z
      .string()
      .regex(/^[A-Z0-9]{4,32}$/, { error: 'giftCode.sharedCodeFormat' })
      .refine((c) => !looksLikeUniqueCode(c), { error: 'giftCode.sharedCodeShape' }),
  );

/** A code a player sends: bounded before anything reads it. */
const redeemCodeInput = z
  .string({ error: 'giftCode.codeRequired' })
  .max(64, { error: 'giftCode.codeRequired' })
  .refine((s) => normalizeGiftCode(s).length > 0, { error: 'giftCode.codeRequired' });
const channelName = z
  .string({ error: 'giftCode.channelFormat' })
  .trim()
  .regex(/^[\w.-]{1,40}$/, { error: 'giftCode.channelFormat' });

const descriptionSchema = z
  .object({ 'zh-CN': optionalText(500), 'en-US': optionalText(500) })
  .default({ 'zh-CN': undefined, 'en-US': undefined });

/** A batch as the operator writes it (create, and the full replacement of an edit). */
export const giftCodeBatchBodySchema = z
  .object({
    name: name({ required: 'giftCode.nameRequired', max: 100 }),
    description: descriptionSchema,
    kind: z.enum(giftCodeKinds, { error: 'giftCode.kind' }),
    /** Shared: the code. */
    code: z.preprocess(blankToUndefined, sharedCodeSchema.optional()),
    /** Shared: redemptions in all. */
    totalLimit: optionalWholeNumber(1, 100_000_000, 'giftCode.totalLimit'),
    /** Unique: how many codes to generate. */
    codeCount: optionalWholeNumber(1, MAX_UNIQUE_CODES, 'giftCode.codeCount'),
    rewards: rewardsSchema.min(1, { error: 'giftCode.rewardsRequired' }),
    startAt: isoDateTime,
    endAt: isoDateTime,
    /** Redemptions one player may make of this batch. */
    perPlayerLimit: optionalWholeNumber(1, 100, 'giftCode.perPlayerLimit').default(1),
    conditions: conditionsSchema.default([]),
    /** Empty: every platform. */
    platforms: z
      .array(z.enum(operatingSystems, { error: 'giftCode.platform' }))
      .max(2)
      .default([]),
    /** Empty: every channel; else the game must name one of these when redeeming. */
    channels: z.array(channelName).max(50).default([]),
    enabled: z.boolean().default(true),
  })
  .superRefine((b, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (Date.parse(b.endAt) <= Date.parse(b.startAt)) issue('endAt', 'giftCode.endAfterStart');
    if (b.kind === 'shared') {
      if (!b.code) issue('code', 'giftCode.sharedCodeFormat');
      if (b.totalLimit === undefined) issue('totalLimit', 'giftCode.totalLimit');
      if (b.codeCount !== undefined) issue('codeCount', 'giftCode.uniqueOnly');
    } else {
      if (b.codeCount === undefined) issue('codeCount', 'giftCode.codeCount');
      if (b.code !== undefined) issue('code', 'giftCode.sharedOnly');
      if (b.totalLimit !== undefined) issue('totalLimit', 'giftCode.sharedOnly');
    }
  });
export type GiftCodeBatchBody = z.infer<typeof giftCodeBatchBodySchema>;

export const giftCodeBatchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.record(z.string(), z.string()),
  kind: z.enum(giftCodeKinds),
  /** Shared: the code; unique: null. */
  code: z.string().nullable(),
  /** Redemptions in all: the shared limit, or the number of unique codes. */
  total: z.number().int(),
  claimed: z.number().int(),
  /** Still redeemable (unique: unused codes not disabled). */
  remaining: z.number().int(),
  state: z.enum(giftCodeBatchStates),
  /** Unique: codes generated so far (a job writes them). */
  generated: z.number().int(),
  /**
   * Unique: `running` while a generation job waits or runs, `stopped` when none does and codes
   * are missing (cancelled, or out of retries: resume it or close the batch at `generated`),
   * `done` when every code exists; shared: `none`.
   */
  generation: z.enum(['none', 'running', 'stopped', 'done']),
  disabledCodes: z.number().int(),
  rewards: z.array(rewardView),
  startAt: isoDate,
  endAt: isoDate,
  perPlayerLimit: z.number().int(),
  conditions: z.array(conditionView),
  platforms: z.array(z.enum(operatingSystems)),
  channels: z.array(z.string()),
  enabled: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type GiftCodeBatch = z.input<typeof giftCodeBatchSchema>;

export const giftCodeSchema = z.object({
  code: z.string(),
  batchId: z.number().int(),
  state: z.enum(giftCodeStates),
  usedBy: z.number().int().nullable(),
  usedAt: optionalIsoDate,
  disabledAt: optionalIsoDate,
});

export const giftCodeRedemptionSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  batchId: z.number().int(),
  batchName: z.string(),
  code: z.string(),
  rewards: z.array(rewardView),
  redeemedAt: isoDate,
});
export type GiftCodeRedemption = z.input<typeof giftCodeRedemptionSchema>;

/** What a redemption answers (the game) or would answer (the console's dry run). */
export const redeemOutcomeSchema = z.object({
  status: z.enum(redeemStatuses),
  /** Why, in the caller's language. */
  message: z.string(),
  /** Added to the player's resources (a dry run: what would be). */
  rewards: z.array(rewardView),
  batchId: z.number().int().nullable(),
  /** The player's save count after a redemption: the game reloads its state when it changed. */
  saveCount: z.number().int().nullable(),
  /** Throttled: when the next attempt is accepted. */
  retryAt: z.string().nullable(),
});
export type RedeemOutcome = z.input<typeof redeemOutcomeSchema>;

const batchListQuery = pageQuery.extend({
  state: optionalEnum(giftCodeBatchStates, 'giftCode.state'),
  kind: optionalEnum(giftCodeKinds, 'giftCode.kind'),
  name: optionalText(100),
});

const codeQuery = z.preprocess(
  blankToUndefined,
  z
    .string()
    .max(64, { error: 'giftCode.codeRequired' })
    .transform(normalizeGiftCode)
    .pipe(z.string().regex(/^[A-Z0-9]{0,64}$/, { error: 'giftCode.codeRequired' }))
    .optional(),
);

/** The console's dry run: a player and a code. */
export const giftCodeTestBodySchema = z.object({
  userId: playerUserId,
  code: redeemCodeInput,
  channel: z.preprocess(blankToUndefined, channelName.optional()),
});

/** The placeholder a comeback mail's text carries: each player reads their own code there. */
export const GIFT_CODE_PLACEHOLDER = '{code}';
/** Most players one comeback mail with codes reaches per send (send again for the rest). */
export const MAX_COMEBACK_CODE_MAILS = 1000;

const comebackAudienceShape = {
  batchId: rowId,
  notLoginDays: optionalWholeNumber(1, 3650, 'mail.notLoginDays'),
  conditions: conditionsSchema.default([]),
};
const mailTexts = (max: number) =>
  z
    .object({ 'zh-CN': optionalText(max), 'en-US': optionalText(max) })
    .default({ 'zh-CN': undefined, 'en-US': undefined });

/** Who a comeback mail with codes would reach now (the confirmation's figures). */
export const giftCodeComebackAudienceSchema = z.object(comebackAudienceShape).superRefine((b, ctx) => {
  if (b.notLoginDays === undefined)
    ctx.addIssue({ code: 'custom', path: ['notLoginDays'], message: 'mail.notLoginDays' });
});

/** A comeback mail with codes as the operator writes it. */
export const giftCodeComebackMailBodySchema = z
  .object({
    ...comebackAudienceShape,
    title: mailTexts(200),
    content: mailTexts(5000),
    expireAt: isoDateTime,
  })
  .superRefine((b, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    if (b.notLoginDays === undefined) issue(['notLoginDays'], 'mail.notLoginDays');
    const langs = (['zh-CN', 'en-US'] as const).filter((l) => b.title[l] || b.content[l]);
    if (langs.length === 0) issue(['title', 'zh-CN'], 'mail.titleRequired');
    for (const lang of langs) {
      if (!b.title[lang]) issue(['title', lang], 'mail.languagePairs');
      if (!b.content[lang]) issue(['content', lang], 'mail.languagePairs');
      else if (!b.content[lang]!.includes(GIFT_CODE_PLACEHOLDER)) issue(['content', lang], 'giftCode.placeholder');
    }
  });

export const giftCodeComebackResultSchema = z.object({
  /** Players the audience selects now who hold no code of this batch yet. */
  players: z.number().int(),
  /** Unused codes of the batch not handed to anyone. */
  codesLeft: z.number().int(),
  /** Players who get (or got) a mail with their code in this send. */
  sent: z.number().int(),
  /** Selected players left without a code: codes ran out, or past the per-send limit. */
  withoutCode: z.number().int(),
});

const batchWrite = {
  permission: ['giftCodeCreate'],
  auditTarget: 'giftCodeBatch',
  invalidates: ['listGiftCodeBatches', 'getGiftCodeBatch', 'listGiftCodes'],
} as const;

export const giftCodeEndpoints = /*#__PURE__*/ endpointTable({
  listGiftCodeBatches: endpoint({
    method: 'GET',
    path: '/api/v1/giftcode/batches',
    summary: 'Gift-code batches with total, claimed, remaining and state, newest first, filtered',
    // The comeback mail with codes (globalMailCreate) picks its batch from this list.
    permission: ['giftCodeQuery', 'globalMailCreate'],
    query: batchListQuery,
    response: pagedList(giftCodeBatchSchema),
  }),
  getGiftCodeBatch: endpoint({
    method: 'GET',
    path: '/api/v1/giftcode/batches/:id',
    summary: 'One gift-code batch',
    permission: ['giftCodeQuery'],
    params: idParams,
    response: giftCodeBatchSchema,
  }),
  createGiftCodeBatch: endpoint({
    method: 'POST',
    path: '/api/v1/giftcode/batches',
    summary: 'Create a batch: a shared code, or N unique codes generated by a job',
    ...batchWrite,
    body: giftCodeBatchBodySchema,
    response: giftCodeBatchSchema,
  }),
  updateGiftCodeBatch: endpoint({
    method: 'PUT',
    path: '/api/v1/giftcode/batches/:id',
    summary: 'Edit a batch (its kind and number of codes stay; the limit never below what was claimed)',
    ...batchWrite,
    params: idParams,
    body: giftCodeBatchBodySchema,
    response: giftCodeBatchSchema,
  }),
  listGiftCodes: endpoint({
    method: 'GET',
    path: '/api/v1/giftcode/batches/:id/codes',
    summary: "A unique batch's codes with their state, searched by code",
    permission: ['giftCodeQuery'],
    params: idParams,
    query: pageQuery.extend({
      code: codeQuery,
      state: optionalEnum(giftCodeStates, 'giftCode.state'),
    }),
    response: pagedList(giftCodeSchema),
  }),
  exportGiftCodes: endpoint({
    method: 'GET',
    path: '/api/v1/giftcode/batches/:id/codes/export',
    summary: "A unique batch's codes as CSV (UTF-8 with BOM), streamed",
    permission: ['giftCodeQuery'],
    params: idParams,
    raw: true,
    response: z.string(),
  }),
  resumeGiftCodeGeneration: endpoint({
    method: 'POST',
    path: '/api/v1/giftcode/batches/:id/generation/resume',
    summary: 'Resume a unique batch whose generation stopped short: a new job writes the missing codes',
    ...batchWrite,
    params: idParams,
    response: giftCodeBatchSchema,
  }),
  closeGiftCodeGeneration: endpoint({
    method: 'POST',
    path: '/api/v1/giftcode/batches/:id/generation/close',
    summary: 'Close a unique batch whose generation stopped short: its number of codes becomes those generated',
    ...batchWrite,
    params: idParams,
    response: giftCodeBatchSchema,
  }),
  disableGiftCodes: endpoint({
    method: 'POST',
    path: '/api/v1/giftcode/batches/:id/codes/disable',
    summary: 'Disable listed unused codes of a unique batch, or every unused one (all: true)',
    ...batchWrite,
    params: idParams,
    body: z
      .object({
        codes: z
          .array(
            z
              .string({ error: 'giftCode.codeRequired' })
              .max(64, { error: 'giftCode.codeRequired' })
              .transform(normalizeGiftCode)
              .pipe(z.string().regex(/^[A-Z0-9]{1,64}$/, { error: 'giftCode.codeRequired' })),
          )
          .max(1000)
          .default([]),
        all: z.boolean().default(false),
      })
      .superRefine((b, ctx) => {
        if (!b.all && b.codes.length === 0)
          ctx.addIssue({ code: 'custom', path: ['codes'], message: 'giftCode.codesRequired' });
      }),
    response: z.object({ disabled: z.number().int() }),
  }),
  listGiftCodeRedemptions: endpoint({
    method: 'GET',
    path: '/api/v1/giftcode/user/query',
    summary: 'Redemptions by player or by code (or of a batch), newest first',
    permission: ['giftCodeHistoryQuery'],
    query: pageQuery.extend({
      userId: optionalPlayerUserId,
      code: codeQuery,
      batchId: z.preprocess(blankToUndefined, idParams.shape.id.optional()),
    }),
    response: pagedList(giftCodeRedemptionSchema),
  }),
  previewGiftCodeComebackMail: endpoint({
    method: 'POST',
    path: '/api/v1/giftcode/sendcomebackemail/preview',
    summary: 'How many players a comeback mail with codes reaches now and how many codes are left (changes nothing)',
    permission: ['globalMailCreate'],
    readOnly: true,
    body: giftCodeComebackAudienceSchema,
    response: giftCodeComebackResultSchema,
  }),
  sendGiftCodeComebackMail: endpoint({
    method: 'POST',
    path: '/api/v1/giftcode/sendcomebackemail',
    summary: 'Send each player away N days (and matching the conditions) a mail carrying their own unique code',
    permission: ['globalMailCreate'],
    auditTarget: 'giftCodeBatch',
    body: giftCodeComebackMailBodySchema,
    response: giftCodeComebackResultSchema,
    invalidates: ['listGiftCodeBatches', 'getGiftCodeBatch', 'listGiftCodes'],
  }),
  testGiftCode: endpoint({
    method: 'POST',
    path: '/api/v1/giftcode/test',
    summary: 'Try a code for a player without redeeming: the same path as the game, rolled back',
    permission: ['giftCodeCreate'],
    readOnly: true,
    body: giftCodeTestBodySchema,
    response: redeemOutcomeSchema,
  }),
});

/** What the game's servers call about gift codes (X-Game-Key). */
export const giftCodeGameEndpoints = /*#__PURE__*/ endpointTable({
  gameRedeemGiftCode: endpoint({
    method: 'POST',
    path: '/api/game/v1/players/:userId/gift-codes/redeem',
    summary: 'Redeem a gift code: the rewards granted, or why not (throttled after repeated failures)',
    permission: 'game',
    params: z.object({ userId: playerUserId }),
    body: z.object({
      code: redeemCodeInput,
      /** The store channel the game was installed from, for batches limited to channels. */
      channel: z.preprocess(blankToUndefined, channelName.optional()),
      /**
       * The player's IP address as the game server saw it: failed attempts are throttled per IP
       * too. Without it only per player (the caller's own address is the game server's).
       */
      playerIp: z.preprocess(
        blankToUndefined,
        z.union([z.ipv4(), z.ipv6()], { error: 'giftCode.playerIp' }).optional(),
      ),
    }),
    response: redeemOutcomeSchema,
  }),
});
