import { describe, expect, it } from 'vitest';
import { gameData, see, unique, useAdminPage } from './helpers';

/** One English console page signed in as admin, shared by the tests in order. */
const page = useAdminPage('en-US');

async function player() {
  const { userId } = await gameData<{ userId: number }>('POST', '/api/game/v1/players/login', {
    deviceId: unique('guild-device-'),
    deviceModel: 'Pixel 8',
    os: 'android',
    appVersion: '1.3.0',
    language: 'en-US',
    country: 'US',
  });
  return userId;
}

describe('guild tools', () => {
  it('finds a guild, reads its chat, deletes a message, and the game no longer returns it', async () => {
    const leader = await player();
    const name = `G${Date.now().toString(36).slice(-8)}`;
    const guild = await gameData<{ id: number }>('POST', `/api/game/v1/players/${leader}/guild`, { name });
    const kept = await gameData<{ id: number }>('POST', `/api/game/v1/players/${leader}/guild/chat`, {
      text: 'Hello everyone',
    });
    const rude = await gameData<{ id: number }>('POST', `/api/game/v1/players/${leader}/guild/chat`, {
      text: '<b>rude</b> words',
    });

    // Found by name in the list (the filter is in the address).
    await page().goto(`/guild/list?search=${name}`);
    const guilds = page().getByTestId('guild-list');
    const guildRow = guilds.locator(`tbody tr.ant-table-row[data-row-key="${guild.id}"]`);
    await guildRow.waitFor();
    expect(await guildRow.innerText()).toContain(name);

    // Its chat: the markup shows as text.
    await page().goto(`/guild/chat?guildId=${guild.id}`);
    const chat = page().getByTestId('guild-chat-list');
    const rudeRow = chat.locator(`tbody tr.ant-table-row[data-row-key="${rude.id}"]`);
    await rudeRow.waitFor();
    expect(await rudeRow.innerText()).toContain('<b>rude</b> words');
    await rudeRow.getByTestId('row-action-delete').click();
    const dialog = page().locator('.ant-modal:visible');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(String(leader));
    await dialog.getByRole('button', { name: `Delete message #${rude.id}` }).click();
    await see(page(), `Message #${rude.id} deleted`);
    await expect.poll(() => rudeRow.innerText()).toContain('Deleted');

    const seen = await gameData<{ list: { id: number }[] }>('GET', `/api/game/v1/players/${leader}/guild/chat`);
    expect(seen.list.map((m) => m.id)).toEqual([kept.id]);
  });
});
