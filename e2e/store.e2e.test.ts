import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  adminToken,
  baseUrl,
  call,
  callGame,
  deletedAfterAll,
  fieldOf,
  pickTime,
  saveAndPublish,
  unique,
  useAdminPage,
} from './helpers';

/**
 * The store catalogue through its screens (zh-CN, the admin's page): a price level, a product,
 * a gift-pack IAP item and its gift pack, a store with the product in a slot; "preview as player"
 * shows what a new iOS player sees, and the game's store fetch shows the same. Then the product
 * list filtered by its search and level range, and its CSV export. Everything made is removed.
 */
const page = useAdminPage();
beforeAll(() => page().setDefaultTimeout(45_000));

const made = deletedAfterAll();

const drawer = () => page().locator('.ant-drawer-body:visible');
/** The page that makes or edits one item, where the route table has one (`productAdd`, `pedit`, …). */
const editPage = () =>
  page()
    .locator('.ant-card:visible')
    .filter({ has: page().getByTestId('resource-save') });
const row = (key: string) => page().locator(`.ant-table-row[data-row-key="${key}"]`);
const rowKeys = () =>
  page()
    .locator('.ant-table-tbody .ant-table-row')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-key')));

/** Open a list's create drawer (its chunk may come slowly on a busy machine). */
async function create(path: string) {
  await page().goto(path);
  await page().getByTestId('resource-create').click({ timeout: 60_000 });
}

/**
 * Save a form that changes what players see: the confirmation states it and the players its
 * conditions select now (counted by the server), and publishes on its button.
 */
async function publish(scope: () => ReturnType<typeof drawer>) {
  await scope().getByTestId('resource-save').click();
  const dialog = page().locator('.ant-modal-confirm:visible');
  const audience = dialog.getByTestId('store-publish-audience');
  await audience.waitFor();
  expect(await audience.textContent()).toMatch(/\d/);
  await dialog.getByRole('button', { name: '确认发布' }).click();
  await expect.poll(() => dialog.count()).toBe(0);
}

/** Type a time into the edit page's date picker named `label` and confirm it in the picker. */
const pickEditTime = (label: string, ms: number) => pickTime(page(), editPage(), label, ms);

/** Save a game-visible item on its page: the kit's publication confirmation asks first. */
async function publishContent() {
  await editPage().getByTestId('resource-save').click();
  const dialog = page().locator('.ant-modal-confirm:visible');
  await dialog.waitFor();
  await dialog.locator('.ant-btn-primary').click();
  await expect.poll(() => dialog.count()).toBe(0);
}

