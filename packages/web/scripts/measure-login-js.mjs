#!/usr/bin/env node
/**
 * The JavaScript the login page loads before it can show: the entry chunk, the login screen's
 * chunk, and every chunk either imports statically. Reads dist/.vite/manifest.json from
 * `vite build`; prints each chunk and the gzip total against the 250 kB budget.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? new URL('../dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const budgetKb = 250;

const seen = new Set();
const visit = (key) => {
  if (seen.has(key)) return;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) visit(dep);
};
visit('index.html');
visit('src/features/auth/LoginPage.tsx');

let total = 0;
for (const key of seen) {
  const file = manifest[key].file;
  const gz = gzipSync(readFileSync(join(dist, file))).length;
  total += gz;
  console.log(`${(gz / 1000).toFixed(2).padStart(8)} kB  ${file}`);
}
console.log(`${(total / 1000).toFixed(2).padStart(8)} kB  login page initial JS (gzip), budget ${budgetKb} kB`);
process.exit(total / 1000 <= budgetKb ? 0 : 1);
