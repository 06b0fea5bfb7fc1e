import {
  type AccessRule,
  allPermissions,
  builtInRoles,
  can,
  type Endpoint,
  endpoints,
  isPermission,
  type Resource,
  type ResourceName,
  resources,
  superRoles,
  translate,
} from '@rookery/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestReceipt } from '../../modules/orders/validators/test-validator.js';
import { applyRewards } from '../../modules/players/service.js';
import { createTestContext, GAME_KEY, type TestContext } from '../../test/harness.js';
import { registeredEndpoints } from './endpoints.js';

/**
 * Generic checks driven by the contracts endpoint table: every endpoint a later area adds is
 * covered here without new test code.
 */
const table = Object.entries(endpoints) as [string, Endpoint][];
const consoleEndpoints = table.filter(([, e]) => e.permission !== 'public' && e.permission !== 'game');

/**
 * Characters PostgreSQL refuses (NUL, lone UTF-16 surrogates) or that hide in names (zero-width,
 * bidirectional controls), alone or inside ordinary text.
 */
const hostileChars = ['\u0000', '\ud800', '\udfff', '\u200b', '\u202e', '\u2066', '\ufeff', '\u0007'];
const hostileString = fc
  .tuple(fc.string({ maxLength: 5 }), fc.constantFrom(...hostileChars), fc.string({ maxLength: 5 }))
  .map(([a, c, b]) => a + c + b);

/**
 * These tests grow with the table (the fuzz test sends 50 inputs to each endpoint), so they get
 * their own limit: generous in CI, none to speak of when exploring other seeds by hand.
 */
const TABLE_TIMEOUT_MS = process.env.FC_SEED ? 3_600_000 : 300_000;

/** A path with every `:param` filled by a value that names nothing. */
const urlOf = (e: Endpoint) => e.path.replace(/:(\w+)\*?/g, '999999');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const later = new Date(Date.now() + 86_400_000).toISOString();
const muchLater = new Date(Date.now() + 2 * 86_400_000).toISOString();
// One valid document per kind, every optional field filled, so each path below exists. A kind
// added to the kit without one here fails to compile (the record is over every resource name).
const kitDocuments: Record<ResourceName, Record<string, unknown> | 'spec'> = {
  constant: { name: 'fuzzConst', type: 'json', value: { a: ['x', 1, true, null] }, description: 'd' },
  dictionary: { key: 'fuzzDict', 'zh-CN': '中', 'en-US': 'en', description: 'd' },
  maintenanceWindow: {
    name: 'fuzzWindow',
    startAt: later,
    endAt: muchLater,
    'zh-CN': '维护',
    'en-US': 'Maintenance',
    platforms: ['android'],
    minVersion: '1.0.0',
    maxVersion: '2.0.0',
    note: 'n',
  },
  maintenanceAllowList: { name: 'fuzzAllow', userIds: [1], deviceIds: ['device-1'], cidrs: ['10.0.0.0/8'], note: 'n' },
  appUpgrade: {
    platform: 'android',
    latestVersion: '2.0.0',
    minVersion: '1.0.0',
    storeUrl: 'https://example.com/app',
    'zh-CN': '请更新',
    'en-US': 'Please update',
  },
  upgradeLevel: {
    name: 'fuzzLevel',
    level: 'recommended',
    order: 1,
    platforms: ['ios'],
    conditions: [{ attr: 'country', op: 'include', value: ['US'] }],
    note: 'n',
  },
  ipCountry: { name: 'fuzzIp', cidr: '10.1.0.0/16', country: 'US', note: 'n' },
  mailTemplate: 'spec',
  pushTopic: { key: 'fuzzTopic', 'zh-CN': '活动', 'en-US': 'Events', enabled: true },
  pushTemplate: {
    name: 'fuzzPushTemplate',
    titleZh: '你好 {nickname}',
    bodyZh: '你有 {gems} 钻石',
    titleEn: 'Hi {nickname}',
    bodyEn: 'You have {gems} gems',
    deepLink: 'mygame://shop',
    imageUrl: 'https://example.com/a.png',
    note: 'n',
  },
  rewardTemplate: 'spec',
  announcementTemplate: {
    name: 'fuzzAnnouncementTemplate',
    kind: 'loginPopup',
    titleZh: '维护补偿',
    titleEn: 'Maintenance gift',
    bodyZh: '<p>感谢<b>耐心</b>等待</p>',
    bodyEn: '<p>Thanks for <a href="https://example.com">waiting</a></p>',
    imageUrl: 'https://example.com/a.png',
    priority: 5,
    note: 'n',
  },
  announcement: {
    id: 1,
    kind: 'noticeBoard',
    titleZh: '活动',
    titleEn: 'Event',
    bodyZh: '<p>新活动</p>',
    bodyEn: '<p>New event</p>',
    imageUrl: '',
    priority: 1,
    conditions: [{ attr: 'os', op: 'equal', value: 'ios' }],
    template: 'fuzzAnnouncementTemplate',
  },
  standingNotice: {
    key: 'fuzzNotes',
    kind: 'updateNotes',
    appVersion: '1.3.0',
    titleZh: '更新说明',
    titleEn: 'Update notes',
    bodyZh: '<ul><li>新功能</li></ul>',
    bodyEn: '<ul><li>New things</li></ul>',
    enabled: true,
  },
  config: {
    name: 'fuzzConfig',
    type: 'json',
    defaultValue: { a: 'x' },
    description: 'd',
    values: [{ label: 'l', conditions: [{ attr: 'os', op: 'equal', value: 'ios' }], value: ['x'] }],
    events: [{ name: 'ev', effectiveAt: later, expireAt: muchLater, values: [{ label: 'e', value: { b: 1 } }] }],
  },
  configOverride: {
    name: 'fuzzOverride',
    field: 'fuzzField',
    userIds: [1],
    value: 'x',
    endAt: later,
    description: 'd',
  },
  unlockTrack: { target: 'gacha', kind: 'feature', level: 3, note: 'n' },
  // The store's kinds refer to one another: created in this order.
  priceLevel: {
    name: 'fuzzPrice',
    tier: 'fuzzTier',
    platform: 'ios',
    sku: 'fuzz.sku',
    prices: [{ currency: 'USD', amount: 0.99 }],
  },
  purchaseItem: {
    id: 1,
    title: 't',
    description: 'd',
    priceLevel: 'fuzzTier',
    isIAP: true,
    isGiftPack: true,
    consumingType: 'consumable',
    rewards: [{ kind: 'gem', amount: 10 }],
    repurchaseLimit: 1,
    minLevel: 1,
    maxLevel: 5,
    conditions: [{ attr: 'os', op: 'equal', value: 'ios' }],
  },
  leaderboard: {
    id: 'fuzzBoard',
    titleZh: '榜',
    titleEn: 'Board',
    sortOrder: 'desc',
    operator: 'best',
    reset: 'season',
    timeZone: 'Asia/Shanghai',
    seasonStart: '2026-01-01',
    seasonDays: 30,
    allowNegative: false,
    testBoard: true,
    rewardBands: [{ fromRank: 1, toRank: 3, rewards: [{ kind: 'gem', amount: 5 }] }],
  },
  piggyBank: {
    name: 'fuzzPiggy',
    titleZh: '存钱罐',
    titleEn: 'Piggy',
    resource: 'gem',
    rules: [{ event: 'levelWon', amount: 5 }],
    cap: 100,
    purchaseId: 1,
  },
  product: {
    name: 'fuzzProduct',
    title: 't',
    description: 'd',
    cost: { kind: 'gem', amount: 5 },
    rewards: [{ kind: 'coin', amount: 100 }],
    repurchaseLimit: 2,
    minLevel: 1,
    maxLevel: 9,
    conditions: [{ attr: 'country', op: 'include', value: ['US'] }],
  },
  giftPack: {
    name: 'fuzzGift',
    purchaseId: 1,
    discountMode: 'percent',
    discount: 20,
    isEffective: true,
    weight: 10,
    colour: 'Rose',
    repurchaseLimit: 1,
    minLevel: 0,
    maxLevel: 3,
    conditions: [],
  },
  store: {
    name: 'fuzzStore',
    title: 't',
    kind: 'rotating',
    slots: [{ product: 'fuzzProduct' }],
    refreshHours: 12,
    shown: 1,
    conditions: [],
  },
  purchaseActivity: {
    name: 'fuzzActivity',
    title: 't',
    description: 'd',
    kind: 'spendReward',
    purchaseIds: [1],
    spend: { currency: 'USD', amount: 9.99 },
    rewards: [{ kind: 'gem', amount: 10 }],
    minLevel: 1,
    conditions: [{ attr: 'os', op: 'equal', value: 'ios' }],
    effectiveAt: later,
    expireAt: muchLater,
  },
  // Its template is made first (a mail template of the mail area): see saveKitDocuments.
  purchaseMail: { name: 'fuzzMail', purchaseId: 1, template: 1, attachRewards: true, expireDays: 7 },
  iapSetting: {
    platform: 'ios',
    appId: 'com.rookery.fuzz',
    enabled: true,
    validation: 'store',
    allowSandbox: true,
    defaultCurrency: 'USD',
    storeSecret: 'fuzz-secret',
  },
  gameItem: { kind: 'gem', description: 'd', grantable: true, maxPerGrant: 100_000, order: 1 },
  consumptionWay: { code: 'fuzzWay', nameZh: '模糊', nameEn: 'Fuzz', kinds: ['gem', 'coin'], enabled: true },
  activityReward: {
    name: 'fuzzRewards',
    title: 't',
    rows: [
      { goal: 1, rewards: [{ kind: 'coin', amount: 10 }] },
      { goal: 5, rewards: [{ kind: 'gem', amount: 1 }] },
    ],
  },
  activity: {
    name: 'fuzzEvent',
    title: 't',
    description: 'd',
    type: 'ranking',
    rewardTable: 'fuzzRewards',
    minLevel: 2,
    order: 3,
    effectiveAt: later,
    expireAt: muchLater,
  },
  abLayer: { name: 'fuzzLayer', description: 'd' },
  experiment: {
    key: 'fuzzExperiment',
    name: 'n',
    info: 'i',
    description: 'd',
    hypothesis: 'h',
    owner: 'o',
    layer: 'fuzzLayer',
    configFields: ['fuzzConfig'],
    targeting: [{ attr: 'os', op: 'equal', value: 'ios' }],
    startAt: later,
    endAt: muchLater,
    coverage: 50,
    variations: [
      { name: 'control', weight: 50, variables: [{ field: 'fuzzConfig', value: 1 }] },
      { name: 'b', weight: 50, variables: [{ field: 'fuzzConfig', value: 2 }] },
    ],
    forced: [{ userId: 1, variation: 1 }],
    metrics: ['retention:1', 'event:level_up:count'],
    // The server's own (a body's values are not read), listed so every field is reached.
    status: 'draft',
    phase: 0,
    ranges: [[0, 10]],
    phases: [{ startedAt: later, stoppedAt: null, weights: [50, 50], coverage: 50 }],
  },
};

