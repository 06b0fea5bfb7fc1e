import { builtRoutes, flattenRoutes, type ResolvedRoute } from '@rookery/contracts';
import type { Page } from 'playwright-core';

/**
 * The console walk's page list and checks (UX.md "How it is proven"). Every built page of the
 * route table whose address needs no path parameter; a page that names its record in the query
 * (the player detail) gets `record` there.
 */
export function walkedPages(): ResolvedRoute[] {
  return flattenRoutes(builtRoutes()).filter((r) => !r.hasChildren && !r.redirect && !r.fullPath.includes(':'));
}

export function walkAddress(route: ResolvedRoute, record: string | number): string {
  return route.recordQuery ? `${route.fullPath}?${route.recordQuery}=${encodeURIComponent(record)}` : route.fullPath;
}

/** The requests a page has open, and when the last one started or ended. */
const traffic = new WeakMap<Page, { open: number; changed: number }>();

/**
 * Waits until none of the page's requests has been open for `quiet` ms. Playwright's
 * 'networkidle' asks for 500 ms of silence on every call: two thirds of a walked page's time.
 * The first call on a page, whose earlier requests were not seen, waits for 'networkidle' once.
 */
async function quietNetwork(page: Page, quiet = 120, timeout = 15_000) {
  let seen = traffic.get(page);
  if (!seen) {
    const state = { open: 0, changed: performance.now() };
    traffic.set(page, state);
    const closed = () => {
      state.open = Math.max(0, state.open - 1);
      state.changed = performance.now();
    };
    page.on('request', () => {
      state.open += 1;
      state.changed = performance.now();
    });
    page.on('requestfinished', closed);
    page.on('requestfailed', closed);
    await page.waitForLoadState('networkidle').catch(() => undefined);
    seen = state;
  }
  const deadline = performance.now() + timeout;
  while (performance.now() < deadline && (seen.open > 0 || performance.now() - seen.changed < quiet))
    await new Promise((r) => setTimeout(r, 20));
}

/** Waits until the page's requests and spinners have settled. */
export async function settle(page: Page) {
  await quietNetwork(page);
  await page
    .waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active'), undefined, {
      timeout: 15_000,
    })
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
  // A control whose state changed as the data arrived (a pager button enabled) fades to its new
  // colours over antd's 0.2 s transition; axe would read a colour halfway. Finite transitions and
  // animations are waited out (a spinner's endless one is not).
  await page
    .waitForFunction(
      () =>
        !document
          .getAnimations()
          .some((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  // Two frames more, for what a page paints after its last animation. (The table scrollers need
  // no wait: `shell/a11y/scroll-regions.ts` marks them a microtask after they appear.)
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(undefined)))),
  );
}

/**
 * What the frame and records rules find wrong on the page as it is shown: the page wider than its
 * viewport, a body margin, a serif font, an empty table header cell, a camelCase code in a table
 * cell or a tag, a raw field path in a change table (issue 41: "ranges 1", "startedAt",
 * "detail.endAt"), the wrong address said for what is merely a missing record ("请求地址出错" /
 * "Request address error"). A name the operator chose (an item's key, marked `data-identifier`) is
 * not a code. Each finding names where it is.
 */
export function frameFindings(page: Page): Promise<string[]> {
  return page.evaluate(inPage);
}

/**
 * Runs in the page. Plain JavaScript text: a transpiler's helpers (e.g. esbuild's `__name`) must
 * not reach the browser.
 */
const inPage = `(() => {
  const found = [];
  const visible = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const where = (el) => {
    const cls = typeof el.className === 'string' ? el.className.split(/\\s+/).slice(0, 2).join('.') : '';
    return el.tagName.toLowerCase() + (cls ? '.' + cls : '');
  };

  const width = document.documentElement.scrollWidth;
  if (width > window.innerWidth) found.push('page ' + width + ' px wide in a ' + window.innerWidth + ' px viewport');

  const margin = getComputedStyle(document.body).margin;
  if (margin !== '0px') found.push('body margin ' + margin);

  // A family list without a sans-serif or monospace fallback ends in the browser's serif default.
  const serif = (family) => {
    const f = family.toLowerCase();
    return /^\\s*["']?(serif|times|georgia|songti|simsun)/.test(f) || !/sans-serif|monospace|system-ui/.test(f);
  };
  const texts = [document.body, ...document.body.querySelectorAll('*')].filter(
    (el) => visible(el) && [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim()),
  );
  const serifEl = texts.find((el) => serif(getComputedStyle(el).fontFamily));
  if (serifEl) found.push('serif font on ' + where(serifEl) + ': ' + getComputedStyle(serifEl).fontFamily);

  for (const th of document.querySelectorAll('.ant-table-thead th')) {
    if (!visible(th)) continue;
    if (th.matches('.ant-table-selection-column, .ant-table-row-expand-icon-cell, .ant-table-cell-scrollbar')) continue;
    if (!th.textContent.trim() && !th.querySelector('[aria-label]')) found.push('empty header cell ' + where(th));
  }

  // A coded value shown raw: one word, lower case, then an upper-case hump (createMail, maxRole).
  const camel = /^[a-z]{2,}[A-Z][A-Za-z0-9]*$/;
  for (const el of document.querySelectorAll('.ant-table-tbody td, .ant-tag')) {
    if (!visible(el)) continue;
    // A name the operator chose (an item's key, marked data-identifier) is no code to put in words.
    let text = el.innerText.trim();
    for (const id of el.querySelectorAll('[data-identifier]')) text = text.replace(id.innerText.trim(), ' ').trim();
    const words = el.matches('.ant-tag') ? [text] : text.split(/[\\s,，、]+/);
    const code = words.find((w) => camel.test(w));
    if (code) found.push('code "' + code + '" shown in ' + where(el));
  }

  // A change table names each field in words ("第 2 个区间 · 开始时间", "Range 2 · Start"): a part
  // that is a position alone, a key (camelCase, snake_case, dotted) or a lower-case key and its
  // position ("ranges 1") is the document's path shown raw.
  const rawPart = (part) =>
    /^\\d+$/.test(part) ||
    camel.test(part) ||
    /^[A-Za-z]\\w*(\\.\\w+)+$/.test(part) ||
    /^[a-z]+_[a-z0-9_]+$/.test(part) ||
    /^[a-z]+ \\d+$/.test(part);
  for (const table of document.querySelectorAll('[data-testid="audit-diff"]')) {
    for (const row of table.querySelectorAll('tbody tr')) {
      const cell = row.querySelector('td');
      if (!cell || !visible(cell)) continue;
      const label = cell.innerText.trim();
      const raw = label.split(/\\s*[·›>/]\\s*/).find((part) => rawPart(part.trim()));
      if (raw !== undefined) found.push('raw field path "' + label + '" in a change table');
    }
  }

  // A record that is merely missing is said as missing; "the request's address is wrong" is for
  // an address the console got wrong.
  const badAddress = document.body.innerText.match(/请求地址出错|Request address error/);
  if (badAddress) found.push('says "' + badAddress[0] + '"');
  return found;
})()`;
