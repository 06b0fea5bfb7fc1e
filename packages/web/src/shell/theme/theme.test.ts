import { type ThemeConfig, theme } from 'antd';
import { PresetColors } from 'antd/es/theme/internal';
import { describe, expect, it } from 'vitest';
import { consoleTheme } from './theme';

/** An sRGB colour with alpha, from antd's `#rgb`, `#rrggbb`, `#rrggbbaa` or `rgb[a](…)` notation. */
function parse(color: string): [number, number, number, number] {
  const rgb = color.match(/^rgba?\(([^)]+)\)$/);
  if (rgb) {
    const [r, g, b, a = 1] = rgb[1].split(',').map(Number);
    return [r, g, b, a];
  }
  const hex = color.length === 4 ? [...color.slice(1)].map((c) => c + c).join('') : color.slice(1);
  const at = (i: number) => Number.parseInt(hex.slice(i, i + 2), 16);
  if (!/^[0-9a-f]{6}([0-9a-f]{2})?$/i.test(hex)) throw new Error(`not a colour: ${color}`);
  return [at(0), at(2), at(4), hex.length === 8 ? at(6) / 255 : 1];
}

/** A translucent colour as it shows over an opaque background. */
function over(fg: string, bg: [number, number, number]): [number, number, number] {
  const [r, g, b, a] = parse(fg);
  return [r * a + bg[0] * (1 - a), g * a + bg[1] * (1 - a), b * a + bg[2] * (1 - a)];
}

/** WCAG 2.1 relative luminance of an sRGB colour. */
function luminance([r, g, b]: [number, number, number]) {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG 2.1 contrast ratio of a (possibly translucent) foreground on a background. */
export function contrast(fg: string, bg: string): number {
  const base = over(bg, [255, 255, 255]);
  const [a, b] = [luminance(over(fg, base)), luminance(base)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}

describe('contrast', () => {
  it('follows WCAG 2.1 on known pairs', () => {
    expect(contrast('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrast('#fff', '#fff')).toBeCloseTo(1, 5);
    // antd's old defaults the issue measured.
    expect(contrast('#8c8c8c', '#ffffff')).toBeCloseTo(3.36, 2);
    expect(contrast('#ffffff', '#1677ff')).toBeCloseTo(4.1, 1);
    expect(contrast('rgba(0, 0, 0, 0.25)', '#ffffff')).toBeCloseTo(1.83, 2);
  });
});

type Pair = [label: string, fg: string, bg: string, min: number];

/** Every foreground-on-background pair the console draws, from antd's own derivation of the theme. */
function pairs(config: ThemeConfig): Pair[] {
  const t = theme.getDesignToken(config) as unknown as Record<string, string>;
  const comp = (name: string, token: string, fallback: string): string =>
    ((config.components as Record<string, Record<string, string>> | undefined)?.[name]?.[token] as string) ?? fallback;
  const text = 4.5;
  const ui = 3;
  const list: Pair[] = [];
  const backgrounds = ['colorBgContainer', 'colorBgLayout', 'colorBgElevated'];
  // Body, secondary and description text (breadcrumbs, card titles, hints), placeholders, links,
  // the primary colour as text (selected tab, pagination), danger and status text.
  for (const fg of [
    'colorText',
    'colorTextHeading',
    'colorTextSecondary',
    'colorTextTertiary',
    'colorTextDescription',
    'colorTextPlaceholder',
    'colorTextLabel',
    'colorLink',
    'colorPrimary',
    'colorError',
    'colorSuccess',
    'colorWarning',
  ])
    for (const bg of backgrounds) list.push([`${fg} on ${bg}`, t[fg], t[bg], text]);
  // The light menu's selected item; selected options in selects.
  list.push(['colorPrimary on controlItemBgActive', t.colorPrimary, t.controlItemBgActive, text]);
  list.push(['colorText on controlItemBgActive', t.colorText, t.controlItemBgActive, text]);
  // Filled buttons: primary and danger.
  const buttonPrimary = comp('Button', 'colorPrimary', t.colorPrimary);
  list.push(['primary button', comp('Button', 'primaryColor', t.colorTextLightSolid), buttonPrimary, text]);
  list.push(['danger button', comp('Button', 'dangerColor', t.colorTextLightSolid), t.colorError, text]);
  // The dark menu's selected item.
  list.push([
    'dark menu selected item',
    t.colorTextLightSolid,
    comp('Menu', 'darkItemSelectedBg', t.colorPrimary),
    text,
  ]);
  // Badge counts (the log indicator) and the date picker's selected day.
  list.push(['badge count', t.colorTextLightSolid, comp('Badge', 'colorError', t.colorError), text]);
  list.push(['selected day', t.colorTextLightSolid, comp('DatePicker', 'colorPrimary', t.colorPrimary), text]);
  // Tooltips.
  list.push(['tooltip', t.colorTextLightSolid, t.colorBgSpotlight, text]);
  // Status tags (success, processing, error, warning): text on their tinted background.
  for (const status of ['Success', 'Info', 'Error', 'Warning'])
    list.push([`${status} tag`, t[`color${status}`], t[`color${status}Bg`], text]);
  // Preset colour tags (the header's Test tag is orange): step 7 on step 1.
  for (const c of PresetColors) list.push([`${c} tag`, comp('Tag', `${c}7`, t[`${c}7`]), t[`${c}1`], text]);
  // UI parts: input borders, focus rings, checked boxes and switches.
  for (const bg of backgrounds) {
    list.push([`colorBorder on ${bg}`, t.colorBorder, t[bg], ui]);
    list.push([`focus ring on ${bg}`, t.colorPrimaryBorder, t[bg], ui]);
    list.push([`checked control on ${bg}`, t.colorPrimary, t[bg], ui]);
  }
  return list;
}

const failing = (config: ThemeConfig) =>
  pairs(config)
    .map(([label, fg, bg, min]) => ({ label, fg, bg, min, ratio: Number(contrast(fg, bg).toFixed(2)) }))
    .filter((p) => p.ratio < p.min);

describe.each(['light', 'dark'] as const)('the %s theme', (mode) => {
  it('meets WCAG 2.1 AA contrast on every pair the console uses', () => {
    expect(failing(consoleTheme(mode))).toEqual([]);
  });

  it("finds the pairs antd's own defaults fail (the issue's findings)", () => {
    const labels = failing({ algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm }).map(
      (p) => p.label,
    );
    const known =
      mode === 'light'
        ? [
            'colorTextPlaceholder on colorBgContainer',
            'colorTextDescription on colorBgLayout',
            'orange tag',
            'primary button',
            'danger button',
          ]
        : [
            'colorTextPlaceholder on colorBgContainer',
            'colorBorder on colorBgContainer',
            'colorPrimary on colorBgContainer',
          ];
    expect(labels).toEqual(expect.arrayContaining(known));
  });

  it('keeps the brand recognisably blue', () => {
    const [r, g, b] = parse(theme.getDesignToken(consoleTheme(mode)).colorPrimary);
    expect(b).toBeGreaterThan(r + 60);
    expect(b).toBeGreaterThan(g);
  });

  it('without motion is the same theme with its durations at zero', () => {
    const still = theme.getDesignToken(consoleTheme(mode, false));
    const moving = theme.getDesignToken(consoleTheme(mode));
    expect(moving.motion).not.toBe(false);
    expect(still).toMatchObject({ motion: false, motionDurationMid: '0s', colorPrimary: moving.colorPrimary });
    expect(consoleTheme(mode, false)).toBe(consoleTheme(mode, false));
  });
});