/** The kit's documents above, saved once (as an admin) so requests can name existing records. */
let savedKit: Promise<void> | undefined;
const saveKitDocuments = () => {
  savedKit ??= (async () => {
    // The override names a config field that exists, so only what a test changes can refuse it.
    const field = await ctx.call('POST', '/api/v1/resources/config', {
      token: ctx.adminToken,
      body: { name: 'fuzzField', type: 'json', defaultValue: 1 },
    });
    expect(field.statusCode, field.body).toBe(200);
    // The purchase mail names a mail template: the mail area's, made through its spec call.
    const template = await ctx.call('POST', '/api/v1/email/template', {
      token: ctx.adminToken,
      body: {
        theTable: 'mail',
        name: 'Fuzz purchase',
        title: { 'zh-CN': '谢谢', 'en-US': 'Thanks' },
        content: { 'zh-CN': '感谢购买', 'en-US': 'Thank you for your purchase' },
      },
    });
    expect(template.statusCode, template.body).toBe(200);
    (kitDocuments.purchaseMail as { template: number }).template = template.json().data.id;
    for (const [kind, doc] of Object.entries(kitDocuments) as [ResourceName, Record<string, unknown> | 'spec'][]) {
      if (doc === 'spec') continue;
      const made = await ctx.call('POST', (resources[kind] as Resource).path, { token: ctx.adminToken, body: doc });
      expect(made.statusCode, `${kind}: ${made.body}`).toBe(200);
    }
  })();
  return savedKit;
};

/** Records the non-kit endpoints' requests name, made once as an admin (and by the game). */
/** A battle-pass season (no premium track) of the pass `pass`. */
const battlePassSeasonRecord = (pass: string) => ({
  pass,
  name: 'Guarded season',
  startAt: new Date(Date.now() - 3_600_000).toISOString(),
  endAt: new Date(Date.now() + 86_400_000).toISOString(),
  levels: [{ xp: 0, free: [{ kind: 'gem', amount: 1 }] }],
  xpSources: [{ event: 'match_won', xp: 10, dailyCap: 100 }],
});

interface Records {
  player: number;
  other: number;
  deviceId: string;
  socialId: string;
  roleId: number;
  staffId: number;
  templateId: number;
  rewardTemplateId: number;
  mailId: number;
  snapshotId: number;
  suspicionId: number;
  jobId: string;
  sharedBatch: number;
  uniqueBatch: number;
  incidentId: number;
  deadLetterId: number;
  orderId: number;
  refundId: number;
  promotionId: number;
  ssoCompanyId: number;
  ssoRoleId: number;
  ssoUserId: number;
  battlePassSeason: number;
  guildId: number;
  guildMessageId: number;
  guildFilterId: number;
}
const promotionRecord = {
  date: '2026-01-05',
  media_name: 'Guard media',
  media_id: 'guard',
  agency: 'Guard agency',
  account_id: 'guard-1',
  account_name: 'Guard account',
  country_code: 'US',
  spend: 1,
  install: 1,
};
const promotionCsv =
  'date,media_name,media_id,agency,account_id,account_name,country_code,spend,install\n2026-01-06,M,guard,A,guard-2,N,US,1,1\n';
let records: Promise<Records> | undefined;
const saveRecords = () => {
  records ??= (async () => {
    const admin = async (method: string, url: string, body?: unknown) => {
      const res = await ctx.call(method, url, { token: ctx.adminToken, body });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
      return res.json().data;
    };
    const game = async (method: string, url: string, body: unknown) => {
      const res = await ctx.app.inject({
        method: method as 'POST',
        url,
        headers: { 'x-game-key': GAME_KEY },
        payload: body as object,
      });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
      return res.json().data;
    };
    const login = (n: string) =>
      game('POST', '/api/game/v1/players/login', {
        deviceId: `guard-device-${n}`,
        socialId: `guard-social-${n}`,
        deviceModel: 'Pixel 8',
        os: 'android',
        appVersion: '1.0.0',
        language: 'en-US',
        country: 'US',
      });
    const a = await login('a');
    const b = await login('b');
    // A save that gains too much at once: a snapshot and a suspicion to name.
    await game('PUT', `/api/game/v1/players/${a.userId}/save`, {
      saveCount: 500,
      state: { ...a.state, resources: { ...a.state.resources, gem: 1_000_000 } },
      sessionEpoch: a.sessionEpoch,
      deviceId: 'guard-device-elsewhere',
    });
    const snapshots = await admin('GET', `/api/v1/game-users/snapshots?userId=${a.userId}`);
    const suspicions = await admin('GET', `/api/v1/game-users/suspicious?userId=${a.userId}`);
    const role = await admin('POST', '/api/v1/role', { roleName: 'guarded', content: ['userQuery'] });
    const staff = await admin('POST', '/api/v1/user', {
      username: 'guarded_user',
      pwd: 'guarded-Pass-123',
      role: 'guarded',
      email: 'guarded@example.com',
    });
    const texts = { title: { 'zh-CN': '你好', 'en-US': 'Hello' }, content: { 'zh-CN': '内容', 'en-US': 'Body' } };
    const template = await admin('POST', '/api/v1/email/template', { theTable: 'mail', name: 'Guarded', ...texts });
    const rewardTemplate = await admin('POST', '/api/v1/email/template', {
      theTable: 'reward',
      name: 'Guarded pack',
      reward: [{ kind: 'gem', amount: 10 }],
    });
    const mail = await admin('POST', '/api/v1/email', {
      ...texts,
      mailScope: 'personal',
      userIdInput: String(a.userId),
      expireAt: later,
    });
    const batch = (body: Record<string, unknown>) =>
      admin('POST', '/api/v1/giftcode/batches', {
        name: `guarded ${String(body.kind)}`,
        rewards: [{ kind: 'gem', amount: 5 }],
        startAt: new Date(Date.now() - 3_600_000).toISOString(),
        endAt: later,
        ...body,
      });
    const shared = await batch({ kind: 'shared', code: 'GUARDED1', totalLimit: 10 });
    const unique = await batch({ kind: 'unique', codeCount: 2 });
    await game('POST', '/api/game/v1/logs', {
      entries: [{ level: 'error', message: 'Guarded crash', stack: 'at Guard (Guard.cs:1)', userId: a.userId }],
    });
    await ctx.app.logWriter.flush();
    const incidents = await admin('GET', '/api/v1/incidents?kind=client');
    // A purchase by a frozen player: an undelivered order waiting in the dead-letter queue.
    const buyer = await login('c');
    await admin('POST', '/api/v1/game-users/freeze', { userIds: [buyer.userId], reason: 'guard' });
    await admin('POST', '/api/v1/resources/priceLevel', {
      name: 'guardedPrice',
      tier: 'guardedTier',
      platform: 'ios',
      sku: 'guarded.sku',
      prices: [{ currency: 'USD', amount: 0.99 }],
    });
    const iap = await admin('POST', '/api/v1/purchase', {
      title: 'Guarded gems',
      priceLevel: 'guardedTier',
      consumingType: 'consumable',
      rewards: [{ kind: 'gem', amount: 10 }],
    });
    const order = await game('POST', `/api/game/v1/players/${buyer.userId}/purchases`, {
      platform: 'test',
      productId: String(iap.id),
      receipt: makeTestReceipt({ transactionId: 'guarded-1', sku: 'guarded.sku', purchasedAt: later }),
    });
    const letters = await admin('GET', `/api/v1/purchase/dlq?userId=${buyer.userId}`);
    const jobs = await admin('GET', '/api/v1/system/jobs');
    // A store refund recorded with no clawback (an operator may apply one).
    const refundRows = (await ctx.database.db.execute(sql`
      with o as (
        insert into orders (user_id, platform, transaction_id, product_id, environment, validation,
          delivery_state, rewards, purchased_at, created_at, refund_state, refunded_at)
        values (${a.userId}, 'test', 'guarded-refund', 'gems_100', 'sandbox', '{}'::jsonb, 'delivered',
          '[{"kind":"gem","amount":1}]'::jsonb, now(), now(), 'refunded', now())
        returning id, user_id)
      insert into order_refunds (order_id, user_id, source, clawback, taken, debt, created_at)
        select id, user_id, 'store', 'none', '[]'::jsonb, '[]'::jsonb, now() from o
      returning id`)) as unknown as { rows: { id: number }[] };
    const promotion = await admin('POST', '/api/v1/promotion', promotionRecord);
    const ssoCompany = await admin('POST', '/api/v1/sso/companies', {
      name: 'Guarded Co',
      emailDomains: ['guard.example'],
    });
    const ssoRole = await admin('POST', '/api/v1/sso/roles', {
      companyId: ssoCompany.id,
      name: 'Guarded',
      pages: ['systemLog'],
    });
    const ssoUser = await admin('POST', '/api/v1/sso/users', { email: 'sso@guard.example', companyId: ssoCompany.id });
    const season = await admin('POST', '/api/v1/battle-pass/seasons', battlePassSeasonRecord('guard'));
    // A guild of two with a chat message, and a filtered word.
    const guild = await game('POST', `/api/game/v1/players/${a.userId}/guild`, { name: 'Guarded Guild' });
    await game('POST', `/api/game/v1/players/${b.userId}/guild/join`, { guildId: guild.id });
    const message = await game('POST', `/api/game/v1/players/${a.userId}/guild/chat`, { text: 'guarded' });
    const filter = await admin('POST', '/api/v1/guild-name-filters', { word: 'guardword' });
    return {
      player: a.userId,
      other: b.userId,
      deviceId: 'guard-device-a',
      socialId: 'guard-social-a',
      roleId: role.id,
      staffId: staff.id,
      templateId: template.id,
      rewardTemplateId: rewardTemplate.id,
      mailId: mail.id,
      snapshotId: snapshots.list[0].id,
      suspicionId: suspicions.list[0].id,
      jobId: jobs.list[0].id,
      sharedBatch: shared.id,
      uniqueBatch: unique.id,
      incidentId: incidents.list[0].id,
      deadLetterId: letters.list[0].id,
      orderId: order.orderId,
      refundId: Number(refundRows.rows[0].id),
      promotionId: promotion.id,
      ssoCompanyId: ssoCompany.id,
      ssoRoleId: ssoRole.id,
      ssoUserId: ssoUser.id,
      battlePassSeason: season.id,
      guildId: guild.id,
      guildMessageId: message.id,
      guildFilterId: filter.id,
    };
  })();
  return records;
};

