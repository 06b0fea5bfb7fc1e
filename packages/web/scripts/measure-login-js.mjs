#!/usr/bin/env node
/**
 * The JavaScript and CSS the login page loads before it can show, as a browser downloads them:
 * the entry chunk, the login screen's chunk, every chunk either imports statically and their
 * CSS, each counted as the server sends it to a browser that accepts brotli — the `.br` the build
 * wrote beside it (precompress.ts), else its `.gz`, else the file itself. Reads
 * dist/.vite/manifest.json from `vite build`; prints each file and the total against the 250 kB
 * budget (and, for comparison, the uncompressed and gzip totals).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const dist = process.argv[2] ?? new URL('../dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const budgetKb = 250;

const files = new Set();
const seen = new Set();
const visit = (key) => {
  if (seen.has(key)) return;
  seen.add(key);
  files.add(manifest[key].file);
  for (const css of manifest[key].css ?? []) files.add(css);
  for (const dep of manifest[key].imports ?? []) visit(dep);
};
visit('index.html');
visit('src/features/auth/LoginPage.tsx');

const size = (file) => (existsSync(file) ? statSync(file).size : undefined);
const kb = (bytes) => (bytes / 1000).toFixed(2).padStart(8);
let sent = 0;
let plain = 0;
let gzipped = 0;
for (const file of files) {
  const path = join(dist, file);
  const identity = statSync(path).size;
  const br = size(`${path}.br`);
  const gz = size(`${path}.gz`);
  const bytes = br ?? gz ?? identity;
  sent += bytes;
  plain += identity;
  gzipped += gz ?? identity;
  console.log(`${kb(bytes)} kB  ${file}${br ? ' (br)' : gz ? ' (gzip)' : ''}`);
}
console.log(
  `${kb(sent)} kB  login page initial JS and CSS as sent (brotli), budget ${budgetKb} kB` +
    ` (${(plain / 1000).toFixed(2)} kB uncompressed, ${(gzipped / 1000).toFixed(2)} kB gzip)`,
);
process.exit(sent / 1000 <= budgetKb ? 0 : 1);
