import { createHash } from 'node:crypto';
import {
  compileStore,
  explainStore,
  type GiftPack,
  giftPackResource,
  type Locale,
  type PriceLevel,
  type PurchaseItem,
  playerStoreAnswerParts,
  priceLevelResource,
  productResource,
  purchaseActivityResource,
  purchaseEquips,
  purchaseItemResource,
  type Reward,
  storeEndpoints,
  storeGameEndpoints,
  storeResource,
} from '@rookery/contracts';
import { defineArea, type ModuleDeps } from '../../module.js';
import type { Db } from '../../platform/db/client.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { type SharedHead, sendCachedParts, sharedHead } from '../../platform/http/etag.js';
import type { ItemsByKind } from '../../platform/resources/game-views.js';
import { itemDocuments, itemKeys, itemRows } from '../../platform/resources/items.js';
import { itemView } from '../../platform/resources/views.js';
import { checkRewardsAllowed, preparePlayerRead } from '../players/service.js';
import { purchaseCountsSql } from './service.js';
import { registerStoreSettings } from './settings.js';
import * as tables from './tables.js';

/** "IAP item 3 (priceLevel), IAP item 7 (priceLevel)" in the operator's language. */
const where = (label: { 'zh-CN': string; 'en-US': string }, keys: string[], field: string, locale: Locale) =>
  keys.map((key) => `${label[locale]} ${key} (${field})`).join(locale === 'zh-CN' ? '、' : ', ');

/** 400 on `priceLevel` unless a price level of that tier exists. */
async function checkTierExists(db: Db, tier: string) {
  const [found] = await itemKeys<PriceLevel>(db, priceLevelResource, { matching: { tier }, limit: 1 });
  if (!found)
    throw new AppError(400, 'store.priceLevelMissingMsg', {
      vars: { tier },
      fields: [{ field: 'priceLevel', message: 'store.priceLevelMissing' }],
    });
}

/** 409 while IAP items sell at `tier`: a price level they need may not go away or move. */
async function refuseWhileTierUsed(db: Db, tier: string, locale: Locale, field: string) {
  const users = await itemKeys<PurchaseItem>(db, purchaseItemResource, { matching: { priceLevel: tier }, limit: 5 });
  if (users.length > 0)
    throw new AppError(409, 'store.inUse', {
      vars: { where: where(purchaseItemResource.label, users, 'priceLevel', locale) },
      fields: [{ field, message: 'store.inUseField' }],
    });
}

/** The store catalogue's resources, in the order the game's store compiles them. */
const storeResources = [
  priceLevelResource,
  purchaseItemResource,
  productResource,
  giftPackResource,
  storeResource,
  purchaseActivityResource,
] as const;

/** The catalogue's version: each saved item's kind, key and version, hashed (the same on every instance). */
function compileCatalogue(items: ItemsByKind) {
  const hash = createHash('sha256');
  for (const r of storeResources)
    for (const item of items.get(r.name) ?? []) hash.update(`${r.name}\u0000${item.key}\u0000${item.version}\u0000`);
  const of = (r: { name: string }) => items.get(r.name) ?? [];
  return compileStore(
    {
      priceLevel: of(priceLevelResource),
      purchaseItem: of(purchaseItemResource),
      product: of(productResource),
      giftPack: of(giftPackResource),
      store: of(storeResource),
      purchaseActivity: of(purchaseActivityResource),
    },
    hash.digest('base64url').slice(0, 16),
  );
}

/**
 * The store catalogue (issue 29) on the resource kit: price levels, IAP items on the spec's
 * `/purchase` paths, products, gift packs and stores, with their cross-checks; the spec's
 * `/purchase/all` and `/purchase/equips`; "preview as player"; and the game's store, evaluated
 * per player from one view compiled once per change.
 */
