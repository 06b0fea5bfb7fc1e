import { z } from 'zod';
import { endpoint, endpointTable } from '../../endpoint.js';
import { playerUserId } from '../../fields.js';
import { resourceCatalogue, resourceKinds } from '../../game-catalogue.js';
import { purchaseItemResource } from './resources.js';
import { hiddenReasons } from './store-view.js';

/**
 * The store's calls beyond the kit's: the spec's `GET /purchase/all?filterType=` and
 * `GET /purchase/equips`, the console's "preview as player" and the game's store.
 */

export const purchaseFilterTypes = ['all', 'iap', 'giftPack'] as const;

const reward = z.object({ kind: z.string(), amount: z.number() });
const priceView = z.object({
  platform: z.string(),
  sku: z.string(),
  prices: z.array(z.object({ currency: z.string(), amount: z.number() })),
});
const productView = z.object({
  name: z.string(),
  title: z.string(),
  description: z.string(),
  cost: reward,
  rewards: z.array(reward),
  left: z.number().nullable(),
  minLevel: z.number(),
  maxLevel: z.number().nullable(),
});
const purchaseItemView = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  consumingType: z.string(),
  price: priceView,
  rewards: z.array(reward),
  left: z.number().nullable(),
});
export const playerStoreSchema = z.object({
  version: z.string(),
  products: z.array(productView),
  levelProducts: z.array(productView),
  purchaseItems: z.array(purchaseItemView),
  giftPacks: z.array(
    z.object({
      name: z.string(),
      item: purchaseItemView,
      discountMode: z.string(),
      discount: z.number(),
      colour: z.string(),
      left: z.number().nullable(),
      nextPickAt: z.string(),
    }),
  ),
  stores: z.array(
    z.object({
      name: z.string(),
      title: z.string(),
      kind: z.string(),
      products: z.array(z.string()),
      nextRefreshAt: z.string().nullable(),
    }),
  ),
  activities: z.array(
    z.object({
      name: z.string(),
      title: z.string(),
      description: z.string(),
      kind: z.string(),
      endsAt: z.string().nullable(),
      purchaseIds: z.array(z.number()),
      spend: z.object({ currency: z.string(), amount: z.number() }).nullable(),
      rewards: z.array(reward),
    }),
  ),
});

export const storePreviewSchema = z.object({
  userId: z.number(),
  at: z.string(),
  platform: z.string().nullable(),
  level: z.number(),
  store: playerStoreSchema,
  hidden: z.array(
    z.object({
      kind: z.enum(['purchaseItem', 'product', 'giftPack', 'store', 'storeSlot', 'activity']),
      key: z.string(),
      store: z.string().optional(),
      reason: z.enum(hiddenReasons),
    }),
  ),
});

const userIdParams = z.object({ userId: playerUserId });

export const storeEndpoints = endpointTable({
  purchaseAll: endpoint({
    method: 'GET',
    path: '/api/v1/purchase/all',
    summary: 'Every IAP item without paging (`filterType`: all, iap or giftPack), for pickers',
    permission: purchaseItemResource.permissions.query,
    query: z.object({
      filterType: z.enum(purchaseFilterTypes, { error: 'store.filterType' }).default('all'),
    }),
    response: z.object({ list: z.array(purchaseItemResource.item) }),
    tags: ['store'],
  }),
  purchaseEquips: endpoint({
    method: 'GET',
    path: '/api/v1/purchase/equips',
    summary: 'What a purchase may grant: the game catalogue’s resource kinds with their labels',
    permission: purchaseItemResource.permissions.query,
    response: z.object({
      list: z.array(
        z.object({ kind: z.enum(resourceKinds), label: z.object({ 'zh-CN': z.string(), 'en-US': z.string() }) }),
      ),
    }),
    tags: ['store'],
  }),
  storePreview: endpoint({
    method: 'GET',
    path: '/api/v1/store/preview/:userId',
    summary: 'Preview as player: the store this player sees now, and why each hidden item is hidden',
    permission: ['normalProductConfigQuery', 'iapConfigQuery', 'iapGiftConfigQuery', 'iapActivityConfigQuery'],
    params: userIdParams,
    response: storePreviewSchema,
    tags: ['store'],
  }),
});

export const storeGameEndpoints = endpointTable({
  gameGetStore: endpoint({
    method: 'GET',
    path: '/api/game/v1/players/:userId/store',
    summary:
      "The player's store now: products, level products, IAP items, the gift pack picked for them and stores, each priced for their platform; `ETag`, 304 on `If-None-Match`",
    permission: 'game',
    params: userIdParams,
    raw: true,
    response: playerStoreSchema,
  }),
});

/** The reward kinds a purchase may grant, labelled (`GET /purchase/equips`). */
export const purchaseEquips = () => resourceKinds.map((kind) => ({ kind, label: resourceCatalogue[kind].label }));