/**
 * A valid request naming existing records for every guarded console mutation outside the kit:
 * what the endpoint would carry out if its guard let it through.
 */
function recordRequests(r: Records): Record<string, { params?: Record<string, string | number>; body?: unknown }> {
  const texts = { title: { 'zh-CN': '你好', 'en-US': 'Hello' }, content: { 'zh-CN': '内容', 'en-US': 'Body' } };
  const gift = {
    name: 'guarded again',
    rewards: [{ kind: 'gem', amount: 6 }],
    startAt: new Date(Date.now() - 3_600_000).toISOString(),
    endAt: later,
  };
  return {
    createRole: { body: { roleName: 'guarded2', content: ['userQuery'] } },
    applyRefundClawback: { params: { id: r.refundId }, body: { clawback: 'takeBack' } },
    updateRole: { params: { id: r.roleId }, body: { roleName: 'guarded', content: ['userQuery', 'mailQuery'] } },
    deleteRole: { params: { id: r.roleId } },
    copyRole: { body: { roleName: 'guarded3', id: r.roleId } },
    createStaffUser: {
      body: { username: 'guarded_user2', pwd: 'guarded-Pass-456', role: 'guarded', email: 'guarded2@example.com' },
    },
    updateStaffUser: { params: { id: r.staffId }, body: { name: 'Changed', status: 'disabled' } },
    approveRegistration: { params: { id: r.staffId }, body: { role: 'guarded' } },
    rejectRegistration: { params: { id: r.staffId }, body: { reason: 'no' } },
    resetStaffTwoFactor: { params: { id: r.staffId } },
    setTwoFactorRoles: { body: { roles: ['guarded'] } },
    endPlayerSession: { body: { socialId: r.socialId } },
    freezePlayers: { body: { userIds: [r.player], reason: 'guard' } },
    unfreezePlayers: { body: { userIds: [r.player] } },
    banDevices: { body: { deviceIds: [r.deviceId], reason: 'guard' } },
    unbanDevices: { body: { deviceIds: [r.deviceId] } },
    clearPlayerData: { body: { userId: r.player, reason: 'guard' } },
    migrateAccount: { body: { fromUserId: r.player, toUserId: r.other, reason: 'guard' } },
    copyAccount: { body: { fromUserId: r.player, toUserId: r.other, reason: 'guard' } },
    deductResources: { body: { userId: r.player, items: [{ kind: 'gem', amount: 1 }], reason: 'guard' } },
    removeItems: { body: { userId: r.player, kinds: ['gem'], reason: 'guard' } },
    reviewSuspicion: { params: { id: r.suspicionId } },
    restoreSnapshot: { params: { id: r.snapshotId }, body: { reason: 'guard' } },
    banChat: { body: { userIds: [r.player], until: later, reason: 'guard' } },
    liftChatBan: { body: { userIds: [r.player] } },
    unbindDevice: { body: { userId: r.player, deviceId: r.deviceId, reason: 'guard' } },
    addToBlacklist: { body: { userIds: [r.player], reason: 'guard' } },
    removeFromBlacklist: { body: { userIds: [r.player] } },
    deleteBusinessData: { body: { userId: r.player, reason: 'guard' } },
    redeliverOrder: { params: { id: r.orderId } },
    saveChestTable: {
      params: { kind: 'gold_treasure_chest' },
      body: {
        entries: [{ reward: { kind: 'gem', amount: 1 }, weight: 1 }],
        guaranteed: [],
        pityEntry: null,
        pityWithin: null,
      },
    },
    simulateChest: { params: { kind: 'gold_treasure_chest' }, body: { seed: 1 } },
    resetChestPity: { params: { userId: r.player }, body: {} },
    retryDeadLetter: { params: { id: r.deadLetterId } },
    resetPlayerPiggyBank: { params: { userId: r.player }, body: { bank: 'fuzzPiggy' } },
    removeLeaderboardScore: { params: { board: 'fuzzBoard' }, body: { userId: r.player, reason: 'guard' } },
    rebuildLeaderboard: { params: { board: 'fuzzBoard' } },
    fillLeaderboardMock: { params: { board: 'fuzzBoard' }, body: { players: 3 } },
    clearLeaderboardMock: { params: { board: 'fuzzBoard' } },
    addMinigameBlacklist: { body: { userId: r.player, reason: 'guard', endsAt: later } },
    removeMinigameBlacklist: { body: { userId: r.player } },
    discardDeadLetter: { params: { id: r.deadLetterId }, body: { reason: 'guard' } },
    createMailTemplate: { body: { theTable: 'mail', name: 'Guarded again', ...texts } },
    updateMailTemplate: { params: { id: r.templateId }, body: { theTable: 'mail', name: 'Guarded renamed', ...texts } },
    deleteMailTemplate: { params: { id: r.templateId } },
    createMail: { body: { ...texts, mailScope: 'personal', userIdInput: String(r.player), expireAt: later } },
    checkMailRecipients: { body: { userIdInput: String(r.player) } },
    updateMail: {
      params: { id: r.mailId },
      body: { ...texts, mailScope: 'personal', userIdInput: String(r.player), expireAt: muchLater },
    },
    recallMail: { params: { id: r.mailId } },
    removePlayerMail: { params: { id: r.mailId }, body: undefined },
    countAudience: { body: { conditions: [] } },
    retryJob: { params: { id: r.jobId } },
    cancelJob: { params: { id: r.jobId } },
    handOverJob: { params: { id: r.jobId } },
    createGiftCodeBatch: { body: { ...gift, kind: 'shared', code: 'GUARDED2', totalLimit: 10 } },
    pushSendAudience: { body: { audience: 'all' } },
    createPushSend: {
      body: { name: 'Guarded', audience: 'all', content: 'text', titleEn: 'Hi', bodyEn: 'Hello', timing: 'now' },
    },
    testPushSend: {
      body: {
        name: 'Guarded test',
        audience: 'all',
        content: 'text',
        titleEn: 'Hi',
        bodyEn: 'Hello',
        timing: 'now',
        testUserIds: String(r.player),
      },
    },
    cancelPushSend: { params: { id: 1 } },
    createBattlePassSeason: { body: battlePassSeasonRecord('guard_two') },
    updateBattlePassSeason: { params: { id: r.battlePassSeason }, body: battlePassSeasonRecord('guard') },
    grantBattlePassXp: { params: { userId: r.player }, body: { seasonId: r.battlePassSeason, xp: 5 } },
    resetBattlePassProgress: { params: { userId: r.player }, body: { seasonId: r.battlePassSeason } },
    renameGuild: { params: { id: r.guildId }, body: { name: 'Guarded Renamed' } },
    changeGuildLeader: { params: { id: r.guildId }, body: { userId: r.other } },
    removeGuildMember: { params: { id: r.guildId }, body: { userId: r.other } },
    disbandGuild: { params: { id: r.guildId }, body: { reason: 'guard' } },
    banGuild: { params: { id: r.guildId }, body: { kind: 'chat', until: later, reason: 'guard' } },
    liftGuildBan: { params: { id: r.guildId }, body: { kind: 'chat' } },
    deleteGuildMessages: { body: { ids: [r.guildMessageId] } },
    addGuildNameFilter: { body: { word: 'guardword2' } },
    removeGuildNameFilter: { params: { id: r.guildFilterId } },
    updateGiftCodeBatch: {
      params: { id: r.sharedBatch },
      body: { ...gift, kind: 'shared', code: 'GUARDED1', totalLimit: 20 },
    },
    disableGiftCodes: { params: { id: r.uniqueBatch }, body: { all: true } },
    resumeGiftCodeGeneration: { params: { id: r.uniqueBatch } },
    closeGiftCodeGeneration: { params: { id: r.uniqueBatch } },
    previewGiftCodeComebackMail: { body: { batchId: r.uniqueBatch, notLoginDays: 1 } },
    sendGiftCodeComebackMail: {
      body: {
        batchId: r.uniqueBatch,
        notLoginDays: 1,
        title: texts.title,
        content: { 'zh-CN': '你的兑换码 {code}', 'en-US': 'Your code {code}' },
        expireAt: later,
      },
    },
    testGiftCode: { body: { userId: r.player, code: 'GUARDED1' } },
    incidentSetState: { params: { id: r.incidentId }, body: { state: 'resolved', kind: 'client' } },
    createPromotionRecord: { body: { ...promotionRecord, spend: 2 } },
    deletePromotionRecord: { params: { id: r.promotionId } },
    checkPromotionCsv: { body: { csv: promotionCsv } },
    importPromotionCsv: { body: { csv: promotionCsv } },
    redisDelete: { body: { keys: ['guarded:key'], confirmCount: 1 } },
    createSsoCompany: { body: { name: 'Guarded Co 2', emailDomains: ['guard2.example'] } },
    updateSsoCompany: { params: { id: r.ssoCompanyId }, body: { name: 'Guarded Co', enabled: false } },
    createSsoRole: { body: { companyId: r.ssoCompanyId, name: 'Guarded 2', pages: ['systemLog'] } },
    updateSsoRole: {
      params: { id: r.ssoRoleId },
      body: { companyId: r.ssoCompanyId, name: 'G', pages: ['systemJobs'] },
    },
    deleteSsoRole: { params: { id: r.ssoRoleId } },
    createSsoUser: { body: { email: 'sso2@guard.example', companyId: r.ssoCompanyId, roleIds: [r.ssoRoleId] } },
    updateSsoUser: { params: { id: r.ssoUserId }, body: { companyId: r.ssoCompanyId, roleIds: [], enabled: false } },
    // Kit resources on the spec's own paths, and the A/B impact preview.
    mailTemplateRestore: { params: { key: r.templateId, version: 1 }, body: { comment: 'guard' } },
    rewardTemplateRestore: { params: { key: r.rewardTemplateId, version: 1 }, body: { comment: 'guard' } },
    experimentImpact: { params: { key: 'fuzzExperiment' }, body: { change: 'stop' } },
  };
}

