#!/usr/bin/env node
/**
 * `npm test`: every test. The unit and API tests run on PGlite (the default engine); when
 * TEST_DATABASE_URL is set the server suites run once more on that PostgreSQL server (each test
 * file makes and drops its own database); then the browser tests (skipped without a Chromium unless
 * CI is set or --require is given). Every stage runs even when an earlier one failed.
 *
 * With TEST_REPORT_DIR set, each stage also writes a Vitest JSON report there and the run ends with
 * one line `tests: N passed, N failed` (CI reads it). Other arguments go to the Vitest runs (file
 * filters to the unit and API tests only).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';

const root = path.resolve(import.meta.dirname, '..');
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const reportDir = process.env.TEST_REPORT_DIR ? path.resolve(process.env.TEST_REPORT_DIR) : undefined;
const args = process.argv.slice(2);
const vitestArgs = args.filter((a) => a !== '--require');
const postgres = process.env.TEST_DATABASE_URL;

const reports = [];
const report = (name) => {
  if (!reportDir) return [];
  const file = path.join(reportDir, `${name}.json`);
  fs.rmSync(file, { force: true });
  reports.push(file);
  return ['--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
};
if (reportDir) fs.mkdirSync(reportDir, { recursive: true });

const stages = [
  {
    name: 'pglite',
    title: 'unit and API tests on PGlite',
    command: [vitest, 'run', ...report('pglite'), ...vitestArgs],
    // With PostgreSQL too, the endpoint table's fuzzing is shared out: each database runs half of
    // its inputs, with a seed of its own (endpoints.contract.test.ts).
    env: { TEST_DATABASE_URL: undefined, ...(postgres ? { FUZZ_PART: '1/2' } : {}) },
  },
  ...(postgres
    ? [
        {
          name: 'postgres',
          title: 'server tests on PostgreSQL (TEST_DATABASE_URL)',
          // With file filters, the filtered files may hold no server test.
          command: [
            vitest,
            'run',
            '--project',
            'server',
            ...(vitestArgs.some((a) => !a.startsWith('-')) ? ['--passWithNoTests'] : []),
            ...report('postgres'),
            ...vitestArgs,
          ],
          env: { FUZZ_PART: '2/2' },
        },
      ]
    : []),
  {
    name: 'e2e',
    title: 'browser tests',
    // Options only: a file filter given for the unit tests would match no browser test.
    command: [path.join(root, 'scripts/e2e.mjs'), ...args.filter((a) => a.startsWith('-')), ...report('e2e')],
    env: {},
  },
];

const envOf = (stage) =>
  Object.fromEntries(Object.entries({ ...process.env, ...stage.env }).filter(([, v]) => v !== undefined));

/** Run a stage with its output prefixed line by line; resolves to its exit status. */
function runPrefixed(stage) {
  console.log(`== ${stage.title} (lines marked [${stage.name}])`);
  const child = spawn(process.execPath, stage.command, {
    cwd: root,
    env: envOf(stage),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => console.log(`[${stage.name}] ${line}`));
  }
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

let failedStages = 0;
const times = [];
const timed = async (title, run) => {
  const started = performance.now();
  const statuses = await run();
  times.push(`${String(Math.round((performance.now() - started) / 1000)).padStart(6)} s  ${title}`);
  failedStages += statuses.filter((s) => s !== 0).length;
};
const [first, ...rest] = stages;
const second = rest[0]?.name === 'postgres' ? rest.shift() : undefined;
if (second) {
  console.log(`\n== ${first.title} | ${second.title}, side by side`);
  await timed(`${first.title} | ${second.title}`, () => Promise.all([runPrefixed(first), runPrefixed(second)]));
} else {
  rest.unshift(first);
}
for (const stage of rest) {
  console.log(`\n== ${stage.title}`);
  await timed(stage.title, () => [
    spawnSync(process.execPath, stage.command, { cwd: root, stdio: 'inherit', env: envOf(stage) }).status,
  ]);
}
console.log(`\n== test stage times\n${times.join('\n')}`);

if (reportDir) {
  const summary = spawnSync(process.execPath, [path.join(root, 'scripts/test-summary.mjs'), ...reports], {
    stdio: 'inherit',
  });
  if (summary.status !== 0) failedStages = Math.max(failedStages, 1);
}
if (failedStages) console.error(`\n${failedStages} test stage(s) failed`);
process.exit(failedStages ? 1 : 0);
