/** Spec §5: log queries offer these shortcuts, each ending now. */
export const timePresets = [
  { key: 'last5m', minutes: 5 },
  { key: 'last30m', minutes: 30 },
  { key: 'last1h', minutes: 60 },
  { key: 'last24h', minutes: 24 * 60 },
] as const;

/** The range a shortcut stands for, ending at `now`. */
export function presetRange(minutes: number, now: Date): [Date, Date] {
  return [new Date(now.getTime() - minutes * 60_000), now];
}
