#!/usr/bin/env node
/**
 * Browser tests. Without a Chromium (CHROME_PATH, /usr/bin/chromium-headless-shell or
 * /usr/bin/chromium: scripts/chrome.mjs) they are skipped with one line, unless `--require` is
 * passed or CI is set: then a missing browser is a failure.
 *
 * `--lanes=N` (or E2E_LANES; 2 unless told, for the two cores) splits the files into N lanes run side by side, each a Vitest
 * run with its own server, database and Chromium (the global setup's), so no lane sees another's
 * data. Files go to lanes heaviest first, each to the lightest lane; a file's weight is its size
 * in kB unless it declares one in a line `// e2e-weight: N` (the console walk does). Each lane's
 * lines are prefixed `[laneK]`; a JSON report asked for with `--outputFile.json=F` is the lanes'
 * reports merged.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { chromeCandidates, chromeExecutable } from './chrome.mjs';

const chrome = chromeExecutable();
const required = process.argv.includes('--require') || Boolean(process.env.CI);

if (!chrome || !existsSync(chrome)) {
  const where = chrome ?? chromeCandidates.join(' or ');
  if (required) {
    console.error(`browser tests required but no Chromium at ${where} (set CHROME_PATH)`);
    process.exit(1);
  }
  console.log(`browser tests skipped: no Chromium at ${where} (set CHROME_PATH to run them)`);
  process.exit(0);
}

const repo = fileURLToPath(new URL('..', import.meta.url));
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const e2eDir = path.join(repo, 'e2e');
// Anything else on the command line goes to Vitest (CI adds its JSON reporter).
const lanesArg = process.argv.find((a) => a.startsWith('--lanes='));
const passThrough = process.argv.slice(2).filter((a) => a !== '--require' && a !== lanesArg);
const lanesWanted = Number((lanesArg ?? '').slice('--lanes='.length) || process.env.E2E_LANES || 2);
const env = { ...process.env, CHROME_PATH: chrome };
const base = ['run', '--config', 'e2e/vitest.config.ts'];

// File filters (arguments without a dash, other than an option's value) pick files as Vitest
// would: by substring of the name.
const valued = new Set(['-t', '--testNamePattern', '--reporter', '--outputFile']);
const filters = [];
const options = [];
for (let i = 0; i < passThrough.length; i++) {
  const a = passThrough[i];
  if (valued.has(a) && i + 1 < passThrough.length) options.push(a, passThrough[++i]);
  else (a.startsWith('-') ? options : filters).push(a);
}
const files = readdirSync(e2eDir)
  .filter((f) => f.endsWith('.e2e.test.ts'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)));
const lanes = Math.max(1, Math.min(Number.isInteger(lanesWanted) ? lanesWanted : 1, files.length));

if (lanes === 1) {
  const result = spawnSync(process.execPath, [vitest, ...base, ...passThrough], { cwd: repo, stdio: 'inherit', env });
  process.exit(result.status ?? 1);
}

// What every lane's global setup would otherwise find stale and build at once: the console (as it
// ships, whatever NODE_ENV the caller has) and the server.
const newestChange = (dir) =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .reduce((newest, e) => Math.max(newest, statSync(path.join(e.parentPath, e.name)).mtimeMs), 0)
    : 0;
const distIndex = path.join(repo, 'packages/web/dist/index.html');
const sources = ['packages/web/src', 'packages/contracts/src'].map((d) => newestChange(path.join(repo, d)));
if (!existsSync(distIndex) || Math.max(...sources) > statSync(distIndex).mtimeMs) {
  const built = spawnSync('npm', ['run', 'build', '-w', '@rookery/web'], {
    cwd: repo,
    stdio: 'inherit',
    env: { ...env, NODE_ENV: 'production' },
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const { buildServer, serverBuildStale } = await import('./build-server.mjs');
if (serverBuildStale()) await buildServer();

const weightOf = (file) => {
  const text = readFileSync(path.join(e2eDir, file), 'utf8');
  const declared = text.match(/^\/\/ e2e-weight: (\d+)$/m);
  return declared ? Number(declared[1]) : statSync(path.join(e2eDir, file)).size / 1000;
};
const plan = Array.from({ length: lanes }, () => ({ files: [], weight: 0 }));
for (const file of files.map((f) => ({ f, w: weightOf(f) })).sort((a, b) => b.w - a.w || a.f.localeCompare(b.f))) {
  const lane = plan.reduce((lightest, l) => (l.weight < lightest.weight ? l : lightest));
  lane.files.push(file.f);
  lane.weight += file.w;
}

const jsonArg = options.find((a) => a.startsWith('--outputFile.json='));
const laneOptions = options.filter((a) => a !== jsonArg);
const reportOf = (k) => (jsonArg ? `${jsonArg.slice('--outputFile.json='.length)}.lane${k}.json` : undefined);

const run = (lane, k) =>
  new Promise((resolve) => {
    const name = `lane${k}`;
    console.log(`[${name}] ${lane.files.length} files (weight ${Math.round(lane.weight)}): ${lane.files.join(' ')}`);
    const report = reportOf(k);
    if (report) rmSync(report, { force: true });
    const child = spawn(
      process.execPath,
      [vitest, ...base, ...laneOptions, ...(report ? [`--outputFile.json=${report}`] : [])],
      // The lane's files by exact name (`e2e/vitest.config.ts` includes only them): a file argument
      // is matched as a substring, and `refusals.e2e.test.ts` would run `hand-made-refusals` too.
      { cwd: repo, env: { ...env, E2E_LANE_FILES: lane.files.join(',') }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    for (const stream of [child.stdout, child.stderr])
      readline.createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`));
    child.on('close', (code) => resolve(code ?? 1));
  });

const statuses = await Promise.all(plan.map((lane, k) => run(lane, k + 1)));

if (jsonArg) {
  const merged = {
    numTotalTests: 0,
    numPassedTests: 0,
    numFailedTests: 0,
    numPendingTests: 0,
    numTodoTests: 0,
    numTotalTestSuites: 0,
    numPassedTestSuites: 0,
    numFailedTestSuites: 0,
    testResults: [],
    success: true,
  };
  for (let k = 1; k <= lanes; k++) {
    const file = reportOf(k);
    if (!existsSync(file)) {
      // A lane that wrote no report failed before its tests: count it as a failure.
      merged.numFailedTests += 1;
      merged.success = false;
      continue;
    }
    const report = JSON.parse(readFileSync(file, 'utf8'));
    for (const key of Object.keys(merged)) if (typeof merged[key] === 'number') merged[key] += report[key] ?? 0;
    merged.testResults.push(...(report.testResults ?? []));
    merged.success &&= report.success !== false;
    rmSync(file, { force: true });
  }
  writeFileSync(jsonArg.slice('--outputFile.json='.length), JSON.stringify(merged));
}
process.exit(statuses.every((s) => s === 0) ? 0 : 1);
