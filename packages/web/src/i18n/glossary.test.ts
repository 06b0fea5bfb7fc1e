import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { newRouteTitles, routeTitles } from '@rookery/contracts';
import { describe, expect, it } from 'vitest';
import { glossary } from './glossary';

const src = join(import.meta.dirname, '..');

/** Every catalogue: the two base files and each area's texts (added when its screens load). */
function catalogues(): { file: string; text: string }[] {
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
    (f) => /(^|\/)(texts|kit-texts)\.ts$/.test(f) || /^i18n\/(zh-CN|en-US)\.ts$/.test(f),
  );
  return files.map((f) => ({ file: f, text: readFileSync(join(src, f), 'utf8') }));
}

/** The quoted strings of a source file (the catalogue's texts), with their line numbers. */
function strings(text: string): { line: number; value: string }[] {
  const out: { line: number; value: string }[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim().startsWith('//') || line.trim().startsWith('*')) return;
    for (const m of line.matchAll(/'((?:[^'\\]|\\.)*)'|`((?:[^`\\]|\\.)*)`/g))
      out.push({ line: i + 1, value: m[1] ?? m[2]! });
  });
  return out;
}

describe('the glossary', () => {
  it('has one zh and one en term per concept, each concept once', () => {
    const concepts = glossary.map((g) => g.concept);
    expect(new Set(concepts).size).toBe(concepts.length);
    for (const g of glossary) {
      expect(g.zh.trim()).not.toBe('');
      expect(g.en.trim()).not.toBe('');
    }
    // A term is not also a word to avoid.
    for (const g of glossary)
      for (const other of glossary) {
        expect(other.avoid?.zh ?? []).not.toContain(g.zh);
        for (const re of other.avoid?.en ?? []) expect(re.test(g.en), `${g.en} vs ${re}`).toBe(false);
      }
  });

  it('every catalogue uses its terms: no avoided word in any text', () => {
    const found: string[] = [];
    const all = catalogues();
    expect(all.length).toBeGreaterThan(3);
    for (const { file, text } of all)
      for (const { line, value } of strings(text))
        for (const g of glossary) {
          for (const word of g.avoid?.zh ?? [])
            if (value.includes(word))
              found.push(`${relative(src, join(src, file))}:${line} “${value}” — say “${g.zh}”`);
          for (const re of g.avoid?.en ?? [])
            if (re.test(value)) found.push(`${file}:${line} “${value}” — say “${g.en}”`);
        }
    expect(found).toEqual([]);
  });

  it('every page title (declared with its route in the contracts) uses its terms', () => {
    const found: string[] = [];
    const zh = { ...routeTitles('zh-CN'), ...newRouteTitles('zh-CN') };
    const en = { ...routeTitles('en-US'), ...newRouteTitles('en-US') };
    expect(Object.keys(zh).length).toBeGreaterThan(100);
    for (const g of glossary) {
      for (const [route, title] of Object.entries(zh))
        for (const word of g.avoid?.zh ?? [])
          if (title.includes(word)) found.push(`${route} “${title}” — say “${g.zh}”`);
      for (const [route, title] of Object.entries(en))
        for (const re of g.avoid?.en ?? []) if (re.test(title)) found.push(`${route} “${title}” — say “${g.en}”`);
    }
    for (const title of [...Object.values(zh), ...Object.values(en)]) expect(title.trim()).not.toBe('');
    expect(found).toEqual([]);
  });
});
