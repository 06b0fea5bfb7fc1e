/** Page settings of spec §2's drawer, saved per user. */
export interface ShellSettings {
  theme: 'light' | 'dark';
  menuTheme: 'dark' | 'light';
  layout: 'side' | 'top';
}

export const defaultSettings: ShellSettings = { theme: 'light', menuTheme: 'dark', layout: 'side' };

export const settingsStorageKey = (username: string) => `rookery-settings:${username}`;

const choices: { [K in keyof ShellSettings]: readonly ShellSettings[K][] } = {
  theme: ['light', 'dark'],
  menuTheme: ['dark', 'light'],
  layout: ['side', 'top'],
};

/** Saved settings, each value checked: a stale or hand-edited entry falls back to the default. */
export function parseSettings(raw: string | null): ShellSettings {
  let saved: Record<string, unknown> = {};
  try {
    saved = JSON.parse(raw ?? '{}') ?? {};
  } catch {
    saved = {};
  }
  const pick = <K extends keyof ShellSettings>(key: K): ShellSettings[K] =>
    (choices[key] as readonly unknown[]).includes(saved[key]) ? (saved[key] as ShellSettings[K]) : defaultSettings[key];
  return { theme: pick('theme'), menuTheme: pick('menuTheme'), layout: pick('layout') };
}
