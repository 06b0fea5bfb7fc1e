import { messages } from '@rookery/contracts';
import { describe, expect, it, vi } from 'vitest';

// Every catalogue of the console: the shell's and each area's (registered when its file loads).
const catalogues = import.meta.glob(['../**/texts.ts', '../**/*-texts.ts']);

/** Every text of a catalogue, with its key. */
function texts(node: unknown, path: string, out: [string, string][]) {
  if (typeof node === 'string') out.push([path, node]);
  else if (node && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) texts(v, path ? `${path}.${k}` : k, out);
  return out;
}

const han = '\\p{Script=Han}';
/** ASCII ':' ',' '(' ')' next to a Chinese character (a time "12:00", "1,000" or "(CN)" after a name stay). */
const halfWidth = new RegExp(`${han}\\s*[:,(]|[:,)]\\s*${han}`, 'u');

describe('zh-CN texts use full-width punctuation between Chinese characters (（）：，)', () => {
  it('the console catalogues and the contracts messages', async () => {
    // The catalogue reads the browser's language when it loads.
    vi.stubGlobal('navigator', { language: 'zh-CN', languages: ['zh-CN'] });
    vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => undefined, removeItem: () => undefined });
    vi.stubGlobal('document', { documentElement: {} });
    const { i18n, i18nReady } = await import('./index');
    await i18nReady;
    for (const load of Object.values(catalogues)) await load();
    expect(Object.keys(catalogues).length).toBeGreaterThan(10);
    const all = [
      ...texts(i18n.getResourceBundle('zh-CN', 'translation'), '', []),
      ...Object.entries(messages).map(([k, m]) => [k, (m as { 'zh-CN': string })['zh-CN']] as [string, string]),
    ];
    expect(all.length).toBeGreaterThan(500);
    // A word's own brackets ("http(s)") are not punctuation.
    const plain = (text: string) => text.replace(/\w\(\w+\)/g, 'x');
    expect(all.filter(([, text]) => halfWidth.test(plain(text))).map(([k, text]) => `${k}: ${text}`)).toEqual([]);
  });
});
