import os from 'node:os';

/**
 * `npm run bench [name…]`: run the benchmarks (all, or those named) and print their result
 * lines. Each benchmark measures its own baseline in the same run and returns one line per
 * figure: `bench <name>: <figure> (ratio <r> vs <baseline>)`, the baseline's absolute figure in
 * the parentheses. Progress goes to stderr. The first line says what machine it ran on (core
 * model and count, memory, Node and its flags, the database, the load when it started), so figures
 * from two machines can be told apart.
 */
const benchmarks: Record<string, () => Promise<string | string[]>> = {
  players: () => import('./players.js').then((m) => m.benchPlayers()),
  'mail-mailbox': () => import('./mail-mailbox.js').then((m) => m.benchMailbox()),
  'mail-global-send': () => import('./mail-global-send.js').then((m) => m.benchGlobalSend()),
  'ip-country': () => import('./ip-country.js').then((m) => m.benchIpCountry()),
  memory: () => import('./memory.js').then((m) => m.benchMemory()),
  dashboard: () => import('./dashboard.js').then((m) => m.benchDashboard()),
  'config-fetch': () => import('./config-fetch.js').then((m) => m.benchConfigFetch()),
  'config-evaluate': () => import('./config-evaluate.js').then((m) => m.benchConfigEvaluate()),
  audience: () => import('./audience.js').then((m) => m.benchAudience()),
  'ab-assign': () => import('./ab-assign.js').then((m) => m.benchAbAssign()),
  jobs: () => import('./jobs.js').then((m) => m.benchJobs()),
  'ledger-check': () => import('./ledger-check.js').then((m) => m.benchLedgerCheck()),
  'ledger-save': () => import('./ledger-check.js').then((m) => m.benchLedgerSave()),
  'giftcode-redeem': () => import('./giftcode-redeem.js').then((m) => m.benchGiftCodeRedeem()),
  'giftcode-generate': () => import('./giftcode-generate.js').then((m) => m.benchGiftCodeGenerate()),
  'log-ingest': () => import('./logs.js').then((m) => m.benchLogIngest()),
  'log-search': () => import('./logs.js').then((m) => m.benchLogSearch()),
  'store-fetch': () => import('./store-fetch.js').then((m) => m.benchStoreFetch()),
  'login-bytes': () => import('./login-bytes.js').then((m) => m.benchLoginBytes()),
  'battle-pass-claim': () => import('./battle-pass-claim.js').then((m) => m.benchBattlePassClaim()),
  'purchase-deliver': () => import('./purchase-deliver.js').then((m) => m.benchPurchaseDeliver()),
  'chest-open': () => import('./chest-open.js').then((m) => m.benchChestOpen()),
  'guild-chat': () => import('./guild-chat.js').then((m) => m.benchGuildChat()),
  'leaderboard-submit': () => import('./leaderboard.js').then((m) => m.benchLeaderboardSubmit()),
  'leaderboard-rank': () => import('./leaderboard.js').then((m) => m.benchLeaderboardRank()),
  'push-send': () => import('./push.js').then((m) => m.benchPushSend()),
  'push-deliver': () => import('./push.js').then((m) => m.benchPushDeliver()),
  'announcements-fetch': () => import('./announcements-fetch.js').then((m) => m.benchAnnouncementsFetch()),
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !(w in benchmarks));
if (unknown.length) {
  process.stderr.write(`unknown benchmark ${unknown.join(', ')}; known: ${Object.keys(benchmarks).join(', ')}\n`);
  process.exit(2);
}
const cpus = os.cpus();
const load = os.loadavg()[0].toFixed(2);
// Node's own flags (V8 heap sizes and the like), tsx's loader left out: they move the figures too.
const flags = process.execArgv.filter((a) => a !== '--import' && a !== 'tsx').join(' ');
process.stdout.write(
  `bench machine: ${cpus[0]?.model.trim() ?? 'unknown CPU'} × ${cpus.length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ` +
    `Node ${process.version}${flags ? ` (${flags})` : ''}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, load ${load} at start\n`,
);
for (const [name, run] of Object.entries(benchmarks)) {
  if (wanted.length && !wanted.includes(name)) continue;
  const lines = await run();
  for (const line of [lines].flat()) process.stdout.write(`${line}\n`);
}
