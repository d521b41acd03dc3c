// `npm test`: the code's own rules, then every test, with the app built once.
//   0. lint (the import floors, no import cycle, SQL only in repositories), the type check and the
//      graph between the server's modules (`npm run graph:api`), side by side: they take a minute
//      and fail in seconds what a test run would find in ten;
//   1. the production build (`npm run build`), which the API tests of server-rendered pages and
//      the end-to-end tests both use;
//   2. at the same time, Playwright in Chromium against the built app, and Vitest: domain rules,
//      components and the API on PGlite; when TEST_DATABASE_URL names a PostgreSQL server, the API
//      tests on it once either of those two ends. A browser test spends much of its time waiting
//      for a page, which the Vitest runs fill.
// Each phase's time is printed at the end, so a slow phase is seen, not guessed.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const webDist = path.join(root, 'apps', 'web', 'dist');
const results = path.join(root, 'test-results');
const ci = Boolean(process.env.CI);
const times = [];

function run(name, command, args, env = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => {
      times.push([name, (Date.now() - started) / 1000, code === 0 ? 'passed' : `failed (${signal ?? code})`]);
      resolve(code === 0);
    });
  });
}

function report() {
  console.log('\nphase                          seconds  result');
  for (const [name, seconds, result] of times) console.log(`${name.padEnd(30)} ${seconds.toFixed(0).padStart(7)}  ${result}`);
}

async function main() {
  if (!(await run('chromium', process.execPath, ['scripts/ensure-chromium.mjs']))) return false;
  const rules = await Promise.all([
    run('lint', 'npm', ['run', 'lint', '--', '--max-warnings=0']),
    run('type check', 'npm', ['run', 'typecheck']),
    run('module graph', 'npm', ['run', 'graph:api']),
  ]);
  if (!rules.every(Boolean)) return false;
  if (!(await run('build', 'npm', ['run', 'build']))) return false;

  // The browser tests are the longest leg and spend much of their time waiting for pages: they
  // start at once, and the Vitest runs fill the waits beside them.
  const endToEnd = run('end to end', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    ...(ci ? { PLAYWRIGHT_JSON: path.join(results, 'playwright.json') } : {}),
  });

  const vitestEnv = { WEB_DIST_DIR: webDist, DATABASE_URL: '' };
  if (ci) vitestEnv.VITEST_JSON = path.join(results, 'vitest.json');
  const unit = run('unit, component, API (PGlite)', 'npx', ['vitest', 'run'], vitestEnv);

  // The API tests on PostgreSQL start as soon as either leg ends. Started after both, they ran
  // alone for their last minute and a half with a core half idle; started with both, the three
  // legs crowded two cores (each slower, and a timing assertion broke) for 20 s less in all.
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const postgres = databaseUrl
    ? Promise.race([endToEnd, unit]).then(() =>
        // Alone by then, or nearly: its tests wait on the database server's round trips, and with
        // two workers a core stood half idle (vmstat); four fill it (72 s to 54 s alone).
        run('API (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'api', '--maxWorkers=4'], {
          WEB_DIST_DIR: webDist,
          DATABASE_URL: databaseUrl,
          ...(ci ? { VITEST_JSON: path.join(results, 'vitest-pg.json') } : {}),
        }),
      )
    : Promise.resolve(true);

  const passed = await Promise.all([endToEnd, unit, postgres]);
  return passed.every(Boolean);
}

const started = Date.now();
const ok = await main();
times.push(['all', (Date.now() - started) / 1000, ok ? 'passed' : 'failed']);
report();
process.exit(ok ? 0 : 1);
