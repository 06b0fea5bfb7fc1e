import { zhEn } from '../../bilingual.js';
import { compileConditions, type PlayerAttributes, storedRules } from '../../conditions.js';
import { codedValues } from '../../enums.js';
import type { Reward } from '../../game-catalogue.js';
import { fnv1a32 } from '../abtest/experiments.js';
import type { PurchaseActivity } from '../activities/resources.js';
import type { GiftPack, PriceLevel, Product, PurchaseItem, Store, StoreRule } from './resources.js';

/**
 * What the game's store shows one player now: a pure function of the compiled catalogue and the
 * player (platform, level, attributes, purchase counts), shared by the game API and the
 * console's "preview as player" (which also shows why each hidden item is hidden).
 */

/** Gift packs are picked once per player per period of this many hours (from 00:00 UTC). */
export const GIFT_PACK_PERIOD_HOURS = 24;
const HOUR_MS = 60 * 60 * 1000;

export const { codes: hiddenReasons, labels: hiddenReasonLabels } = codedValues({
  notEffective: zhEn('未启用（isEffective 关闭）', 'Switched off (isEffective is off)'),
  scheduled: zhEn('尚未开始', 'Not started yet'),
  expired: zhEn('已结束', 'Ended'),
  conditions: zhEn('玩家不满足条件', 'The player does not meet its conditions'),
  levelBelow: zhEn('玩家等级低于最低等级', "The player's level is below its minimum"),
  levelAbove: zhEn('玩家等级高于最高等级', "The player's level is above its maximum"),
  soldOut: zhEn('已达限购次数', 'Purchase limit reached'),
  noPrice: zhEn('该玩家的平台没有此价格档位', "No price level for the player's platform"),
  itemHidden: zhEn('所售内购商品对该玩家不可见', 'The IAP item it sells is hidden from this player'),
  notPicked: zhEn('本周期按权重选中了其他礼包', 'Another gift pack was picked by weight this period'),
  notThisPeriod: zhEn('本周期轮换未选中', 'Not in this period’s rotation'),
  allBought: zhEn('玩家已买过它加倍的所有商品', 'The player has bought every item it doubles'),
});
export type HiddenReason = (typeof hiddenReasons)[number];

interface Windowed<D> {
  key: string;
  doc: D;
  /** The window in ms (parsed once, at compile). */
  from: number | null;
  to: number | null;
  matches: (attrs: PlayerAttributes, now: number) => boolean;
}

/** What a player sees of the products: shared by the players alike in its inputs (`productsPartKey`). */
interface ProductsPart {
  products: VisibleProduct[];
  levelProducts: VisibleProduct[];
  shown: Map<string, VisibleProduct>;
  /** Per store, its slots' products these players see, in slot order (made as players come). */
  storeSlots: Map<Windowed<Store>, { shown: VisibleProduct[]; hashes: Uint32Array }>;
  /** A fixed store's view, the same for these players (made as players come). */
  fixedStores: Map<Windowed<Store>, VisibleStore>;
}

/** ISO strings of the few instants answers name (period ends), made once each. */
const isoTexts = new Map<number, string>();
function isoAt(ms: number): string {
  let text = isoTexts.get(ms);
  if (text === undefined) {
    if (isoTexts.size >= 1_000) isoTexts.clear();
    text = new Date(ms).toISOString();
    isoTexts.set(ms, text);
  }
  return text;
}

/** Most shared product evaluations kept per compiled catalogue (then the cache starts again). */
const MAX_SHARED_PARTS = 2_000;

/** What the products' visibility depends on, besides purchases: level thresholds, windows, conditions. */
interface ProductsInputs {
  /** Every level where some product's gate changes (a minimum, a maximum + 1), ascending. */
  levels: number[];
  /** Every window bound of a product, ascending. */
  bounds: number[];
  /** The distinct conditions of the products. */
  matchers: Matcher[];
}

