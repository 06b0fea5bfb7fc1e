import type { AccessRule, Label } from '@rookery/contracts';
import { type ComponentType, createContext } from 'react';

/** A tab an area lends a player's page (the player's mails, redemptions, config overrides). */
export interface PlayerTab {
  key: string;
  /** The tab's title in both languages (the area's own, not a text of the player page). */
  label: Label;
  /** Shown when this rule lets the user in (the rule of the area's own list). */
  rule: AccessRule;
  /** Loaded when the tab is first opened. */
  Tab: ComponentType<{ userId: number }>;
}

/**
 * The tabs the areas lend a player's page, in the list of areas' order (provided by the app). Apart
 * from `area.ts`: the router imports it in the first load, which must not carry the pages' loaders.
 */
export const PlayerTabs = createContext<readonly PlayerTab[]>([]);
