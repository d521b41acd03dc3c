// Prints one closing line for CI from the JSON reports of Vitest and Playwright:
// "N passed, N failed, N skipped" (a flaky end-to-end test counts as passed, and is named above it).
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
let flaky = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if ('numPassedTests' in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  } else if (report.stats) {
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    flaky += report.stats.flaky ?? 0;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
  }
}
if (flaky > 0) console.log(`${flaky} end-to-end test(s) passed only on their retry: see the Playwright report above`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
