// Prints one closing line `tests: N passed, N failed` over Vitest JSON reports, preceded by the
// failed tests, one line each (file, name, the first line of the failure), so that the tail of a
// long CI log says what failed, not only how many.
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
const firstLine = (text) =>
  // Colour codes, from a reporter that wrote them into the message.
  stripVTControlCharacters(String(text ?? ''))
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l) ?? '';
for (const file of process.argv.slice(2)) {
  if (!fs.existsSync(file)) continue;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  const stage = path.basename(file, '.json');
  for (const suite of report.testResults ?? []) {
    const where = path.relative(process.cwd(), suite.name ?? '');
    const broken = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of broken) {
      failures.push(
        `[${stage}] ${where} › ${t.fullName ?? t.title}: ${firstLine(t.failureMessages?.[0]).slice(0, 300)}`,
      );
    }
    // A file that failed before any test ran (an import, a hook) has no failed assertion.
    if (!broken.length && suite.status === 'failed') {
      failures.push(`[${stage}] ${where}: ${firstLine(suite.message).slice(0, 300)}`);
    }
  }
}
if (failures.length) console.log(`\n== failed\n${failures.join('\n')}\n`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || failures.length > 0 ? 1 : 0);