/** What the game endpoints' valid requests name: a player made for them, a mail and a code they may use. */
interface GameRecords {
  player: number;
  saveCount: number;
  sessionEpoch: number;
  state: unknown;
  mailId: number;
  code: string;
  /** An IAP item on sale and a test receipt for it. */
  purchaseItem: number;
  receipt: string;
  /** A player holding chests of a kind with a drop table (its own: the open changes its save count). */
  chestPlayer: number;
  /** A guild the player leads (request-only), a player who founds their own, one who asks to join. */
  guildId: number;
  guildFounder: number;
  guildJoiner: number;
}

/** One request an endpoint carries out: path parameters, query, body; `console`: the admin's call, else the game's. */
interface Sample {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
  console?: true;
}

/**
 * One valid request per game endpoint, and the console's test redemption (the game's redemption
 * path, rolled back), keyed by endpoint name: the texts test below changes each text in it. A game
 * endpoint added without a sample here fails that test.
 */
function gameSamples(r: GameRecords): Record<string, Sample> {
  const player = { userId: r.player };
  return {
    gameLogin: {
      body: {
        deviceId: 'texts-device',
        socialId: 'texts-social',
        anonymousId: 'texts-anonymous',
        deviceModel: 'Pixel 8',
        os: 'android',
        appVersion: '1.0.0',
        language: 'en-US',
        country: 'US',
      },
    },
    gameGetPlayer: { params: player },
    gameSavePlayer: {
      params: player,
      body: { saveCount: r.saveCount + 1, state: r.state, sessionEpoch: r.sessionEpoch, deviceId: 'texts-player' },
    },
    gameGetMailbox: { params: player },
    gameReadMail: { params: { ...player, mailId: r.mailId } },
    gameClaimMail: { params: { ...player, mailId: r.mailId } },
    gameGetContent: { query: { kinds: 'constant,dictionary' } },
    gameGetConfig: { params: player },
    gameGetStore: { params: player },
    gameGetChests: { params: player },
    gameOpenChest: { params: { userId: r.chestPlayer, kind: 'gold_treasure_chest' } },
    gameGetPiggyBank: { params: player },
    gameSubmitScore: { params: player, body: { board: 'fuzzBoard', score: 10, subscore: 1 } },
    gameTopScores: { params: { board: 'fuzzBoard' } },
    gamePlayerRank: { params: { ...player, board: 'fuzzBoard' } },
    gameGetBattlePass: { params: player },
    gameClaimBattlePass: { params: player, body: { pass: 'texts', level: 1, track: 'free' } },
    gameRedeemGiftCode: { params: player, body: { code: r.code, channel: 'google_play', playerIp: '198.51.100.7' } },
    gamePutPushToken: {
      params: player,
      body: {
        token: `texts:APA91b${'t'.repeat(140)}`,
        platform: 'android',
        language: 'en-US',
        timezone: 'Europe/Berlin',
        appVersion: '1.0.0',
      },
    },
    gameDeletePushToken: { params: player, body: { token: `texts:APA91b${'t'.repeat(140)}` } },
    gameGetAnnouncements: { params: player },
    gameAnnouncementSeen: { params: { ...player, id: 'notes:textsNotes' } },
    gamePutPushTopics: { params: player, body: { subscribe: [], unsubscribe: ['textsTopic'] } },
    // In this order: each sample must be carried out.
    gameCreateGuild: { params: { userId: r.guildFounder }, body: { name: 'Texts Founders', joinMode: 'open' } },
    gameGetPlayerGuild: { params: player },
    gameGetGuild: { params: { guildId: r.guildId } },
    gameListGuilds: { query: { name: 'Texts', pageSize: '10' } },
    gameJoinGuild: { params: { userId: r.guildJoiner }, body: { guildId: r.guildId } },
    gameAnswerGuildRequest: { params: player, body: { requesterId: r.guildJoiner, accept: true } },
    gameSetGuildRole: { params: player, body: { memberId: r.guildJoiner, role: 'officer' } },
    gameUpdateGuildSettings: { params: player, body: { joinMode: 'open', memberLimit: 20 } },
    gamePostGuildChat: { params: player, body: { text: 'Hello <b>texts</b>' } },
    gameReadGuildChat: { params: player, query: { pageSize: '10' } },
    gameKickGuildMember: { params: player, body: { memberId: r.guildJoiner } },
    gameLeaveGuild: { params: { userId: r.guildFounder } },
    gameDisbandGuild: { params: player },
    // The entries' free-form `meta` is left out: the log ingestion's meta is another change's.
    gameLogIngest: {
      body: {
        entries: [
          {
            level: 'error',
            message: 'Texts crash',
            time: '2026-01-01 00:00:00',
            userId: r.player,
            deviceId: 'texts-player',
            appVersion: '1.0.0',
            os: 'android',
            stack: 'at Texts.Run (Texts.cs:1)',
          },
        ],
      },
    },
    gameReportEvents: {
      params: player,
      body: { events: [{ name: 'level_up', value: 1, at: new Date().toISOString() }] },
    },
    gamePurchase: { params: player, body: { platform: 'test', productId: String(r.purchaseItem), receipt: r.receipt } },
    testGiftCode: { console: true, body: { userId: r.player, code: r.code, channel: 'google_play' } },
  };
}

