import type { TFunction } from 'i18next';

/** Page titles carry the brand suffix (spec §2). */
export function pageTitle(title: string): string {
  return title ? `${title} - Rookery` : 'Rookery';
}

/**
 * A route's title, naming the record it shows when its `recordQuery` gives one ("玩家 1042"), by
 * the route's own wording (`tabs.records.<name>`) when it has one. The tab and the browser title
 * both read it.
 */
export function routeTitle(t: TFunction, name: string, record?: string | null): string {
  const title = t(`routes.${name}`);
  return record ? t(`tabs.records.${name}`, { record, defaultValue: `${title} ${record}` }) : title;
}
