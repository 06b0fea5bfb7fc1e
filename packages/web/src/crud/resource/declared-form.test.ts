import { maintenanceWindowResource } from '@rookery/contracts';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { declaredFormProblems, fieldRows } from './declared-form';
import type { ResourceScreen } from './screen';

/** Every resource screen the area modules export (an object with a resource and an entity), once. */
let screens: ResourceScreen[] = [];

// The screens' modules load the console's i18n, which reads the browser's languages.
beforeAll(async () => {
  vi.stubGlobal('navigator', { language: 'zh-CN', languages: ['zh-CN'] });
  vi.stubGlobal('document', { documentElement: {} });
  // Every area module, so a new declaration is checked without being listed here.
  const areas = import.meta.glob<Record<string, unknown>>(['../../features/**/*.{ts,tsx}', '!**/*.test.ts']);
  const modules = await Promise.all(Object.values(areas).map((load) => load()));
  screens = [
    ...new Set(
      modules
        .flatMap((module) => Object.values(module) as unknown[])
        .filter((v): v is ResourceScreen => typeof v === 'object' && v !== null && 'resource' in v && 'entity' in v),
    ),
  ];
});

describe('declared forms', () => {
  it('rows: a lone field is a row of one; a list of names is one row', () => {
    expect(fieldRows(['name', ['startAt', 'endAt'], 'note'])).toEqual([['name'], ['startAt', 'endAt'], ['note']]);
  });

  it('every declared form of the console is sound: known fields once, a widget each, nothing required left out', () => {
    const declared = screens.filter((s) => s.fields && !s.Form);
    // The store's catalogue and settings, the game door, the settings lists and the A/B layers.
    expect(declared.length).toBeGreaterThanOrEqual(22);
    for (const screen of declared) expect(declaredFormProblems(screen), screen.resource.name).toEqual([]);
  });

  it('finds each kind of mistake', () => {
    const screen: ResourceScreen = {
      resource: maintenanceWindowResource,
      entity: 'gate.maintenance.entity',
      blank: { platforms: [], minVersion: '', maxVersion: '', note: '' },
      fields: ['name', ['startAt', 'startAt'], 'zh-CN', 'platforms', 'nope' as never],
      hints: { maxVersion: 'gate.maintenance.versionHint' },
      shownWhen: { note: () => true },
    } as ResourceScreen;
    expect(declaredFormProblems(screen)).toEqual([
      'startAt: declared twice',
      'platforms: its schema gives no widget; declare one in widgets',
      'nope: not a field of maintenanceWindow',
      'maxVersion: has hints but is not in fields',
      'note: has shownWhen but is not in fields',
      'endAt: required, but neither shown nor in blank',
      'en-US: required, but neither shown nor in blank',
    ]);
  });
});