async function choose(testId: string, option: string, search?: string, scope = drawer) {
  await scope().getByTestId(testId).click();
  if (search) await page().keyboard.type(search);
  await page().locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

describe('the store catalogue', () => {
  const id = unique('e2e').replace(/[^A-Za-z0-9]/g, '');
  const tier = `t${id}`;
  const productName = `p${id}`;
  const itemTitle = `Pack ${id}`;

  it('builds a price level, a product, a gift pack and a store, and previews it as a player', async () => {
    // A price level for iOS (the blank form holds USD 0.99).
    await create('/purchase/product/pricelevel');
    await fieldOf(page(), 'priceLevel-name').fill(`ios${id}`);
    await fieldOf(page(), 'priceLevel-tier').fill(tier);
    await fieldOf(page(), 'priceLevel-sku').fill(`com.rookery.${id}`);
    await drawer().getByTestId('resource-save').click();
    made.push(`/api/v1/resources/priceLevel/ios${id}`);
    await row(`ios${id}`).waitFor();

    // A product sold for gems, on the page for a new product (the blank form holds its price and
    // rewards); then its edit page, reached from the list, changes the title.
    await create('/purchase/product/list');
    await page().waitForURL('**/purchase/productAdd');
    await fieldOf(page(), 'product-name').fill(productName);
    await fieldOf(page(), 'product-title').fill(`Gems ${id}`);
    await publish(editPage);
    made.push(`/api/v1/resources/product/${productName}`);
    await row(productName).waitFor();
    await row(productName).getByTestId('row-action-edit').click();
    await page().waitForURL(`**/purchase/product/edit?key=${productName}`);
    await fieldOf(page(), 'product-title').fill(`Coins ${id}`);
    await publish(editPage);
    await page().waitForURL('**/purchase/product/list');
    await row(productName).getByText(`Coins ${id}`).waitFor();

    // The IAP item a gift pack sells, at the new tier.
    await create('/purchase/plist');
    await page().waitForURL('**/purchase/pedit');
    await fieldOf(page(), 'purchaseItem-title').fill(itemTitle);
    // The tier is picked from the price levels, searched by what is typed.
    await choose('item-price-level', tier, tier, editPage);
    await editPage().getByTestId('purchaseItem-isGiftPack').click();
    await publish(editPage);
    await page().locator('.ant-table-row', { hasText: itemTitle }).waitFor();
    const token = await adminToken();
    const items = await call('GET', '/api/v1/purchase/all?filterType=giftPack', token);
    const item = (items.data.list as { id: number; title: string }[]).find((i) => i.title === itemTitle)!;
    made.push(`/api/v1/purchase/${item.id}`);

    // Its gift pack, the item picked by typing its title.
    await create('/purchase/product/giftCode');
    await page().waitForURL('**/purchase/giftCodeAdd');
    await fieldOf(page(), 'giftPack-name').fill(`g${id}`);
    await choose('gift-item', `${item.id} · ${itemTitle}`, itemTitle, editPage);
    await publish(editPage);
    made.push(`/api/v1/resources/giftPack/g${id}`);
    await row(`g${id}`).waitFor();

    // A fixed store with the product in its one slot.
    await page().goto('/purchase/product/store');
    await page().getByTestId('resource-create').click({ timeout: 60_000 });
    await fieldOf(page(), 'store-name').fill(`s${id}`);
    await fieldOf(page(), 'store-title').fill(`Shop ${id}`);
    await drawer().getByTestId('store-slot-add').click();
    await choose('store-slot-0', productName, productName);
    await publish(drawer);
    made.push(`/api/v1/resources/store/s${id}`);
    await row(`s${id}`).waitFor();

    // A new iOS player at level 0: preview as that player.
    const login = await callGame('POST', '/api/game/v1/players/login', {
      deviceId: unique('store-device-'),
      socialId: unique('store-player-'),
      deviceModel: 'iPhone15,2',
      os: 'ios',
      appVersion: '1.3.0',
      language: 'zh-CN',
      country: 'US',
    });
    const userId = login.body.data.userId as number;
    await page().getByTestId('store-preview-user').fill(String(userId));
    await page().getByTestId('store-preview').click();
    const result = page().getByTestId('store-preview-result');
    await result.getByText(`Shop ${id}`).waitFor();
    await expect.poll(() => result.textContent()).toContain(`Coins ${id}`);

    // The game's store shows what the preview showed.
    const store = (await callGame('GET', `/api/game/v1/players/${userId}/store`)).body.data;
    const shop = store.stores.find((s: { name: string }) => s.name === `s${id}`);
    expect(shop.products).toEqual([productName]);
    const packs = store.giftPacks.map((g: { name: string; item: { price: { sku: string } } }) => [
      g.name,
      g.item.price.sku,
    ]);
    // One pack is picked per player by weight among those they may see: ours if it is the only one.
    if (packs.length === 1 && packs[0][0] === `g${id}`) expect(packs[0][1]).toBe(`com.rookery.${id}`);
    const hidden = await result.getByTestId('store-preview-hidden').textContent();
    expect(packs.some((p: string[]) => p[0] === `g${id}`) || hidden?.includes(`g${id}`)).toBe(true);
  });

  it('says on the preview field what an ID looks like, and that a player is missing, with no address (issue 41 item 6)', async () => {
    await page().goto('/purchase/product/store');
    const field = page().getByTestId('store-preview-user');
    await field.fill('abc');
    const error = page().getByTestId('store-preview-error');
    await expect.poll(() => error.textContent()).toBe('玩家 ID 必须是正整数');
    expect(await page().getByTestId('store-preview').isDisabled()).toBe(true);
    // A user ID no player has: the record's message on the field, no "request address error" anywhere.
    await field.fill('987654321012');
    await page().getByTestId('store-preview').click();
    await expect.poll(() => error.textContent()).toBe('玩家不存在');
    await page().waitForTimeout(500);
    const body = (await page().locator('body').textContent()) ?? '';
    expect(body).not.toContain('请求地址出错');
    expect(body).not.toContain('/api/v1/store/preview');
  });

  it('lists the fixed stores on their own page and makes one on its page', async () => {
    // A rotating store, made through the API: the fixed stores' page does not show it.
    const token = await adminToken();
    const rotating = await call('POST', '/api/v1/resources/store', token, {
      name: `r${id}`,
      title: `Rotating ${id}`,
      kind: 'rotating',
      slots: [{ product: productName }],
    });
    expect(rotating.code).toBe(200);
    made.push(`/api/v1/resources/store/r${id}`);
    await create('/purchase/product/staticStore');
    await page().waitForURL('**/purchase/staticStoreAdd');
    await fieldOf(page(), 'store-name').fill(`f${id}`);
    await fieldOf(page(), 'store-title').fill(`Fixed ${id}`);
    await editPage().getByTestId('store-slot-add').click();
    await choose('store-slot-0', productName, productName, editPage);
    await publish(editPage);
    made.push(`/api/v1/resources/store/f${id}`);
    await page().waitForURL('**/purchase/product/staticStore');
    await row(`f${id}`).waitFor();
    expect(await row(`r${id}`).count()).toBe(0);
    const stored = await call('GET', `/api/v1/resources/store/f${id}`, token);
    expect(stored.data).toMatchObject({ kind: 'static', slots: [{ product: productName }] });
  });

  it('filters the product list and exports it as CSV', async () => {
    const token = await adminToken();
    const gated = `${productName}Gated`;
    const res = await call('POST', '/api/v1/resources/product', token, {
      name: gated,
      title: `Gated ${id}`,
      cost: { kind: 'coin', amount: 500 },
      rewards: [{ kind: 'gem', amount: 5 }],
      minLevel: 20,
    });
    expect(res.code, res.msg).toBe(200);
    made.push(`/api/v1/resources/product/${gated}`);

    await page().goto('/purchase/product/list');
    const form = page().getByTestId('search-form');
    await form.getByLabel('搜索').fill(productName, { timeout: 60_000 });
    await form.getByRole('button', { name: '查 询' }).click();
    await expect.poll(rowKeys).toEqual(expect.arrayContaining([productName, gated]));
    await expect.poll(async () => (await rowKeys()).length).toBe(2);
    // Minimum level from 10: only the gated product.
    await form.getByLabel('最小').first().fill('10');
    await form.getByRole('button', { name: '查 询' }).click();
    await expect.poll(rowKeys).toEqual([gated]);
    // The filter is part of the list's address.
    expect(page().url()).toMatch(/minLevel.*10/);

    const [download] = await Promise.all([page().waitForEvent('download'), page().getByTestId('list-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^product-\d{4}-\d\d-\d\d\.csv$/);
    const chunks: Buffer[] = [];
    for await (const chunk of (await download.createReadStream()) as AsyncIterable<Buffer>) chunks.push(chunk);
    const lines = Buffer.concat(chunks).toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0].split(',').slice(0, 4)).toEqual(['名称', '标题', '最低等级', '最高等级']);
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 3).join(','))).toEqual([`${gated},Gated ${id},20`]);

    // The level products' page: only products that need a level, searched like the list.
    await page().goto(`/purchase/product/level?search=${productName}`);
    await expect.poll(rowKeys).toEqual([gated]);
  });

  it('makes a reward table, an activity on it and a purchase activity with rewards; the game sees them', async () => {
    // A reward table on its page: two ascending goals, each with rewards.
    await create('/activity/reward');
    await page().waitForURL('**/activity/reward/edit');
    await fieldOf(page(), 'activityReward-name').fill(`rt${id}`);
    await fieldOf(page(), 'activityReward-title').fill(`Ladder ${id}`);
    await fieldOf(page(), 'reward-goal-0').fill('10');
    await editPage().getByTestId('reward-add-row').click();
    await fieldOf(page(), 'reward-goal-1').fill('5');
    await editPage().getByTestId('resource-save').click();
    // A goal below the row above it is refused on that row, in Chinese; nothing is saved.
    await editPage().getByText('目标应逐行递增').waitFor();
    await fieldOf(page(), 'reward-goal-1').fill('50');
    await publishContent();
    made.push(`/api/v1/resources/activityReward/rt${id}`);
    await page().waitForURL('**/activity/reward');
    await row(`rt${id}`).waitFor();

    // The game's activity paying out by it, inside a window that started an hour ago.
    const start = Date.now() - 3_600_000;
    const end = Date.now() + 7 * 86_400_000;
    await create('/activity/list');
    await page().waitForURL('**/activity/edit');
    await fieldOf(page(), 'activity-name').fill(`ev${id}`);
    await fieldOf(page(), 'activity-title').fill(`Event ${id}`);
    await choose('activity-rewardTable', `rt${id}`, `rt${id}`, editPage);
    await pickEditTime('生效时间', start);
    await pickEditTime('失效时间', end);
    await publishContent();
    made.unshift(`/api/v1/resources/activity/ev${id}`);
    await page().waitForURL('**/activity/list');
    await row(`ev${id}`).waitFor();

    // A purchase activity: spend 30 USD, get gems; without an end it is refused on the field.
    await create('/purchase/product/activity');
    await page().waitForURL('**/purchase/activityAdd');
    await fieldOf(page(), 'purchaseActivity-name').fill(`pa${id}`);
    await fieldOf(page(), 'purchaseActivity-title').fill(`Spend ${id}`);
    // Its fields follow its kind (declared `shownWhen`): first purchase double names IAP items;
    // spend N get rewards names the spend and the rewards instead.
    await editPage().getByTestId('purchaseActivity-item-add').waitFor();
    expect(await editPage().getByTestId('purchaseActivity-spend-amount').count()).toBe(0);
    await choose('purchaseActivity-kind', '累充奖励', undefined, editPage);
    await editPage().getByTestId('purchaseActivity-item-add').waitFor({ state: 'detached' });
    await fieldOf(page(), 'purchaseActivity-spend-currency').fill('usd');
    await fieldOf(page(), 'purchaseActivity-spend-amount').fill('30');
    await editPage().getByTestId('rewards-rewards').getByRole('button').last().click();
    await page()
      .locator('.ant-select-dropdown:visible')
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    await editPage().getByTestId('reward-kind').last().click();
    await page().keyboard.type('钻石');
    await page().locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '钻石' }).first().click();
    await editPage().getByTestId('reward-amount').last().fill('300');
    await pickEditTime('生效时间', start);
    await editPage().getByTestId('resource-save').click();
    await editPage().getByText('请填写时间（需要开始和结束）').waitFor();
    await pickEditTime('失效时间', end);
    await publish(editPage);
    made.unshift(`/api/v1/resources/purchaseActivity/pa${id}`);
    await page().waitForURL('**/purchase/product/activity');
    await row(`pa${id}`).waitFor();

    // What the game reads: the activity and its table in the content, the purchase activity in the store.
    const content = await fetch(`${baseUrl()}/api/game/v1/content?kinds=activity,activityReward`, {
      headers: { 'X-Game-Key': inject('gameKey') },
    }).then((r) => r.json() as Promise<{ data: { content: unknown } }>);
    expect(JSON.stringify(content.data.content)).toContain(`Event ${id}`);
    expect(JSON.stringify(content.data.content)).toContain(`Ladder ${id}`);
    const login = await callGame('POST', '/api/game/v1/players/login', {
      deviceId: unique('act-device-'),
      socialId: unique('act-player-'),
      deviceModel: 'iPhone15,2',
      os: 'ios',
      appVersion: '1.3.0',
      language: 'zh-CN',
      country: 'US',
    });
    const store = (await callGame('GET', `/api/game/v1/players/${login.body.data.userId}/store`)).body.data;
    expect(store.activities).toContainEqual(
      expect.objectContaining({
        name: `pa${id}`,
        kind: 'spendReward',
        spend: { currency: 'USD', amount: 30 },
        rewards: [{ kind: 'gem', amount: 300 }],
      }),
    );
  });
});

