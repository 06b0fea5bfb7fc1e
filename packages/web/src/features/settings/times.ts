import { formatTime } from '../../crud/format';

/** A wire time in the UTC form an operator reads beside the local one: `2026-11-23 21:00`. */
export const utcTime = (iso: string) => new Date(iso).toISOString().slice(0, 16).replace('T', ' ');

/** A time in the operator's zone and in UTC, so a window is never misread across zones. */
export const bothZones = (iso: string) => `${formatTime(iso)} (UTC ${utcTime(iso)})`;
