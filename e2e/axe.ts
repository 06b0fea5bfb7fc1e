import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from 'playwright-core';

/** The WCAG 2.0 and 2.1 A and AA rules (issue 28): what the walk fails on. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Elements axe is told to skip. Each needs a written reason naming the element in the record
 * docs/decisions/2026-11-24-accessibility-aa-theme-tokens-axe-in-the-walk.md; keep this list and
 * that record in step.
 */
export const axeExclusions: { selector: string; reason: string }[] = [];

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One violated rule on a page view: the rule, how many elements, and where the first few are. */
export interface AxeFinding {
  rule: string;
  nodes: number;
  where: string[];
}

/**
 * Runs axe-core's WCAG 2 A/AA rules over the page as it is shown. The script is put into the
 * document once (a full navigation brings a new document, which gets it again); each call then
 * checks the current view.
 */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  // Evaluated over the DevTools protocol: the console's CSP rightly refuses an inline script tag.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = (await page.evaluate(
    ([tags, exclude]) =>
      (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<unknown> } }).axe.run(
        { exclude: exclude.map((s) => [s]) },
        { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] },
      ),
    [wcagTags, axeExclusions.map((e) => e.selector)] as const,
  )) as AxeResults;
  return results.violations.map((v: Result) => ({
    rule: v.id,
    nodes: v.nodes.length,
    where: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}${summary(n.failureSummary)}`),
  }));
}

/** The part of axe's failure text that names the figures (a contrast ratio and its colours). */
function summary(text: string | undefined): string {
  const ratio = text?.match(/contrast of [\d.]+ \(foreground color: #\w+, background color: #\w+/);
  return ratio ? ` (${ratio[0]})` : '';
}