describe("the store's settings, declared forms", () => {
  it('saves a way of consumption from its declared form (the kinds select is its own widget); the IAP form shows the secret hint', async () => {
    const code = unique('way').replace(/[^A-Za-z0-9]/g, '');
    await create('/setting/config/wayofconsumption');
    // Saving with no kind picked: the field says it, in Chinese, and nothing is sent.
    await fieldOf(page(), 'consumptionWay-code').fill(code);
    await fieldOf(page(), 'consumptionWay-nameZh').fill(`途径${code}`);
    await fieldOf(page(), 'consumptionWay-nameEn').fill(`Way ${code}`);
    await drawer().getByTestId('resource-save').click();
    await drawer().locator('.ant-form-item-explain-error', { hasText: '请至少选择一种道具' }).waitFor();
    const token = await adminToken();
    expect((await call('GET', `/api/v1/resources/consumptionWay/${code}`, token)).code).toBe(404);
    await choose('consumptionWay-kinds', '钻石', '钻石');
    await page().keyboard.press('Escape');
    // The game reads the ways: saving publishes, and the change table names the item.
    await saveAndPublish(page(), { title: /^发布消耗途径/, button: ['发 布', '发布'] }, ['钻石', `途径${code}`]);
    made.push(`/api/v1/resources/consumptionWay/${code}`);
    await row(code).waitFor();
    const saved = await call('GET', `/api/v1/resources/consumptionWay/${code}`, token);
    expect(saved.data).toMatchObject({
      code,
      nameZh: `途径${code}`,
      nameEn: `Way ${code}`,
      kinds: ['gem'],
      enabled: true,
    });

    // The IAP setting's secret: an element widget in its declared item, with the declared hint.
    await create('/setting/config/iap');
    await drawer().getByTestId('iapSetting-storeSecret').waitFor();
    await drawer().getByText('不显示已保存的密钥；留空则保留原值，输入则替换', { exact: true }).waitFor();
  });
});
