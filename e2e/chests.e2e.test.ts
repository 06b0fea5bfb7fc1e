import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminPage } from './helpers';

/**
 * The chests screen (en-US): a drop table made in the form shows its chances as percentages,
 * weights that add up to 0 are refused on the field, the saved table's disclosed odds, and the
 * seeded simulation of 100,000 opens with observed against declared figures.
 */
const page = useAdminPage('en-US');
beforeAll(() => page().setDefaultTimeout(45_000));

const inputs = (testId: string) => page().locator(`input[data-testid=${testId}], [data-testid=${testId}] input`);

async function chooseReward(row: number, label: string) {
  await page().getByTestId('chest-entry-kind').nth(row).click();
  await page().keyboard.type(label);
  await page().locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: label }).first().click();
}

describe('chests', () => {
  it('configures a drop table, shows percentages and runs the simulation', async () => {
    await page().goto('/purchase/product/chest?kind=silver_treasure_chest');
    await page().getByTestId('chest-form').waitFor();
    await expect.poll(() => page().getByTestId('chest-entry').count()).toBeGreaterThan(0);
    if ((await page().getByTestId('chest-entry').count()) < 2) await page().getByTestId('chest-add-entry').click();
    await chooseReward(0, 'Gems');
    await inputs('chest-entry-amount').nth(0).fill('10');
    await chooseReward(1, 'Coins');
    await inputs('chest-entry-amount').nth(1).fill('100');
    // Weights adding up to 0: refused on the field, nothing saved.
    await inputs('chest-entry-weight').nth(0).fill('0');
    await inputs('chest-entry-weight').nth(1).fill('0');
    await page().getByTestId('chest-save').click();
    await page().getByText('The weights add up to 0').first().waitFor();
    await inputs('chest-entry-weight').nth(0).fill('3');
    await inputs('chest-entry-weight').nth(1).fill('1');
    await expect.poll(() => page().getByTestId('chest-entry-percent').allTextContents()).toEqual(['75%', '25%']);
    await page().getByTestId('chest-save').click();
    const odds = page().getByTestId('chest-odds');
    await odds.waitFor();
    await expect
      .poll(() => odds.locator('.ant-table-row').allTextContents())
      .toEqual([expect.stringContaining('75%'), expect.stringContaining('25%')]);
    await page().getByTestId('chest-simulate').click();
    const sim = page().getByTestId('chest-simulation');
    await sim.waitFor();
    expect(await sim.textContent()).toContain('100,000');
    const rows = await sim.locator('.ant-table-row').allTextContents();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('75%');
    expect(await sim.locator('th').allTextContents()).toEqual(expect.arrayContaining(['Declared', 'Observed']));
  });
});