/** `a` ascending: how many of its values are at most `x`. */
function countAtMost(a: readonly number[], x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Players with equal keys see exactly the same products (with no product bought): the same side
 * of every level threshold and window bound, the same result of every product condition.
 */
function productsPartKey(inputs: ProductsInputs, level: number, now: number, matched: (m: Matcher) => boolean): string {
  let bits = '';
  for (const m of inputs.matchers) bits += matched(m) ? '1' : '0';
  return `${countAtMost(inputs.levels, level)}|${countAtMost(inputs.bounds, now)}|${bits}`;
}

/** The catalogue as the store evaluates it, compiled once per change. */
export interface CompiledStore {
  /** Names the saved catalogue (changes with any save, restore or delete). */
  version: string;
  /** tier → platform → price level. */
  priceLevels: ReadonlyMap<string, ReadonlyMap<string, PriceLevel>>;
  purchaseItems: ReadonlyMap<string, Windowed<PurchaseItem>>;
  products: ReadonlyMap<string, Windowed<Product>>;
  /**
   * The shown form of each product to a player who has not bought it (the same for every such
   * player: no limit, or the whole limit left), made once so its JSON is made once too.
   */
  productViews: ReadonlyMap<string, VisibleProduct>;
  /** The same for IAP items, per platform (`<key>\u0000<platform>`), where the platform has a price. */
  itemViews: ReadonlyMap<string, VisiblePurchaseItem>;
  /** Each product name's hash, for the rotating stores' per-player shuffle. */
  nameHashes: ReadonlyMap<string, number>;
  productsInputs: ProductsInputs;
  /** The shared product evaluations of this catalogue, by `productsPartKey` (filled as players come). */
  productsParts: ReadonlyMap<string, ProductsPart>;
  giftPacks: readonly Windowed<GiftPack>[];
  stores: readonly Windowed<Store>[];
  activities: readonly Windowed<PurchaseActivity>[];
}

export interface StoredStoreItem {
  key: string;
  document: unknown;
  effectiveAt: Date | string | null;
  expireAt: Date | string | null;
}

const iso = (d: Date | string | null) => (d === null ? null : typeof d === 'string' ? d : d.toISOString());

/** Items with the same conditions share one matcher (operators reuse targeting): evaluated once per player. */
type Matcher = (attrs: PlayerAttributes, now: number) => boolean;
const everyone: Matcher = () => true;

const windowed = <D extends { conditions?: StoreRule[] }>(
  item: StoredStoreItem,
  matchers: Map<string, Matcher>,
): Windowed<D> => {
  const doc = item.document as D;
  const rules = doc.conditions ?? [];
  const id = JSON.stringify(rules);
  let matches = rules.length ? matchers.get(id) : everyone;
  if (!matches) {
    matches = compileConditions(storedRules(rules));
    matchers.set(id, matches);
  }
  return {
    key: item.key,
    doc,
    from: item.effectiveAt === null ? null : Date.parse(iso(item.effectiveAt)!),
    to: item.expireAt === null ? null : Date.parse(iso(item.expireAt)!),
    matches,
  };
};

function productView(doc: Product, left: number | null): VisibleProduct {
  return {
    name: doc.name,
    title: doc.title,
    description: doc.description,
    cost: doc.cost,
    rewards: doc.rewards,
    left,
    minLevel: doc.minLevel,
    maxLevel: doc.maxLevel,
  };
}

/** Purchases left of a limit (null: no limit). */
const leftOf = (limit: number, bought: number) => (limit > 0 ? Math.max(0, limit - bought) : null);

function itemView(doc: PurchaseItem, level: PriceLevel, left: number | null): VisiblePurchaseItem {
  return {
    id: doc.id,
    title: doc.title,
    description: doc.description,
    consumingType: doc.consumingType,
    price: { platform: level.platform, sku: level.sku, prices: level.prices },
    rewards: doc.rewards,
    left,
  };
}

export function compileStore(
  items: {
    priceLevel: readonly StoredStoreItem[];
    purchaseItem: readonly StoredStoreItem[];
    product: readonly StoredStoreItem[];
    giftPack: readonly StoredStoreItem[];
    store: readonly StoredStoreItem[];
    purchaseActivity: readonly StoredStoreItem[];
  },
  version: string,
): CompiledStore {
  const priceLevels = new Map<string, Map<string, PriceLevel>>();
  for (const item of items.priceLevel) {
    const p = item.document as PriceLevel;
    if (!priceLevels.has(p.tier)) priceLevels.set(p.tier, new Map());
    priceLevels.get(p.tier)!.set(p.platform, p);
  }
  const m = new Map<string, Matcher>();
  const products = new Map(items.product.map((i) => [i.key, windowed<Product>(i, m)]));
  // A product looks the same to everyone who sees it and has not bought it: made once.
  const productViews = new Map<string, VisibleProduct>();
  for (const [key, p] of products) productViews.set(key, productView(p.doc, leftOf(p.doc.repurchaseLimit, 0)));
  const purchaseItems = new Map(items.purchaseItem.map((i) => [i.key, windowed<PurchaseItem>(i, m)]));
  const itemViews = new Map<string, VisiblePurchaseItem>();
  for (const [key, item] of purchaseItems)
    for (const [platform, level] of priceLevels.get(item.doc.priceLevel) ?? [])
      itemViews.set(`${key}\u0000${platform}`, itemView(item.doc, level, leftOf(item.doc.repurchaseLimit, 0)));
  return {
    version,
    priceLevels,
    purchaseItems,
    products,
    productViews,
    itemViews,
    nameHashes: new Map([...products.keys()].map((k) => [k, fnv1a32(`product:${k}`)])),
    productsInputs: {
      levels: [
        ...new Set(
          [...products.values()].flatMap((p) => [
            p.doc.minLevel,
            ...(p.doc.maxLevel === null ? [] : [p.doc.maxLevel + 1]),
          ]),
        ),
      ].sort((a, b) => a - b),
      bounds: [
        ...new Set([...products.values()].flatMap((p) => [p.from, p.to].filter((t): t is number => t !== null))),
      ].sort((a, b) => a - b),
      matchers: [...new Set([...products.values()].map((p) => p.matches))],
    },
    productsParts: new Map(),
    giftPacks: items.giftPack.map((i) => windowed<GiftPack>(i, m)),
    stores: items.store.map((i) => windowed<Store>(i, m)),
    activities: items.purchaseActivity.map((i) => windowed<PurchaseActivity>(i, m)),
  };
}

/** Who the store is evaluated for. */
export interface StorePlayer {
  userId: number;
  attrs: PlayerAttributes;
  /** The player's level (the achievement level of their game state). */
  level: number;
  /** Purchases so far by item: `purchaseItem:<id>`, `product:<name>`. */
  purchases: Readonly<Record<string, number>>;
}

export interface StorePrice {
  platform: string;
  sku: string;
  prices: { currency: string; amount: number }[];
}
export interface VisibleProduct {
  name: string;
  title: string;
  description: string;
  cost: { kind: string; amount: number };
  rewards: Reward[];
  /** Purchases left (null: no limit). */
  left: number | null;
  minLevel: number;
  maxLevel: number | null;
}
export interface VisiblePurchaseItem {
  id: number;
  title: string;
  description: string;
  consumingType: string;
  price: StorePrice;
  rewards: Reward[];
  left: number | null;
}
export interface VisibleGiftPack {
  name: string;
  item: VisiblePurchaseItem;
  discountMode: string;
  discount: number;
  colour: string;
  left: number | null;
  /** When the next pick happens (ISO UTC). */
  nextPickAt: string;
}
export interface VisibleStore {
  name: string;
  title: string;
  kind: string;
  /** The products its slots show, in slot order, by name (each is in `products` or `levelProducts`). */
  products: string[];
  /** Rotating: when the next rotation starts (ISO UTC); fixed: null. */
  nextRefreshAt: string | null;
}
export interface VisibleActivity {
  name: string;
  title: string;
  description: string;
  kind: string;
  /** When it ends (ISO UTC). */
  endsAt: string | null;
  /** First purchase double: the IAP items this player's next purchase of doubles. */
  purchaseIds: number[];
  /** Spend N, get rewards: what to spend (real money, one currency) and what it gives. */
  spend: { currency: string; amount: number } | null;
  rewards: Reward[];
}
export interface HiddenStoreItem {
  kind: 'purchaseItem' | 'product' | 'giftPack' | 'store' | 'storeSlot' | 'activity';
  key: string;
  /** A store slot: the store it is in. */
  store?: string;
  reason: HiddenReason;
}

export interface PlayerStore {
  version: string;
  /** Products not gated by level. */
  products: VisibleProduct[];
  /** Products gated by level (a minimum or a maximum). */
  levelProducts: VisibleProduct[];
  purchaseItems: VisiblePurchaseItem[];
  giftPacks: VisibleGiftPack[];
  stores: VisibleStore[];
  activities: VisibleActivity[];
}

/** Why an item with a window, conditions, level gate and purchase limit is hidden; null = shown. */
function hiddenBy(
  item: Windowed<{ minLevel?: number; maxLevel?: number | null; repurchaseLimit?: number }>,
  player: StorePlayer & { matched: (m: Matcher) => boolean },
  now: number,
  bought: number,
): HiddenReason | null {
  if (item.from !== null && now < item.from) return 'scheduled';
  if (item.to !== null && now >= item.to) return 'expired';
  const { minLevel = 0, maxLevel = null, repurchaseLimit = 0 } = item.doc;
  if (player.level < minLevel) return 'levelBelow';
  if (maxLevel !== null && player.level > maxLevel) return 'levelAbove';
  if (!player.matched(item.matches)) return 'conditions';
  if (repurchaseLimit > 0 && bought >= repurchaseLimit) return 'soldOut';
  return null;
}

/** MurmurHash3's 32-bit finaliser: spreads a 32-bit value over all bits (a stable, even rank). */
export function mix32(h: number): number {
  let x = h;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

/** A stable number in [0, 1) for a player, a period and a purpose. */
export function storeHash(userId: number, period: number, salt: string): number {
  return fnv1a32(`${salt}:${period}:${userId}`) / 0x1_0000_0000;
}

/** Pick one of `weights` by a number in [0, 1): each index with its share of the total. */
export function weightedPick(weights: readonly number[], n: number): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let at = n * total;
  for (let i = 0; i < weights.length; i += 1) {
    if (at < weights[i]) return i;
    at -= weights[i];
  }
  return weights.length - 1;
}

/** What one player sees now, and why each hidden item is hidden. */
export function explainStore(
  c: CompiledStore,
  player: StorePlayer,
  now: number,
  /** Say why each hidden item is hidden (the preview); the game's fetch leaves it out. */
  reasons = true,
): { store: PlayerStore; hidden: HiddenStoreItem[] } {
  const hidden: HiddenStoreItem[] = [];
  const hide = (kind: HiddenStoreItem['kind'], key: string, reason: HiddenReason, store?: string) => {
    if (reasons) hidden.push(store === undefined ? { kind, key, reason } : { kind, key, store, reason });
  };
  const platform = player.attrs.os?.toLowerCase() ?? '';
  const results = new Map<Matcher, boolean>();
  const evaluated = {
    ...player,
    matched: (m: Matcher) => {
      let r = results.get(m);
      if (r === undefined) {
        r = m(player.attrs, now);
        results.set(m, r);
      }
      return r;
    },
  };
  // Most players have bought nothing: no key is made or looked up then.
  let anyBought = false;
  for (const _ in player.purchases) {
    anyBought = true;
    break;
  }
  const boughtOf = anyBought ? (k: string) => player.purchases[k] ?? 0 : () => 0;

  const visibleItem = (key: string): VisiblePurchaseItem | HiddenReason => {
    const item = c.purchaseItems.get(key);
    if (!item) return 'itemHidden';
    const bought = boughtOf(`purchaseItem:${key}`);
    const why = hiddenBy(item, evaluated, now, bought);
    if (why) return why;
    const level = c.priceLevels.get(item.doc.priceLevel)?.get(platform);
    if (!level) return 'noPrice';
    if (bought === 0) return c.itemViews.get(`${key}\u0000${platform}`) ?? itemView(item.doc, level, null);
    return itemView(item.doc, level, leftOf(item.doc.repurchaseLimit, bought));
  };
  const purchaseItems: VisiblePurchaseItem[] = [];
  for (const [key, item] of c.purchaseItems) {
    // Gift-pack items reach the player only through their gift pack.
    if (item.doc.isGiftPack) continue;
    const v = visibleItem(key);
    if (typeof v === 'string') hide('purchaseItem', key, v);
    else purchaseItems.push(v);
  }

  const productCache = new Map<string, VisibleProduct | HiddenReason>();
  const visibleProduct = (key: string): VisibleProduct | HiddenReason => {
    const cached = productCache.get(key);
    if (cached) return cached;
    const item = c.products.get(key);
    let out: VisibleProduct | HiddenReason;
    if (!item) out = 'itemHidden';
    else {
      const bought = boughtOf(`product:${key}`);
      const why = hiddenBy(item, evaluated, now, bought);
      out =
        why ??
        (bought === 0 || item.doc.repurchaseLimit === 0 ? c.productViews.get(key) : undefined) ??
        productView(item.doc, leftOf(item.doc.repurchaseLimit, bought));
    }
    productCache.set(key, out);
    return out;
  };
  const evaluateProducts = (): ProductsPart => {
    const part: ProductsPart = {
      products: [],
      levelProducts: [],
      shown: new Map(),
      storeSlots: new Map(),
      fixedStores: new Map(),
    };
    for (const key of c.products.keys()) {
      const v = visibleProduct(key);
      if (typeof v === 'string') hide('product', key, v);
      else {
        part.shown.set(key, v);
        if (v.minLevel > 0 || v.maxLevel !== null) part.levelProducts.push(v);
        else part.products.push(v);
      }
    }
    return part;
  };
  // The game's fetch: players alike in everything the products depend on share one evaluation.
  const shareable = !reasons && !Object.keys(player.purchases).some((k) => k.startsWith('product:'));
  let part: ProductsPart;
  if (shareable) {
    const key = productsPartKey(c.productsInputs, player.level, now, evaluated.matched);
    const parts = c.productsParts as Map<string, ProductsPart>;
    part = parts.get(key) ?? evaluateProducts();
    if (!parts.has(key)) {
      if (parts.size >= MAX_SHARED_PARTS) parts.clear();
      parts.set(key, part);
    }
  } else part = evaluateProducts();
  const { products, levelProducts } = part;
  const slotView = (key: string): VisibleProduct | HiddenReason =>
    shareable ? (part.shown.get(key) ?? 'itemHidden') : visibleProduct(key);

  // Gift packs: of those this player may see, one is picked by weight per period.
  const period = Math.floor(now / (GIFT_PACK_PERIOD_HOURS * HOUR_MS));
  const eligible: { pack: Windowed<GiftPack>; item: VisiblePurchaseItem; left: number | null }[] = [];
  for (const pack of c.giftPacks) {
    const key = pack.key;
    if (!pack.doc.isEffective) {
      hide('giftPack', key, 'notEffective');
      continue;
    }
    const bought = boughtOf(`purchaseItem:${pack.doc.purchaseId}`);
    const why = hiddenBy(pack, evaluated, now, bought);
    if (why) {
      hide('giftPack', key, why);
      continue;
    }
    const item = visibleItem(String(pack.doc.purchaseId));
    if (typeof item === 'string') {
      hide('giftPack', key, item === 'noPrice' ? 'noPrice' : 'itemHidden');
      continue;
    }
    eligible.push({ pack, item, left: leftOf(pack.doc.repurchaseLimit, bought) });
  }
  const giftPacks: VisibleGiftPack[] = [];
  if (eligible.length > 0) {
    const chosen = weightedPick(
      eligible.map((e) => e.pack.doc.weight),
      storeHash(player.userId, period, 'giftPack'),
    );
    eligible.forEach((e, i) => {
      if (i !== chosen) {
        hide('giftPack', e.pack.key, 'notPicked');
        return;
      }
      giftPacks.push({
        name: e.pack.doc.name,
        item: e.item,
        discountMode: e.pack.doc.discountMode,
        discount: e.pack.doc.discount,
        colour: e.pack.doc.colour,
        left: e.left,
        nextPickAt: isoAt((period + 1) * GIFT_PACK_PERIOD_HOURS * HOUR_MS),
      });
    });
  }

  const stores: VisibleStore[] = [];
  for (const s of c.stores) {
    const why = hiddenBy(s as Windowed<{ minLevel?: number }>, evaluated, now, 0);
    if (why) {
      hide('store', s.key, why);
      continue;
    }
    let slots = shareable ? part.storeSlots.get(s) : undefined;
    if (!slots) {
      const shown: VisibleProduct[] = [];
      for (const slot of s.doc.slots) {
        const v = slotView(slot.product);
        if (typeof v === 'string') hide('storeSlot', slot.product, v, s.key);
        else shown.push(v);
      }
      slots = { shown, hashes: Uint32Array.from(shown, (v) => c.nameHashes.get(v.name) ?? 0) };
      if (shareable) part.storeSlots.set(s, slots);
    }
    const { shown, hashes } = slots;
    if (s.doc.kind !== 'rotating') {
      let view = shareable ? part.fixedStores.get(s) : undefined;
      if (!view) {
        view = {
          name: s.doc.name,
          title: s.doc.title,
          kind: s.doc.kind,
          products: shown.map((v) => v.name),
          nextRefreshAt: null,
        };
        if (shareable) {
          part.fixedStores.set(s, view);
          jsonOf(view);
        }
      }
      stores.push(view);
      continue;
    }
    const length = s.doc.refreshHours * HOUR_MS;
    const p = Math.floor(now / length);
    // A stable shuffle of the visible slots for this player and period (one hash, then a cheap mix
    // with each product's name hash): the `shown` lowest ranks stay, in slot order (a tie goes to
    // the earlier slot).
    const seed = fnv1a32(`store:${s.key}:${p}:${player.userId}`);
    const ranks = new Uint32Array(shown.length);
    for (let i = 0; i < shown.length; i += 1) ranks[i] = mix32(seed ^ hashes[i]);
    const keep = Math.min(s.doc.shown, shown.length);
    const cut = keep > 0 ? ranks.slice().sort()[keep - 1] : -1;
    let tiesKept = keep;
    for (let i = 0; i < ranks.length; i += 1) if (ranks[i] < cut) tiesKept -= 1;
    const products: string[] = [];
    for (let i = 0; i < shown.length; i += 1) {
      if (ranks[i] < cut || (ranks[i] === cut && tiesKept-- > 0)) products.push(shown[i].name);
      else hide('storeSlot', shown[i].name, 'notThisPeriod', s.key);
    }
    stores.push({
      name: s.doc.name,
      title: s.doc.title,
      kind: s.doc.kind,
      products,
      nextRefreshAt: isoAt((p + 1) * length),
    });
  }

  // Purchase activities: first purchase double lists the visible items this player has not bought yet.
  const activities: VisibleActivity[] = [];
  for (const a of c.activities) {
    const why = hiddenBy(a, evaluated, now, 0);
    if (why) {
      hide('activity', a.key, why);
      continue;
    }
    let purchaseIds: number[] = [];
    if (a.doc.kind === 'firstPurchaseDouble') {
      const named = a.doc.purchaseIds.length ? a.doc.purchaseIds : purchaseItems.map((p) => p.id);
      const shown = new Set(purchaseItems.map((p) => p.id));
      purchaseIds = named.filter((id) => shown.has(id) && boughtOf(`purchaseItem:${id}`) === 0);
      if (purchaseIds.length === 0) {
        hide('activity', a.key, 'allBought');
        continue;
      }
    }
    const view = (): VisibleActivity => ({
      name: a.doc.name,
      title: a.doc.title,
      description: a.doc.description,
      kind: a.doc.kind,
      endsAt: a.to === null ? null : isoAt(a.to),
      purchaseIds,
      spend: a.doc.spend,
      rewards: a.doc.rewards,
    });
    // Any other kind looks the same to everyone who sees it: made once, with its JSON.
    if (a.doc.kind === 'firstPurchaseDouble') activities.push(view());
    else {
      let shared = sharedActivities.get(a);
      if (!shared) {
        shared = view();
        jsonOf(shared);
        sharedActivities.set(a, shared);
      }
      activities.push(shared);
    }
  }

  return {
    store: { version: c.version, products, levelProducts, purchaseItems, giftPacks, stores, activities },
    hidden,
  };
}

/** An activity's view where it is the same for every player who sees it. */
const sharedActivities = new WeakMap<Windowed<PurchaseActivity>, VisibleActivity>();

/** JSON of shared views, made once each (a product without a purchase limit is one object for everyone). */
const jsonCache = new WeakMap<object, string>();
const jsonOf = (value: object) => {
  let text = jsonCache.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    jsonCache.set(value, text);
  }
  return text;
};
/** An array's JSON, made once per array (players alike share their products arrays: `ProductsPart`). */
const arrayJson = (values: readonly object[]) => {
  let text = jsonCache.get(values);
  if (text === undefined) {
    text = `[${values.map(jsonOf).join(',')}]`;
    jsonCache.set(values, text);
  }
  return text;
};
/** A list's JSON: shared views' made-once JSON, the others' made now (and not kept). */
const listJson = (values: readonly object[]) =>
  `[${values.map((v) => jsonCache.get(v) ?? JSON.stringify(v)).join(',')}]`;

