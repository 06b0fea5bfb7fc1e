import {
  type ActivityReward,
  activityResource,
  activityRewardResource,
  consumptionWayResource,
  gameItemResource,
  iapSettingResource,
  type PriceLevel,
  type Product,
  type PurchaseActivity,
  type PurchaseItem,
  priceLevelResource,
  productResource,
  purchaseActivityResource,
  purchaseItemResource,
  purchaseMailResource,
  resourceCatalogue,
  resourceKinds,
  storeSettingEndpoints,
} from '@rookery/contracts';
import type { ModuleDeps } from '../../module.js';
import type { Db } from '../../platform/db/client.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { AppError } from '../../platform/http/errors.js';
import { readItemsByKind } from '../../platform/resources/game-views.js';
import { itemKeys } from '../../platform/resources/items.js';
import { checkRewardsAllowed } from '../players/service.js';

/** 400 when a first-purchase-double activity names a gift-pack item (gift packs are never doubled). */
async function refuseGiftPackItems(db: Db, doc: PurchaseActivity) {
  if (doc.kind !== 'firstPurchaseDouble' || doc.purchaseIds.length === 0) return;
  const [pack] = await itemKeys<PurchaseItem>(db, purchaseItemResource, {
    keys: doc.purchaseIds.map(String),
    matching: { isGiftPack: true },
    limit: 1,
  });
  if (pack)
    throw new AppError(400, 'activity.giftPackItemMsg', {
      vars: { id: pack },
      fields: [{ field: 'purchaseIds', message: 'activity.giftPackItem' }],
    });
}

/**
 * The store's settings and activities: IAP settings per platform, item settings and ways of
 * consumption, the mail per IAP item, purchase activities, the game's activities and reward
 * tables (kit resources with their cross-checks), and the currency overview.
 */
export async function registerStoreSettings({ app, database, kit, gameKeyHash }: ModuleDeps) {
  kit.register(iapSettingResource);
  kit.register(gameItemResource);
  kit.register(consumptionWayResource);
  kit.register(purchaseMailResource);
  kit.register(purchaseActivityResource, {
    beforeSave: async ({ db, doc, locale }) => {
      const activity = doc as PurchaseActivity;
      await refuseGiftPackItems(db, activity);
      await checkRewardsAllowed(db, activity.rewards, 'rewards', locale);
    },
  });
  kit.register(activityRewardResource, {
    beforeSave: async ({ db, doc, locale }) => {
      const table = doc as ActivityReward;
      for (const [i, row] of table.rows.entries())
        await checkRewardsAllowed(db, row.rewards, `rows.${i}.rewards`, locale);
    },
  });
  kit.register(activityResource);

  registerEndpoints(app, { db: database.db, gameKeyHash }, storeSettingEndpoints, {
    currencyOverview: async ({ db }) => {
      // The four small catalogue kinds in one statement.
      const kinds = [productResource, purchaseItemResource, priceLevelResource, iapSettingResource].map((r) => r.name);
      const items = await readItemsByKind(db, kinds);
      const documents = <D>(kind: string) => (items.get(kind) ?? []).map((item) => item.document as D);
      const products = documents<Product>(productResource.name);
      const iapItems = documents<PurchaseItem>(purchaseItemResource.name);
      const levels = documents<PriceLevel>(priceLevelResource.name);
      const settings = documents<{ defaultCurrency: string }>(iapSettingResource.name);
      const granted = (kind: string) =>
        [...products, ...iapItems].filter((d) => d.rewards.some((r) => r.kind === kind)).length;
      const game = resourceKinds
        .map((kind) => ({
          kind,
          label: resourceCatalogue[kind].label,
          products: products.filter((p) => p.cost.kind === kind).length,
          granted: granted(kind),
        }))
        .filter((g) => g.products > 0);
      const defaults = new Set(settings.map((s) => s.defaultCurrency));
      const byCurrency = new Map<string, { levels: PriceLevel[]; amounts: number[] }>();
      for (const level of levels)
        for (const price of level.prices) {
          const entry = byCurrency.get(price.currency) ?? { levels: [], amounts: [] };
          entry.levels.push(level);
          entry.amounts.push(price.amount);
          byCurrency.set(price.currency, entry);
        }
      const money = [...byCurrency.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, e]) => ({
          currency,
          priceLevels: e.levels.length,
          tiers: new Set(e.levels.map((l) => l.tier)).size,
          platforms: [...new Set(e.levels.map((l) => l.platform))].sort(),
          min: Math.min(...e.amounts),
          max: Math.max(...e.amounts),
          default: defaults.has(currency),
        }));
      return { game, money };
    },
  });
}
