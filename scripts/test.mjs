// `npm test`: the code's own rules and every test, with the app built once.
//   - at once, side by side: lint (the import floors, no import cycle, SQL only in repositories),
//     the type check, the graph between the server's modules (`npm run graph:api`) and the
//     production build (`npm run build`), which the API tests of server-rendered pages and the
//     end-to-end tests both use. A rule that fails stops every phase at once, the tests included:
//     the rules still fail in a minute what a test run would find in ten, but the tests no longer
//     wait for them to pass (decision 062);
//   - as soon as the build ends, Playwright in Chromium against the built app, and Vitest's API
//     tests on PGlite beside it (a browser test spends much of its time waiting for a page, which
//     the Vitest run fills); once either of those two ends, the domain rules and the components
//     (Vitest) and, when TEST_DATABASE_URL names a PostgreSQL server, the API tests on it.
// Each phase's time is printed at the end, so a slow phase is seen, not guessed, and beside it the
// CPU time the run used and the CPU the whole machine was busy with meanwhile (Linux): on a shared
// machine the wall-clock time says as much about the neighbours as about the run.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const webDist = path.join(root, 'apps', 'web', 'dist');
const results = path.join(root, 'test-results');
const ci = Boolean(process.env.CI);
const times = [];
/** The phases still running, each the leader of a process group of its own. */
const running = new Set();
let stopping = false;

function run(name, command, args, env = {}) {
  if (stopping) return Promise.resolve(false);
  const started = Date.now();
  return new Promise((resolve) => {
    // A group of its own, so that stopping a phase stops what it started (workers, browsers, servers).
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', detached: true, env: { ...process.env, ...env } });
    running.add(child);
    child.on('exit', (code, signal) => {
      running.delete(child);
      const result = code === 0 ? 'passed' : child.stoppedEarly ? 'stopped' : `failed (${signal ?? code})`;
      times.push([name, (Date.now() - started) / 1000, result]);
      resolve(code === 0);
    });
  });
}

/** Stops every phase still running (a rule failed, or the run was interrupted). */
function stopAll() {
  stopping = true;
  for (const child of running) {
    child.stoppedEarly = true;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopAll();
    process.exitCode = 130;
  });
}

/** CPU-seconds: this process's children's (user + system, once they have exited) and the machine's busy total. */
function cpu() {
  try {
    const ticks = 100; // USER_HZ, 100 on every Linux Node runs on
    const own = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // Fields 16 and 17 of stat (cutime, cstime), counted from the state (field 3) at index 0.
    const children = (Number(own[13]) + Number(own[14])) / ticks;
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    const idle = fields[3] + fields[4];
    const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
    return { children, busy: (total - idle) / ticks, total: total / ticks };
  } catch {
    return undefined;
  }
}

function report(before) {
  console.log('\nphase                          seconds  result');
  for (const [name, seconds, result] of times) console.log(`${name.padEnd(30)} ${seconds.toFixed(0).padStart(7)}  ${result}`);
  const after = cpu();
  if (before && after) {
    const busy = after.busy - before.busy;
    const available = after.total - before.total;
    console.log(
      `CPU-seconds: ${(after.children - before.children).toFixed(0)} used by the run; ` +
        `the machine was busy ${busy.toFixed(0)} of ${available.toFixed(0)} (${((100 * busy) / available).toFixed(0)} %)`,
    );
  }
}

async function main() {
  if (!(await run('chromium', process.execPath, ['scripts/ensure-chromium.mjs']))) return false;

  // The rules and the build side by side: none needs another, and each alone leaves a core idle
  // for part of its time (lint and each type check are one thread; the build waits on its files).
  // The first rule that fails stops the rest.
  const rule = (name, ...args) =>
    run(name, 'npm', ['run', ...args]).then((ok) => {
      if (!ok) stopAll();
      return ok;
    });
  const rules = Promise.all([
    rule('lint', 'lint', '--', '--max-warnings=0'),
    rule('type check', 'typecheck'),
    rule('module graph', 'graph:api'),
  ]).then((passed) => passed.every(Boolean));
  const built = await run('build', 'npm', ['run', 'build']);
  if (!built) {
    stopAll();
    await rules;
    return false;
  }

  // The browser tests are the longest leg and spend much of their time waiting for pages: they
  // start as soon as the build is there, and the Vitest runs fill the waits beside them.
  const endToEnd = run('end to end', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    ...(ci ? { PLAYWRIGHT_JSON: path.join(results, 'playwright.json') } : {}),
  });

  const vitestEnv = { WEB_DIST_DIR: webDist, DATABASE_URL: '' };
  // One file at a time beside the two browsers (decision 069): with two, the fresh-clone run used
  // 1,447 CPU-seconds where it had used 1,048 with one, took 1,150 s where it had taken 964, and
  // two tests of time windows failed; on an overloaded machine every polling wait burns more CPU.
  // Alone (`npx vitest run`) the projects run two files at once.
  const apiOnPglite = run('API (PGlite)', 'npx', ['vitest', 'run', '--project', 'api', '--maxWorkers=1'], {
    ...vitestEnv,
    ...(ci ? { VITEST_JSON: path.join(results, 'vitest.json') } : {}),
  });

  // What is left starts as soon as either leg ends (decision 070). Run as the tail of the PGlite
  // leg, the domain and component tests had one worker for the last two minutes of a fresh-clone
  // run, with the browsers and the PostgreSQL run done and a core idle; started with the
  // PostgreSQL run, the three legs end nearer together.
  const legEnded = Promise.race([endToEnd, apiOnPglite]);
  const components = legEnded.then(() =>
    run('domain and components', 'npx', ['vitest', 'run', '--project', 'domain', '--project', 'web', '--maxWorkers=1'], {
      ...vitestEnv,
      ...(ci ? { VITEST_JSON: path.join(results, 'vitest-web.json') } : {}),
    }),
  );

  // The API tests on PostgreSQL: alone at the end they ran their last minute and a half with a core
  // half idle; started with both first legs, the three crowded two cores (each slower, and a timing
  // assertion broke) for 20 s less in all.
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const postgres = databaseUrl
    ? legEnded.then(() =>
        // Beside the domain and component tests and what is left of the first legs: its tests wait
        // on the database server's round trips, and with two workers a core stood half idle
        // (vmstat); four fill it (72 s to 54 s alone).
        run('API (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'api', '--maxWorkers=4'], {
          WEB_DIST_DIR: webDist,
          DATABASE_URL: databaseUrl,
          ...(ci ? { VITEST_JSON: path.join(results, 'vitest-pg.json') } : {}),
        }),
      )
    : Promise.resolve(true);

  const passed = await Promise.all([rules, endToEnd, apiOnPglite, components, postgres]);
  return passed.every(Boolean);
}

const before = cpu();
const started = Date.now();
const ok = await main();
times.push(['all', (Date.now() - started) / 1000, ok ? 'passed' : 'failed']);
report(before);
process.exit(ok ? 0 : 1);
