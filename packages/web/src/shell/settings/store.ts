import { create } from 'zustand';
import { defaultSettings, parseSettings, type ShellSettings, settingsStorageKey } from './settings';

interface SettingsState extends ShellSettings {
  owner: string | null;
  loadFor(username: string): void;
  change(patch: Partial<ShellSettings>): void;
}

export const useSettings = create<SettingsState>((set, get) => ({
  ...defaultSettings,
  owner: null,
  loadFor(username) {
    set({ owner: username, ...parseSettings(localStorage.getItem(settingsStorageKey(username))) });
  },
  change(patch) {
    set(patch);
    const { owner, theme, menuTheme, layout } = get();
    if (owner) localStorage.setItem(settingsStorageKey(owner), JSON.stringify({ theme, menuTheme, layout }));
  },
}));