/** Characters PostgreSQL refuses (NUL, a lone surrogate) and one it takes that is no character (U+FFFF). */
const oddChars = ['\u0000', '\ud800', '\uffff'];
/** A text with the character inside it, and the character alone. */
const withChar = (s: string, c: string) => [`${s.slice(0, s.length >> 1)}${c}${s.slice(s.length >> 1)}`, c];
const joinPath = (head: string | number, rest: string) => (rest ? `${head}.${rest}` : String(head));

/** Copies of a JSON value with one text changed: each string in it, and each object key, with each odd character. */
function oddVariants(value: unknown): { where: string; value: unknown }[] {
  if (typeof value === 'string')
    return oddChars.flatMap((c) => withChar(value, c).map((v) => ({ where: '', value: v })));
  if (Array.isArray(value))
    return value.flatMap((item, i) =>
      oddVariants(item).map((o) => ({
        where: joinPath(i, o.where),
        value: value.map((x, j) => (j === i ? o.value : x)),
      })),
    );
  if (value === null || typeof value !== 'object') return [];
  const entries = Object.entries(value);
  return entries.flatMap(([key, item], i) => [
    ...oddVariants(item).map((o) => ({
      where: joinPath(key, o.where),
      value: Object.fromEntries(entries.map(([k, v], j) => [k, j === i ? o.value : v])),
    })),
    ...oddChars.map((c) => ({
      where: `${key} (its key)`,
      value: Object.fromEntries(entries.map(([k, v], j) => [j === i ? withChar(k, c)[0] : k, v])),
    })),
  ]);
}

/** A query text percent-encoded as UTF-8, a lone surrogate as the three bytes it would be (WTF-8). */
const percentEncoded = (s: string) =>
  Array.from(s)
    .map((ch) => {
      const unit = ch.charCodeAt(0);
      if (ch.length === 1 && unit >= 0xd800 && unit <= 0xdfff)
        return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 63), 0x80 | (unit & 63)]
          .map((b) => `%${b.toString(16).toUpperCase()}`)
          .join('');
      return encodeURIComponent(ch);
    })
    .join('');

/** Another valid document of the kind, under a key not yet used (what a create would add). */
function freshDocument(kind: ResourceName, doc: Record<string, unknown>): Record<string, unknown> {
  const r = resources[kind] as Resource;
  const key = doc[r.key];
  if (kind === 'appUpgrade') return { ...doc, platform: 'ios' };
  if (kind === 'unlockTrack') return { ...doc, target: 'quests' };
  if (kind === 'iapSetting') return { ...doc, platform: 'android' };
  if (kind === 'gameItem') return { ...doc, kind: 'coin' };
  // Platform and SKU, and tier and platform, are unique.
  if (kind === 'priceLevel') return { ...doc, name: 'fuzzPriceOther', tier: 'fuzzTierOther', sku: 'fuzz.other' };
  return { ...doc, [r.key]: `${String(key)}Other` };
}

/**
 * A request an endpoint would carry out if its guard let it through: for the kit's endpoints a
 * valid body naming a record that exists (or a new one for a create); otherwise the path with
 * IDs that name nothing and an empty body.
 */
function guardedRequest(name: string, e: Endpoint, made?: Records): { url: string; body?: unknown; valid: boolean } {
  const own = made && recordRequests(made)[name];
  if (own) {
    const url = e.path.replace(/:(\w+)\*?/g, (_, p: string) => encodeURIComponent(String(own.params?.[p] ?? '999999')));
    return { url, body: own.body, valid: true };
  }
  // The longest kind first: `configOverrideCreate` is configOverride's, not config's.
  const kinds = (Object.entries(kitDocuments) as [ResourceName, Record<string, unknown> | 'spec'][]).sort(
    ([a], [b]) => b.length - a.length,
  );
  for (const [kind, doc] of kinds) {
    if (!name.startsWith(kind)) continue;
    if (doc === 'spec') break;
    const action = name.slice(kind.length);
    const r = resources[kind] as Resource;
    if (!/^[A-Z]/.test(action) || !e.path.startsWith(r.path)) continue;
    const url = e.path.replace(':key', encodeURIComponent(String(doc[r.key]))).replace(':version', '1');
    if (action === 'Create') return { url, body: freshDocument(kind, doc), valid: true };
    if (action === 'Update')
      return { url, body: { ...doc, comment: 'changed by a role without the right' }, valid: true };
    if (action === 'Restore') return { url, body: { comment: 'restored by a role without the right' }, valid: true };
    // A declared list action runs on keys.
    if (
      e.body &&
      (r.list?.actions as Record<string, unknown> | undefined)?.[action.charAt(0).toLowerCase() + action.slice(1)]
    )
      return { url, body: { keys: [String(doc[r.key])] }, valid: true };
    return { url, valid: !e.body };
  }
  return { url: urlOf(e), body: e.body ? {} : undefined, valid: false };
}

/** This run's part of the fuzzing (`FUZZ_PART=k/n`; the whole of it unless told). */
const fuzzPart = (() => {
  const m = /^(\d+)\/(\d+)$/.exec(process.env.FUZZ_PART ?? '');
  const [part, of] = m ? [Number(m[1]), Number(m[2])] : [1, 1];
  return part >= 1 && part <= of ? { part, of } : { part: 1, of: 1 };
})();