/** The answer's head of a products array: made once per shared evaluation (`ProductsPart`). */
const headCache = new WeakMap<object, string>();

/**
 * The game's answer (`{code, data, msg}`) as JSON in two parts, `head + tail` equal to
 * `JSON.stringify`. The head (version, products, level products) is the same string for every
 * player who shares `key` (the products array of one shared evaluation), so a server can encode
 * and hash it once; the tail is this player's own (IAP items, gift pack, stores, activities).
 */
export function playerStoreAnswerParts(store: PlayerStore): { key: object; head: string; tail: string } {
  let head = headCache.get(store.products);
  if (head === undefined) {
    head =
      `{"code":200,"data":{"version":${JSON.stringify(store.version)}` +
      `,"products":${arrayJson(store.products)}` +
      `,"levelProducts":${arrayJson(store.levelProducts)}`;
    headCache.set(store.products, head);
  }
  const tail =
    `,"purchaseItems":[${store.purchaseItems.map(jsonOf).join(',')}]` +
    `,"giftPacks":${JSON.stringify(store.giftPacks)}` +
    `,"stores":${listJson(store.stores)}` +
    `,"activities":${listJson(store.activities)}},"msg":"ok"}`;
  return { key: store.products, head, tail };
}

/** The game's answer as one JSON string (the parts joined). */
export function playerStoreAnswer(store: PlayerStore): string {
  const { head, tail } = playerStoreAnswerParts(store);
  return head + tail;
}