async function registerStore({ app, database, clock, kit, gameKeyHash }: ModuleDeps) {
  kit.register(priceLevelResource, {
    beforeSave: async ({ db, doc, previous, locale }) => {
      const before = previous as PriceLevel | null;
      const after = doc as PriceLevel;
      if (before && (before.tier !== after.tier || before.platform !== after.platform))
        await refuseWhileTierUsed(db, before.tier, locale, before.tier !== after.tier ? 'tier' : 'platform');
    },
    beforeDelete: ({ db, previous, locale }) => refuseWhileTierUsed(db, (previous as PriceLevel).tier, locale, 'name'),
  });
  kit.register(purchaseItemResource, {
    beforeSave: async ({ db, doc, previous, locale }) => {
      const item = doc as PurchaseItem;
      await checkTierExists(db, item.priceLevel);
      await checkRewardsAllowed(db, item.rewards, 'rewards', locale);
      // A gift pack sells this item: it stays a gift-pack item while one does.
      if ((previous as PurchaseItem | null)?.isGiftPack && !item.isGiftPack) {
        const packs = await itemKeys<GiftPack>(db, giftPackResource, { matching: { purchaseId: item.id }, limit: 5 });
        if (packs.length > 0)
          throw new AppError(409, 'store.giftPackFlagInUseMsg', {
            vars: { where: where(giftPackResource.label, packs, 'purchaseId', locale) },
            fields: [{ field: 'isGiftPack', message: 'store.giftPackFlagInUse' }],
          });
      }
    },
  });
  kit.register(productResource, {
    beforeSave: ({ db, doc, locale }) =>
      checkRewardsAllowed(db, (doc as { rewards: Reward[] }).rewards, 'rewards', locale),
  });
  kit.register(giftPackResource, {
    beforeSave: async ({ db, doc }) => {
      const id = String((doc as { purchaseId: number }).purchaseId);
      const [item] = await itemDocuments<PurchaseItem>(db, purchaseItemResource, { keys: [id] });
      // A missing item is the kit's reference check's to report.
      if (item && !item.isGiftPack)
        throw new AppError(400, 'store.notGiftPackItemMsg', {
          vars: { id },
          fields: [{ field: 'purchaseId', message: 'store.notGiftPackItem' }],
        });
    },
  });
  kit.register(storeResource);

  const catalogue = await kit.view(storeResources, compileCatalogue);

  /** The player the store is for, with their purchase counts; 404 when there is no such player. */
  const readStorePlayer = preparePlayerRead(database.db, 'store_player', purchaseCountsSql);
  const storePlayer = async (userId: number, now: Date) => {
    const player = await readStorePlayer(userId, now);
    if (!player) throw notFound('player.notFound');
    return { userId, attrs: player.attrs, level: player.level, purchases: player.extra ?? {} };
  };

  const registry = { db: database.db, gameKeyHash };
  registerEndpoints(app, registry, storeEndpoints, {
    purchaseAll: async ({ db, query }) => {
      const rows = await itemRows<PurchaseItem>(db, purchaseItemResource, {
        matching: query.filterType === 'all' ? undefined : { isGiftPack: query.filterType === 'giftPack' },
        orderBy: 'newest',
      });
      return { list: rows.map((row) => itemView(row, purchaseItemResource) as never) };
    },
    purchaseEquips: async () => ({ list: purchaseEquips() }),
    storePreview: async ({ db, params }) => {
      const now = clock.now();
      const player = await storePlayer(params.userId, now);
      const { store, hidden } = explainStore(await catalogue.get(db), player, now.getTime());
      return {
        userId: params.userId,
        at: now.toISOString(),
        platform: player.attrs.os ?? null,
        level: player.level,
        store,
        hidden,
      };
    },
  });
  /** The answer's shared heads, encoded and hashed once each (keyed by the shared evaluation). */
  const heads = new WeakMap<object, SharedHead>();
  registerEndpoints(app, registry, storeGameEndpoints, {
    gameGetStore: async ({ db, params, req, reply }) => {
      const now = clock.now();
      const player = await storePlayer(params.userId, now);
      await kit.admitPlayer(db, { userId: player.userId, attrs: player.attrs, ip: req.ip, locale: req.locale }, now);
      const { store } = explainStore(await catalogue.get(db), player, now.getTime(), false);
      const { key, head, tail } = playerStoreAnswerParts(store);
      let shared = heads.get(key);
      if (!shared) {
        shared = sharedHead(head);
        heads.set(key, shared);
      }
      return sendCachedParts(req, reply, shared, tail);
    },
  });
}

export const storeArea = defineArea({
  name: 'store',
  needs: ['players'],
  tables,
  // The IAP settings first: the catalogue's prices are read against them.
  register: async (deps: ModuleDeps) => {
    await registerStoreSettings(deps);
    await registerStore(deps);
  },
});