describe('endpoint table', { timeout: TABLE_TIMEOUT_MS }, () => {
  it('every endpoint declares a permission rule', () => {
    for (const [name, e] of table) {
      const ok =
        e.permission === true ||
        ['public', 'pending', 'game'].includes(e.permission as string) ||
        Array.isArray(e.permission);
      expect(ok, `${name} declares no permission`).toBe(true);
      if (Array.isArray(e.permission)) expect(e.permission.length, name).toBeGreaterThan(0);
    }
  });

  it('endpoint rules name permissions only, never role names', () => {
    const names = (rule: AccessRule | string) => (Array.isArray(rule) ? (rule as string[]) : []);
    for (const [name, e] of table) {
      for (const p of names(e.permission)) expect(isPermission(p), `${name}: ${p} is not a permission`).toBe(true);
      for (const [value, rule] of Object.entries(e.permissionBy?.map ?? {}))
        for (const p of names(rule)) expect(isPermission(p), `${name} ${value}: ${p} is not a permission`).toBe(true);
    }
  });

  it("an endpoint's rule lets in every rule of its permissionBy map", () => {
    for (const [name, e] of table.filter(([, e]) => e.permissionBy)) {
      expect(Array.isArray(e.permission), name).toBe(true);
      for (const rule of Object.values(e.permissionBy!.map))
        for (const p of rule as string[]) expect(e.permission as string[], `${name}: ${p}`).toContain(p);
    }
  });

  it('the server registers exactly the endpoints of the table', () => {
    expect([...(registeredEndpoints.get(ctx.app) ?? [])].sort()).toEqual(table.map(([n]) => n).sort());
  });

  it('without a session every console endpoint answers 401', async () => {
    for (const [name, e] of consoleEndpoints) {
      const res = await ctx.call(e.method, urlOf(e), { body: e.body ? {} : undefined });
      expect(res.statusCode, name).toBe(401);
      expect(res.json().code, name).toBe(401);
      const bad = await ctx.call(e.method, urlOf(e), { token: 'Bearer not-a-real-session-token-0000000000' });
      expect(bad.statusCode, name).toBe(401);
    }
  });

  it('every game endpoint refuses a missing, empty or wrong game key (a console token is not one)', async () => {
    const keys: [string, Record<string, string>][] = [
      ['none', {}],
      ['empty', { 'x-game-key': '' }],
      ['wrong', { 'x-game-key': 'wrong' }],
      ['console token', { 'x-game-key': ctx.adminToken }],
      ['console token as Authorization', { authorization: ctx.adminToken }],
    ];
    const games = table.filter(([, e]) => e.permission === 'game');
    expect(games.length).toBeGreaterThan(0);
    for (const [name, e] of games) {
      for (const [label, headers] of keys) {
        const res = await ctx.app.inject({
          method: e.method as 'GET',
          url: urlOf(e),
          headers: { ...headers, 'accept-language': 'en-US' },
        });
        expect(res.statusCode, `${name} (${label})`).toBe(401);
        // Said to the game's servers: the header, not the console's "please sign in again".
        expect(res.json().msg, `${name} (${label})`).toBe(translate('http.gameKey', 'en-US'));
      }
      // The right key gets past the door (the same request is then judged on its input).
      const right = await ctx.app.inject({
        method: e.method as 'GET',
        url: urlOf(e),
        headers: { 'x-game-key': GAME_KEY },
      });
      expect(right.statusCode, name).not.toBe(401);
    }
    const zh = await ctx.app.inject({ method: games[0][1].method as 'GET', url: urlOf(games[0][1]), headers: {} });
    expect(zh.json().msg).toBe(translate('http.gameKey', 'zh-CN'));
  });

  it('each built-in role gets 403 on every endpoint it lacks, and nothing changes', async () => {
    await saveKitDocuments();
    const made = await saveRecords();
    const roleAccess = new Map<string, string[]>();
    const roles = await ctx.call('GET', '/api/v1/role?pageSize=100', { token: ctx.adminToken });
    for (const r of roles.json().data.datas) roleAccess.set(r.roleName, [r.roleName, ...r.content]);
    // Kit endpoints sent a valid body for an existing record, over all roles (a role may lack none).
    const sentValid = new Set<string>();
    const invalidMutations = new Set<string>();
    for (const role of builtInRoles.filter((r) => !superRoles.includes(r))) {
      const { token } = await ctx.userWithRole(role);
      const before = await ctx.fingerprint();
      let checked = 0;
      for (const [name, e] of consoleEndpoints) {
        if (e.permission === true || e.permission === 'pending') continue;
        if (can(roleAccess.get(role)!, e.permission as string[])) continue;
        const request = guardedRequest(name, e, made);
        // A body that would be refused anyway proves nothing about the guard: every one is valid.
        if (request.valid && e.body) {
          const parsed = e.body.safeParse(request.body);
          expect(parsed.success, `${name} body is valid: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
        }
        if (request.valid) sentValid.add(name);
        else if (e.method !== 'GET') invalidMutations.add(name);
        const res = await ctx.call(e.method, request.url, { token, body: request.body });
        expect(res.statusCode, `${role} → ${name}`).toBe(403);
        checked += 1;
      }
      expect(checked, role).toBeGreaterThan(0);
      expect(await ctx.fingerprint(), role).toEqual(before);
    }
    expect([...sentValid].filter((n) => /(Create|Update|Delete|Restore)$/.test(n)).length).toBeGreaterThan(4);
    // Every change a role may not make was asked for in a form the server would carry out.
    expect([...invalidMutations].sort()).toEqual([]);
  });

  it('every permissionBy branch: 403 and nothing changed without its permission, let through with it', async () => {
    // One role and user per set of permissions (creating users hashes passwords: slow).
    const tokens = new Map<string, Promise<string>>();
    const roleOf = (content: string[]) => {
      const key = [...content].sort().join(',');
      if (!tokens.has(key))
        tokens.set(
          key,
          (async () => {
            const roleName = `by_${tokens.size}_${Math.random().toString(36).slice(2, 8)}`;
            return (await ctx.userWithPermissions(roleName, content)).token;
          })(),
        );
      return tokens.get(key)!;
    };
    // The field goes in every part of the request the endpoint reads; the registrar checks each.
    const send = (e: Endpoint, field: string, value: string, token: string) =>
      ctx.call(e.method, `${urlOf(e)}${e.query ? `?${field}=${encodeURIComponent(value)}` : ''}`, {
        token,
        body: e.body ? { [field]: value } : undefined,
      });
    let branches = 0;
    for (const [name, e] of table.filter(([, e]) => e.permissionBy)) {
      const { field, map } = e.permissionBy!;
      const all = [...new Set(Object.values(map).flatMap((r) => r as string[]))];
      for (const [value, rule] of Object.entries(map)) {
        const others = all.filter((p) => !(rule as string[]).includes(p));
        if (others.length > 0) {
          const token = await roleOf(others);
          const before = await ctx.fingerprint();
          const res = await send(e, field, value, token);
          expect(res.statusCode, `${name} ${field}=${value} with ${others}`).toBe(403);
          expect(res.json().code).toBe(403);
          expect(await ctx.fingerprint(), `${name} ${field}=${value}`).toEqual(before);
        }
        const allowed = await send(e, field, value, await roleOf(rule as string[]));
        expect(allowed.statusCode, `${name} ${field}=${value} with ${rule}`).not.toBe(403);
        expect(allowed.statusCode, `${name} ${field}=${value} with ${rule}`).not.toBe(500);
        branches += 1;
      }
      // A value outside the map is refused by validation, never let through.
      const outside = await send(e, field, 'notAValue', ctx.adminToken);
      expect(outside.statusCode, `${name} ${field}=notAValue`).toBeGreaterThanOrEqual(400);
      expect(outside.statusCode, `${name} ${field}=notAValue`).not.toBe(500);
    }
    expect(branches).toBeGreaterThan(0);
  });

  it('malformed JSON is 400 with a message on every endpoint that takes a body', async () => {
    for (const [name, e] of table.filter(([, e]) => e.body)) {
      const res = await ctx.app.inject({
        method: e.method as 'POST',
        url: urlOf(e),
        headers: {
          authorization: ctx.adminToken,
          'x-game-key': GAME_KEY,
          'content-type': 'application/json',
          'accept-language': 'zh-CN',
        },
        payload: '{"broken": ',
      });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().msg, name).toBe('JSON 格式错误');
    }
  });

  it('path parameters out of range or malformed never get a 500', async () => {
    const headers = { authorization: ctx.adminToken, 'x-game-key': GAME_KEY, 'accept-language': 'en-US' };
    for (const [name, e] of table.filter(([, e]) => e.path.includes(':'))) {
      for (const value of ['3000000000', '99999999999999999999', '-1', '0', '1.5', 'abc', '%00']) {
        const url = e.path.replace(/:(\w+)\*?/g, value);
        const res = await ctx.app.inject({
          method: e.method as 'GET',
          url,
          headers: e.body ? { ...headers, 'content-type': 'application/json' } : headers,
          ...(e.body ? { payload: '{}' } : {}),
        });
        expect(res.statusCode, `${name} ${url}`).not.toBe(500);
        expect(res.statusCode, `${name} ${url}`).toBeGreaterThanOrEqual(400);
      }
    }
  });

  it('random bodies and queries never get a 500; schema violations get 400 with field messages', async () => {
    const value = fc.oneof(
      fc.string(),
      hostileString,
      fc.dictionary(fc.constantFrom('zh-CN', 'en-US'), hostileString, { maxKeys: 2 }),
      fc.integer(),
      fc.maxSafeInteger(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 3 }),
      fc.emailAddress(),
      fc.date().map((d) => (Number.isNaN(d.getTime()) ? 'x' : d.toISOString())),
    );
    // Not the sign-outs (`logout`, and the SSO one audited as it): they end the session the calls use.
    // FUZZ_ENDPOINTS=a,b runs only those endpoints (a quick local check of new ones).
    const only = process.env.FUZZ_ENDPOINTS?.split(',');
    const fuzzed = table.filter(
      ([n, e]) => (e.body || e.query) && (e.audit ?? n) !== 'logout' && (!only || only.includes(n)),
    );
    for (const [name, e] of fuzzed) {
      const keys = Object.keys(((e.body ?? e.query) as unknown as { shape?: object }).shape ?? { x: 1 });
      const arb = fc.oneof(
        fc.anything(),
        fc.dictionary(fc.constantFrom(...keys, 'extra'), value, { maxKeys: keys.length + 1 }),
      );
      await fc.assert(
        fc.asyncProperty(arb, async (input) => {
          const url = urlOf(e);
          // Staff token and game key both: each endpoint reads the one it needs.
          const headers = { authorization: ctx.adminToken, 'x-game-key': GAME_KEY, 'accept-language': 'en-US' };
          const res = e.body
            ? await ctx.app.inject({
                method: e.method as 'POST',
                url,
                headers: { ...headers, 'content-type': 'application/json' },
                payload: JSON.stringify(input),
              })
            : await ctx.app.inject({
                method: e.method as 'GET',
                url: `${url}?${new URLSearchParams(Object.entries(input && typeof input === 'object' ? input : {}).map(([k, v]) => [k, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)]))}`,
                headers,
              });
          expect(res.statusCode, `${name} ${JSON.stringify(input)}`).not.toBe(500);
          // A raw endpoint's success is its file (a CSV export), not the envelope.
          if (e.raw && res.statusCode === 200) return;
          const body = res.json();
          expect(typeof body.msg).toBe('string');
          // A body the JSON parser refuses (a `__proto__` key) is 400 "malformed JSON" without field messages.
          if (e.body && !e.body.safeParse(input).success && body.msg !== 'Malformed JSON') {
            expect(res.statusCode, `${name} ${JSON.stringify(input)}`).toBe(400);
            expect(body.errors?.length ?? 0, `${name} ${JSON.stringify(input)}`).toBeGreaterThan(0);
          }
        }),
        // A fixed seed keeps CI repeatable; FC_SEED explores other inputs locally. When `npm test`
        // runs the server suites on both databases it gives each its part (FUZZ_PART=1/2, 2/2):
        // each runs its share of the 50 inputs per endpoint with a seed of its own, so the two
        // runs together try 50 different inputs, not the same 50 twice.
        { numRuns: Math.ceil(50 / fuzzPart.of), seed: Number(process.env.FC_SEED ?? 20261122) + fuzzPart.part - 1 },
      );
    }
  });

  it('NUL and lone surrogates in text fields are refused with a field message, never a 500', async () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const game = { 'x-game-key': GAME_KEY };
    const cases: { url: string; method?: string; body?: object; field: string; game?: boolean }[] = [
      { url: '/api/v1/login', body: { username: 'a\u0000', password: 'whatever-pass' }, field: 'username' },
      { url: '/api/v1/login', body: { username: 'admin', password: 'x\ud800yyyyyyyyyy' }, field: 'password' },
      { url: '/api/v1/role', body: { roleName: 'r\u0000', content: [] }, field: 'roleName' },
      {
        url: '/api/v1/user',
        body: {
          username: 'nul_user',
          pwd: 'long-enough-pass',
          role: 'tester',
          email: 'n@example.com',
          name: 'B\u0000',
        },
        field: 'name',
      },
      {
        url: '/api/v1/email/template',
        body: { theTable: 'mail', name: 't\u0000', title: { 'zh-CN': 'a' }, content: { 'zh-CN': 'b' } },
        field: 'name',
      },
      {
        url: '/api/v1/email',
        body: { mailScope: 'global', title: { 'zh-CN': 'x\u0000' }, content: { 'zh-CN': 'y' }, expireAt: future },
        field: 'title.zh-CN',
      },
      {
        url: '/api/v1/email',
        body: { mailScope: 'global', title: { 'zh-CN': 'x\ud800' }, content: { 'zh-CN': 'y' }, expireAt: future },
        field: 'title.zh-CN',
      },
      {
        url: '/api/v1/email',
        body: {
          mailScope: 'global',
          title: { 'zh-CN': 'x' },
          content: { 'zh-CN': 'y' },
          expireAt: future,
          conditions: [{ attr: 'country', op: 'in', value: ['C\u0000'] }],
        },
        field: 'conditions.0.value.0',
      },
      { url: '/api/v1/game-users/freeze', body: { userIds: [1], reason: 'r\ud800', until: future }, field: 'reason' },
      {
        url: '/api/game/v1/players/login',
        game: true,
        body: {
          deviceId: 'dev-1',
          deviceModel: 'P\ud800',
          os: 'android',
          appVersion: '1.0.0',
          language: 'en',
          country: 'US',
        },
        field: 'deviceModel',
      },
      { url: `/api/v1/role?roleName=${encodeURIComponent('a\u0000')}`, method: 'GET', field: 'roleName' },
      { url: `/api/v1/user?email=${encodeURIComponent('a\u0000')}`, method: 'GET', field: 'email' },
      { url: `/api/v1/email/template?searchName=${encodeURIComponent('a\u0000')}`, method: 'GET', field: 'searchName' },
      { url: `/api/v1/game-users?os=${encodeURIComponent('a\u0000')}`, method: 'GET', field: 'os' },
      // A kit list's search (every kind's list and export share it).
      { url: `/api/v1/resources/constant?search=${encodeURIComponent('a\u0000')}`, method: 'GET', field: 'search' },
    ];
    const before = await ctx.fingerprint();
    for (const c of cases) {
      const res = await ctx.app.inject({
        method: (c.method ?? 'POST') as 'POST',
        url: c.url,
        headers: { authorization: ctx.adminToken, 'accept-language': 'en-US', ...(c.game ? game : {}) },
        ...(c.body ? { payload: c.body } : {}),
      });
      const label = `${c.url} ${c.field}`;
      expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
      expect(res.json().errors, label).toContainEqual({ field: c.field, message: expect.any(String) });
    }
    expect(await ctx.fingerprint()).toEqual(before);
  });

  it('every text of a valid game request, and of the test redemption, with NUL, a lone surrogate or U+FFFF: never a 500', async () => {
    // A player of its own (the samples name it, so each request reaches its statement), a mail in
    // its mailbox and a shared code it may redeem.
    const login = await ctx.game('POST', '/api/game/v1/players/login', {
      body: {
        deviceId: 'texts-player',
        deviceModel: 'Pixel 8',
        os: 'android',
        appVersion: '1.0.0',
        language: 'en',
        country: 'US',
      },
    });
    expect(login.statusCode, login.body).toBe(200);
    const me = login.json().data;
    const mail = await ctx.adminOk('POST', '/api/v1/email', {
      title: { 'zh-CN': '你好', 'en-US': 'Hello' },
      content: { 'zh-CN': '内容', 'en-US': 'Body' },
      mailScope: 'personal',
      userIdInput: String(me.userId),
      expireAt: later,
    });
    await ctx.adminOk('POST', '/api/v1/giftcode/batches', {
      name: 'texts',
      kind: 'shared',
      code: 'TEXTSCODE1',
      totalLimit: 10,
      rewards: [{ kind: 'gem', amount: 5 }],
      startAt: new Date(Date.now() - 3_600_000).toISOString(),
      endAt: later,
    });
    await ctx.adminOk('POST', '/api/v1/resources/priceLevel', {
      name: 'textsPrice',
      tier: 'textsTier',
      platform: 'android',
      sku: 'texts.sku',
      prices: [{ currency: 'USD', amount: 1.99 }],
    });
    await ctx.adminOk('POST', '/api/v1/battle-pass/seasons', battlePassSeasonRecord('texts'));
    await ctx.adminOk('POST', '/api/v1/resources/standingNotice', {
      key: 'textsNotes',
      kind: 'updateNotes',
      appVersion: '1.0.0',
      titleZh: '更新',
      titleEn: 'Update',
      bodyZh: '<p>新</p>',
      bodyEn: '<p>New</p>',
    });
    const iap = await ctx.adminOk('POST', '/api/v1/purchase', {
      title: 'Texts gems',
      priceLevel: 'textsTier',
      consumingType: 'consumable',
      rewards: [{ kind: 'gem', amount: 10 }],
    });
    // The chest opened by its sample: a drop table, and a player of its own holding chests.
    await ctx.adminOk('PUT', '/api/v1/product/chests/gold_treasure_chest', {
      entries: [{ reward: { kind: 'gem', amount: 1 }, weight: 1 }],
    });
    const chestLogin = await ctx.game('POST', '/api/game/v1/players/login', {
      body: {
        deviceId: 'texts-chests',
        deviceModel: 'Pixel 8',
        os: 'android',
        appVersion: '1.0.0',
        language: 'en',
        country: 'US',
      },
    });
    const chestPlayer = chestLogin.json().data.userId as number;
    await ctx.database.db.transaction((tx) =>
      applyRewards(
        tx as never,
        chestPlayer,
        [{ kind: 'gold_treasure_chest', amount: 20 }],
        { type: 'rewards' },
        new Date(),
      ),
    );
    const guildPlayer = async (n: string) => {
      const res = await ctx.game('POST', '/api/game/v1/players/login', {
        body: {
          deviceId: `texts-guild-${n}`,
          deviceModel: 'Pixel 8',
          os: 'android',
          appVersion: '1.0.0',
          language: 'en',
          country: 'US',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.userId as number;
    };
    const guildFounder = await guildPlayer('founder');
    const guildJoiner = await guildPlayer('joiner');
    const textsGuild = await ctx.game('POST', `/api/game/v1/players/${me.userId}/guild`, {
      body: { name: 'Texts Guild', joinMode: 'request' },
    });
    expect(textsGuild.statusCode, textsGuild.body).toBe(200);
    const samples = gameSamples({
      guildId: textsGuild.json().data.id,
      guildFounder,
      guildJoiner,
      chestPlayer,
      player: me.userId,
      saveCount: me.saveCount,
      sessionEpoch: me.sessionEpoch,
      state: me.state,
      mailId: mail.id,
      code: 'TEXTSCODE1',
      purchaseItem: iap.id,
      receipt: makeTestReceipt({
        transactionId: 'texts-1',
        sku: 'texts.sku',
        price: '1.99',
        currency: 'USD',
        purchasedAt: '2026-01-01T00:00:00Z',
      }),
    });
    const games = table.filter(([, e]) => e.permission === 'game').map(([n]) => n);
    expect(Object.keys(samples).sort(), 'a sample for every game endpoint').toEqual([...games, 'testGiftCode'].sort());

    const send = (name: string, sample: Sample) => {
      const e = endpoints[name as keyof typeof endpoints] as Endpoint;
      const url = e.path.replace(/:(\w+)/g, (_, p: string) => String(sample.params?.[p]));
      const query = Object.entries(sample.query ?? {})
        .map(([k, v]) => `${percentEncoded(k)}=${percentEncoded(v)}`)
        .join('&');
      return ctx.app.inject({
        method: e.method as 'POST',
        url: query ? `${url}?${query}` : url,
        headers: {
          ...(sample.console ? { authorization: ctx.adminToken } : { 'x-game-key': GAME_KEY }),
          'accept-language': 'en-US',
          ...(sample.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(sample.body === undefined ? {} : { payload: JSON.stringify(sample.body) }),
      });
    };
    let sent = 0;
    for (const [name, sample] of Object.entries(samples)) {
      const e = endpoints[name as keyof typeof endpoints] as Endpoint;
      if (e.body) expect(e.body.safeParse(sample.body).success, `${name}: the sample is valid`).toBe(true);
      // The sample itself is carried out: the changed texts are judged on a request that works.
      const valid = await send(name, sample);
      expect(valid.statusCode, `${name}: ${valid.body.slice(0, 300)}`).toBe(200);
      const variants = [
        ...oddVariants(sample.body).map((v) => ({ ...v, sample: { ...sample, body: v.value } })),
        ...oddVariants(sample.query).map((v) => ({
          ...v,
          sample: { ...sample, query: v.value as Record<string, string> },
        })),
      ];
      for (const { where, sample: odd } of variants) {
        const res = await send(name, odd);
        const label = `${name} ${where}: ${JSON.stringify(odd.body ?? odd.query)} → ${res.body.slice(0, 300)}`;
        expect(res.statusCode, label).toBeLessThan(500);
        if (res.statusCode === 400) expect(res.json().errors?.length ?? 0, label).toBeGreaterThan(0);
        // A code holding what no code holds is the ordinary refusal of an unknown code.
        if (where === 'code') {
          expect(res.statusCode, label).toBe(200);
          expect(res.json().data.status, label).toBe('unknown');
        }
        sent += 1;
      }
    }
    expect(sent).toBeGreaterThan(200);
    // The log entries accepted above are written now, not during a later test's fingerprint.
    await ctx.app.logWriter.flush();
  });

  it('every field of every kit document refuses what cannot be stored: 400 on the field, nothing written', async () => {
    const valid = kitDocuments;
    /** Hostile JSON texts put in place of one value: NUL, lone surrogates, a bad key, numbers JSON cannot hold, 5,000 levels. */
    const hostile = [
      '"x\\u0000y"',
      '"x\\ud800"',
      '"\\udfff"',
      '{"k\\u0000":1}',
      '["ok","\\ud83d"]',
      '1e309',
      '-1e309',
      `${'['.repeat(5000)}1${']'.repeat(5000)}`,
    ];
    /** Every path of a JSON value: each field, element and nested value. */
    const pathsOf = (value: unknown, path: (string | number)[] = []): (string | number)[][] =>
      value !== null && typeof value === 'object'
        ? [
            ...(path.length ? [path] : []),
            ...Object.entries(value).flatMap(([k, v]) => pathsOf(v, [...path, Array.isArray(value) ? Number(k) : k])),
          ]
        : [path];
    const MARK = '\u0001hostile\u0001';
    const withMark = (doc: unknown, path: (string | number)[]): unknown => {
      if (path.length === 0) return MARK;
      const [head, ...rest] = path;
      if (Array.isArray(doc)) return doc.map((v, i) => (i === head ? withMark(v, rest) : v));
      return { ...(doc as object), [head]: withMark((doc as Record<string, unknown>)[head], rest) };
    };
    await saveKitDocuments();
    const before = await ctx.fingerprint();
    let sent = 0;
    for (const [kind, doc] of Object.entries(valid) as [ResourceName, Record<string, unknown> | 'spec'][]) {
      const r = resources[kind] as Resource;
      // The spec's template calls declare their own bodies (text() throughout; the test above).
      if (doc === 'spec') {
        expect(r.spec, kind).toBeDefined();
        continue;
      }
      const full = { ...doc, comment: 'why', ...(r.window ? { effectiveAt: later, expireAt: muchLater } : {}) };
      const base = r.body.safeParse(full);
      expect(base.success, `${kind}: ${JSON.stringify(base.error?.issues)}`).toBe(true);
      // Every field the schema declares is reached, not only those the document happens to fill.
      const fields = new Set(pathsOf(full).map((p) => String(p[0])));
      for (const field of Object.keys(r.schema.shape)) expect(fields.has(field), `${kind}.${field}`).toBe(true);
      for (const path of pathsOf(full)) {
        // An automatic key is the kit's to give: a body's value for it is not read.
        if (r.autoKey && path[0] === r.key) continue;
        for (const raw of hostile) {
          const payload = JSON.stringify(withMark(full, path)).replace(JSON.stringify(MARK), raw);
          const res = await ctx.app.inject({
            method: 'POST',
            url: r.path,
            headers: { authorization: ctx.adminToken, 'accept-language': 'zh-CN', 'content-type': 'application/json' },
            payload,
          });
          const label = `${kind} ${path.join('.')} ← ${raw.slice(0, 20)}`;
          expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBe(400);
          const body = res.json();
          expect(body.msg, label).toMatch(/[\u4e00-\u9fff]/);
          expect(body.errors?.length ?? 0, label).toBeGreaterThan(0);
          sent += 1;
        }
      }
    }
    expect(sent).toBeGreaterThan(500);
    expect(await ctx.fingerprint()).toEqual(before);
  });

  it('a kit document says which field cannot be stored, in the operator’s language', async () => {
    const res = await ctx.call('POST', '/api/v1/resources/constant', {
      token: ctx.adminToken,
      locale: 'en-US',
      body: '{"name":"inf","type":"json","value":{"a":[1e309],"b\\u0000":1},"description":"x\\ud800","comment":"c\\u0000"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'value.a.0', message: translate('v.numberOutOfRange', 'en-US') },
        { field: 'value.b\u0000', message: translate('v.textInvalid', 'en-US') },
        { field: 'description', message: translate('v.textInvalid', 'en-US') },
        { field: 'comment', message: translate('v.textInvalid', 'en-US') },
      ]),
    );
    const deep = await ctx.call('POST', '/api/v1/resources/constant', {
      token: ctx.adminToken,
      locale: 'zh-CN',
      body: `{"name":"deep","type":"json","value":${'['.repeat(5000)}${']'.repeat(5000)}}`,
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().errors).toEqual([{ field: 'value.0.0', message: translate('v.jsonTooDeep', 'zh-CN') }]);
    const read = await ctx.call('GET', '/api/v1/resources/constant?search=inf', { token: ctx.adminToken });
    expect(read.json().data.list).toEqual([]);
  });

  it('a body over the size limit answers 413 with a message', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
      payload: JSON.stringify({ username: 'admin', password: 'x'.repeat(6 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 413, msg: 'The request is too large', key: 'http.413' });
  });

  it('a role named after a permission grants nothing by its name, and only a super user hands it out', async () => {
    // Such a role can no longer be created; one made before the rule may still be in a database.
    const permission = 'sysLogQuery';
    await ctx.database.db.execute(
      sql`insert into roles (role_name, content, created_at, updated_at) values (${permission}, '[]'::jsonb, now(), now())`,
    );
    const tester = await ctx.userWithRole('tester');
    expect(can([...new Set(['tester', ...(await testerGrants())])], [permission])).toBe(false);
    const registrant = await ctx.userWithRole('tester');
    await ctx.database.db.execute(
      sql`update staff_users set status = 'pending', role = null where id = ${registrant.id}`,
    );
    const before = await ctx.fingerprint();
    const approve = await ctx.call('POST', `/api/v1/registrations/${registrant.id}/approve`, {
      token: tester.token,
      body: { role: permission },
    });
    expect(approve.statusCode).toBe(403);
    expect(await ctx.fingerprint()).toEqual(before);

    // Even when an admin assigns it, the name opens nothing: access holds permissions, not custom names.
    await ctx.database.db.execute(
      sql`update staff_users set status = 'active', role = ${permission} where id = ${registrant.id}`,
    );
    const token = await ctx.login(registrant.username, registrant.password);
    const session = await ctx.call('GET', '/api/v1/session', { token });
    expect(session.json().data.access).toEqual([]);
    for (const [name, e] of consoleEndpoints) {
      if (!Array.isArray(e.permission) || !e.permission.some((p) => (allPermissions as string[]).includes(p))) continue;
      const res = await ctx.call(e.method, urlOf(e), { token, body: e.body ? {} : undefined });
      expect(res.statusCode, name).toBe(403);
    }
  });
});

async function testerGrants(): Promise<string[]> {
  const roles = await ctx.call('GET', '/api/v1/role?roleName=tester', { token: ctx.adminToken });
  return roles.json().data.datas[0].content;
}
