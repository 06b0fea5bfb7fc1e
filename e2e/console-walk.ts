import type { Browser } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import { type AxeFinding, axeFindings } from './axe';
import { callGame, newPage, signIn, unique, useBrowser } from './helpers';
import { frameFindings, settle, walkAddress, walkedPages } from './walk';

/**
 * Every built page, in both languages, on a desktop and at a phone's 390 px: the page never wider
 * than its viewport, no body margin, no serif font, every table header cell named, no camelCase
 * code in a table cell or tag, and no WCAG 2.1 A/AA violation axe-core finds (issue 28). Public
 * pages are walked signed out, the others as admin. A sample of pages is walked again in the dark
 * theme, with either menu theme.
 *
 * Each page is opened once per language and checked at both widths: at the width it opened in, then
 * with the window resized to the other (the console's layout follows the window, `ui/device.ts`),
 * alternating which width comes first. In Chinese each page is opened by its address, as a pasted
 * link or a reload opens it; in English by moving to it inside the running console, as the menu
 * does (issue 48: a third of the walk's former time, with each way still walked on every page).
 */
export function walkTests(locale: 'zh-CN' | 'en-US', { dark }: { dark: boolean }) {
  const browser = useBrowser();
  const widths = [1440, 390] as const;
  let player = 0;
  interface WalkOptions {
    locale: string;
    /** Open each page by its address (a fresh document) or move to it inside the console. */
    open: 'address' | 'inside';
    /** Walk only every `sample`-th page, at 1440 px in the dark theme, the second half with the light menu. */
    darkSample?: number;
  }
  async function walk(b: Browser, { locale, open, darkSample }: WalkOptions) {
    if (!player) {
      const res = await callGame('POST', '/api/game/v1/players/login', {
        deviceId: unique('walk-device-'),
        socialId: unique('walk-player-'),
        deviceModel: 'iPhone15,2',
        os: 'ios',
        appVersion: '1.3.0',
        language: 'en-US',
        country: 'US',
      });
      player = res.body.data.userId;
    }
    const { page, context } = await newPage(b, locale);
    let width: number = widths[0];
    await page.setViewportSize({ width, height: 800 });
    const findings: Record<string, string[]> = {};
    const axe: Record<string, AxeFinding[]> = {};
    let views = 0;
    /** The checks of the page as it is shown now, at the window's current width. */
    const check = async (path: string) => {
      await settle(page);
      views += 1;
      const found = await frameFindings(page);
      // The visit landed on its own page: not the sign-in page, an error page or a crash (the error
      // pages show their own status; `/refresh` reloads the page it came from, so it moves on).
      const own = path.split('?')[0];
      const landed = new URL(page.url()).pathname;
      if (landed !== own && own !== '/refresh') found.push(`landed on ${landed}`);
      const errorPages = ['403', '404', '500'].filter((code) => `/${code}` !== own);
      const shown = errorPages.map((code) => `.ant-result-${code}`).concat('.ant-result-error');
      if (await page.locator(shown.join(', ')).count()) found.push('shows an error page');
      // No library's English default reaches the operator (zod's "Invalid input…").
      const zodDefault = (await page.locator('body').innerText()).match(
        /Invalid input|expected (string|number|array|object), received|Too (small|big): expected/,
      );
      if (zodDefault) found.push(`shows zod's default message: ${zodDefault[0]}`);
      // Nothing the page did landed in the header's log indicator (script errors, failed requests).
      const logged = page.locator('.ant-badge', { has: page.getByTestId('log-indicator') }).locator('.ant-badge-count');
      if (await logged.count()) found.push(`front-end errors logged: ${await logged.innerText()}`);
      const key = `${path} at ${width} px`;
      if (found.length) findings[key] = found;
      const violations = await axeFindings(page);
      if (violations.length) axe[key] = violations;
    };
    /** Opens `path` (by its address, or inside the console once a document is loaded) and checks it. */
    let loaded = false;
    const visit = async (path: string, { bothWidths = true } = {}) => {
      if (open === 'address' || !loaded) {
        await page.goto(path);
        loaded = true;
      } else {
        // What the console's own links do: the router follows the history (react-router's
        // browser router listens for popstate).
        await page.evaluate((to) => {
          history.pushState(null, '', to);
          dispatchEvent(new PopStateEvent('popstate'));
        }, path);
      }
      await check(path);
      if (!bothWidths) return;
      width = width === widths[0] ? widths[1] : widths[0];
      await page.setViewportSize({ width, height: 800 });
      // The window's resize event, and the console's render for the new width, come with the next
      // frames, not with the call's return: a busy machine could check the page still laid out for
      // the other width.
      await page.waitForFunction((w) => window.innerWidth === w, width);
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(undefined)))),
      );
      await check(path);
    };
    const pages = walkedPages();
    // A walk over nothing would pass: the built pages are at least the 60 of the last landing.
    expect(pages.filter((r) => !r.public).length).toBeGreaterThanOrEqual(50);
    if (!darkSample) for (const route of pages.filter((r) => r.public)) await visit(walkAddress(route, player));
    // Signing in is a new document, so the console starts again from it.
    loaded = false;
    await signIn(page, 'admin', inject('adminPassword'));
    const signedIn = pages.filter((r) => !r.public);
    if (!darkSample) for (const route of signedIn) await visit(walkAddress(route, player));
    else {
      const sample = signedIn.filter((_, i) => i % darkSample === 0);
      // The settings drawer itself is tested above ("keeps page settings per user"); here the
      // saved settings are written as the drawer saves them, and the page reloaded.
      const settings = (menuTheme: string) =>
        page.evaluate(
          (value) => localStorage.setItem('rookery-settings:admin', value),
          JSON.stringify({ theme: 'dark', menuTheme, layout: 'side' }),
        );
      await settings('dark');
      const half = Math.ceil(sample.length / 2);
      for (const route of sample.slice(0, half)) await visit(walkAddress(route, player), { bothWidths: false });
      await settings('light');
      loaded = false;
      for (const route of sample.slice(half)) await visit(walkAddress(route, player), { bothWidths: false });
    }
    await context.close();
    reportAxe(`${locale} ${darkSample ? `${width} px dark` : `${widths.join(' and ')} px`}`, views, axe);
    return { findings, axe };
  }

  /** The figures of issue 28's report: page views with violations, and nodes per rule. */
  function reportAxe(label: string, views: number, axe: Record<string, AxeFinding[]>) {
    const nodes: Record<string, number> = {};
    const where: Record<string, Set<string>> = {};
    for (const [path, list] of Object.entries(axe))
      for (const v of list) {
        nodes[v.rule] = (nodes[v.rule] ?? 0) + v.nodes;
        where[v.rule] ??= new Set();
        for (const w of v.where) if (where[v.rule].size < 12) where[v.rule].add(`${path}: ${w}`);
      }
    console.log(
      `axe ${label}: ${Object.keys(axe).length} of ${views} page views with violations; nodes per rule ${JSON.stringify(nodes)}`,
    );
    for (const [rule, at] of Object.entries(where)) console.log(`  ${rule}:\n    ${[...at].join('\n    ')}`);
  }

  it(`keeps the frame, record and WCAG rules on every built page at ${widths.join(' and ')} px (${locale})`, {
    timeout: 1_200_000,
  }, async () => {
    const { findings, axe } = await walk(browser(), { locale, open: locale === 'zh-CN' ? 'address' : 'inside' });
    expect(findings).toEqual({});
    expect(axe).toEqual({});
  });

  if (dark)
    it('keeps the WCAG rules on a sample of pages in the dark theme, either menu theme', {
      timeout: 1_200_000,
    }, async () => {
      const { findings, axe } = await walk(browser(), { locale: 'en-US', open: 'inside', darkSample: 4 });
      expect(findings).toEqual({});
      expect(axe).toEqual({});
    });
}
