import { describe, expect, it } from 'vitest';
import { adminToken, call, chooseOption, fieldOf, gameData, see, unique, useAdminPage } from './helpers';

/** One English console page signed in as admin, shared by the tests in order. */
const page = useAdminPage('en-US');

async function player() {
  const { userId } = await gameData<{ userId: number }>('POST', '/api/game/v1/players/login', {
    deviceId: unique('board-device-'),
    deviceModel: 'Pixel 8',
    os: 'android',
    appVersion: '1.3.0',
    language: 'en-US',
    country: 'US',
  });
  return userId;
}

const submit = (userId: number, board: string, score: number) =>
  gameData('POST', `/api/game/v1/players/${userId}/scores`, { board, score });
const top = (board: string) =>
  gameData<{ entries: { userId: number; rank: number; score: number }[] }>(
    'GET',
    `/api/game/v1/leaderboards/${board}?limit=20`,
  );

/** Make a board through the kit's API (the page's own form is walked in the first test). */
async function makeBoard(id: string, testBoard: boolean) {
  const answer = await call('POST', '/api/v1/resources/leaderboard', await adminToken(), {
    id,
    titleZh: id,
    titleEn: id,
    sortOrder: 'desc',
    operator: 'best',
    reset: 'never',
    timeZone: 'UTC',
    allowNegative: false,
    testBoard,
    rewardBands: [],
  });
  expect(answer.code, JSON.stringify(answer)).toBe(200);
}

describe('mini-game leaderboards', () => {
  const board = unique('weekly');
  const players: number[] = [];

  it('makes a board on its page; the game submits scores and the page shows the standings and a player’s rank', async () => {
    await page().goto('/minigame/leaderboard');
    await page().getByTestId('resource-create').click();
    const drawer = page().locator('.ant-drawer:visible');
    await fieldOf(drawer, 'leaderboard-id').fill(board);
    await fieldOf(drawer, 'leaderboard-titleZh').fill('周榜');
    await fieldOf(drawer, 'leaderboard-titleEn').fill('Weekly');
    await fieldOf(drawer, 'leaderboard-timeZone').fill('Europe/Paris');
    await drawer.getByTestId('resource-save').click();
    await page().locator(`.ant-table-row[data-row-key="${board}"]`).waitFor();

    for (const score of [300, 500, 100]) {
      const userId = await player();
      players.push(userId);
      await submit(userId, board, score);
    }
    await chooseOption(page().getByTestId('board-pick'), board, board);
    await expect.poll(() => new URL(page().url()).searchParams.get('board')).toBe(board);
    const rows = page().getByTestId('standings').locator('[data-testid=standings-top] .ant-table-row');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.first().getAttribute('data-row-key')).toBe(String(players[1]));

    await fieldOf(page(), 'standings-user').fill(String(players[0]));
    await page().getByRole('button', { name: 'Show rank' }).click();
    await expect.poll(() => page().getByTestId('standings-player').innerText()).toContain(`ranks 2 with 300`);
  });

  it('blacklists a player: they leave the standings at once, and return when lifted', async () => {
    const first = players[1];
    await page().goto('/minigame/blacklist');
    await page().getByTestId('blacklist-add').click();
    const dialog = page().locator('.ant-modal:visible');
    await fieldOf(dialog, 'blacklist-user').fill(String(first));
    const endsAt = dialog.getByLabel('Ends at');
    await endsAt.click();
    await endsAt.fill('2099-01-01 00:00:00');
    await page().keyboard.press('Enter');
    await dialog.getByLabel('Reason').fill('Impossible jump times');
    await dialog.getByRole('button', { name: 'Blacklist' }).click();
    await page().locator(`.ant-table-row[data-row-key="${first}"]`).waitFor();

    // The game's top list no longer has them; the console's standings neither.
    await expect.poll(async () => (await top(board)).entries.map((e) => e.userId)).toEqual([players[0], players[2]]);
    await page().goto(`/minigame/leaderboard?board=${board}`);
    const rows = page().getByTestId('standings').locator('[data-testid=standings-top] .ant-table-row');
    await expect.poll(() => rows.count()).toBe(2);

    await page().goto('/minigame/blacklist');
    await page().locator(`.ant-table-row[data-row-key="${first}"]`).getByRole('button', { name: 'Lift' }).click();
    await page().locator('.ant-modal-confirm:visible').getByRole('button', { name: 'Lift' }).click();
    await expect.poll(async () => (await top(board)).entries[0]?.userId).toBe(first);
  });

  it('removes a score with a reason; the game no longer returns it', async () => {
    await page().goto(`/minigame/leaderboard?board=${board}`);
    const row = page().locator(`[data-testid=standings-top] .ant-table-row[data-row-key="${players[2]}"]`);
    await row.getByTestId('standing-remove').click();
    const dialog = page().locator('.ant-modal:visible');
    await dialog.getByLabel('Reason').fill('Reported cheat');
    await dialog.getByRole('button', { name: 'Remove score' }).click();
    await expect.poll(async () => (await top(board)).entries.map((e) => e.userId)).not.toContain(players[2]);
  });

  it('fills only a test board with mock players and removes them in one action', async () => {
    const testBoard = unique('qa');
    await makeBoard(testBoard, true);
    await page().goto(`/minigame/leaderboardmock?board=${board}`);
    await page().getByTestId('mock-refused').waitFor();
    expect(await page().getByTestId('mock-fill').count()).toBe(0);

    await page().goto(`/minigame/leaderboardmock?board=${testBoard}`);
    await page().getByTestId('mock-fill').click();
    const dialog = page().locator('.ant-modal:visible');
    await fieldOf(dialog, 'mock-players').fill('25');
    await dialog.getByRole('button', { name: 'Fill' }).click();
    await see(page(), '25 mock players added');
    const rows = page().locator('[data-testid=standings-top] .ant-table-row');
    await expect.poll(() => rows.count()).toBe(20);
    expect(await rows.first().innerText()).toContain('Mock');

    await page().getByTestId('mock-clear').click();
    await page().locator('.ant-modal-confirm:visible').getByRole('button', { name: 'Remove mock players' }).click();
    await see(page(), '25 mock scores removed');
    await expect.poll(async () => (await top(testBoard)).entries.length).toBe(0);
  });

  it("shows the jump game's standings and a player's attempts", async () => {
    await makeBoard('jump', false);
    const jumper = await player();
    await submit(jumper, 'jump', 40);
    await submit(jumper, 'jump', 70);
    await page().goto('/minigame/jump');
    await expect
      .poll(() => page().getByTestId('standings').locator('.ant-table-row').first().innerText())
      .toContain('70');
    const history = page().getByTestId('jump-attempts');
    await expect.poll(() => history.locator('.ant-table-row').count()).toBeGreaterThanOrEqual(2);
    expect(await history.innerText()).toContain(String(jumper));
  });
});
