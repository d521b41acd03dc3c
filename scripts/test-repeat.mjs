// `npm run test:repeat -- FILE [--times=20] [--pg] [--no-load]`: runs one Vitest file again and
// again, each time in a fresh run, while the rest of its project's tests run beside it the way
// CI runs them, and reports every failure. A test that fails one run in twenty under load is
// found here in minutes instead of in someone else's CI.
//   --times=N   how many runs of FILE (default 20)
//   --pg        on the PostgreSQL server of DATABASE_URL (default the local one), as test:pg
//   --no-load   without the rest of the suite beside it
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const option = (name, fallback) => args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const file = args.find((arg) => !arg.startsWith('--'));
if (!file) {
  console.error('usage: npm run test:repeat -- FILE [--times=20] [--pg] [--no-load]');
  process.exit(2);
}
const times = Number(option('times', '20'));
const project = file.includes('apps/web') ? 'web' : file.includes('packages/domain') ? 'domain' : 'api';
const env = { ...process.env, FORCE_COLOR: '0' };
if (flag('pg')) env.DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/postgres';
else delete env.DATABASE_URL;

// Each run in a process group of its own, so that stopping the load stops its workers too.
const vitest = (extra, quiet) =>
  spawn('npx', ['vitest', 'run', '--project', project, ...extra], {
    env,
    detached: true,
    stdio: quiet ? 'ignore' : ['ignore', 'pipe', 'pipe'],
  });

// The load: the rest of the project's files, started again each time they finish.
let stopped = false;
let load;
function startLoad() {
  if (stopped) return;
  load = vitest(['--exclude', `**/${path.basename(file)}`], true);
  load.on('exit', startLoad);
}
if (!flag('no-load')) startLoad();

const reports = await mkdtemp(path.join(os.tmpdir(), 'test-repeat-'));
const failures = [];
for (let run = 1; run <= times; run += 1) {
  const report = path.join(reports, `${run}.json`);
  const started = Date.now();
  const child = vitest([file, '--reporter=json', `--outputFile=${report}`]);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise((resolve) => child.on('exit', resolve));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  let failed = [];
  try {
    const result = JSON.parse(await readFile(report, 'utf8'));
    failed = result.testResults.flatMap((fileResult) =>
      fileResult.assertionResults
        .filter((test) => test.status === 'failed')
        .map((test) => `${test.fullName}: ${(test.failureMessages[0] ?? '').split('\n')[0]}`),
    );
  } catch {
    // No report: the run itself broke (a set-up or teardown error); its output says why.
  }
  if (code === 0) {
    console.log(`run ${run}/${times}: passed in ${seconds} s`);
  } else {
    failures.push({ run, failed, output });
    console.log(`run ${run}/${times}: FAILED in ${seconds} s`);
    for (const line of failed.length > 0 ? failed : [output.trim().split('\n').slice(-15).join('\n')]) console.log(`  ${line}`);
  }
}

stopped = true;
if (load && load.exitCode === null) {
  const exited = new Promise((resolve) => load.once('exit', resolve));
  process.kill(-load.pid, 'SIGTERM');
  await exited;
}
await rm(reports, { recursive: true, force: true });
console.log(`\n${file}: ${times - failures.length} of ${times} runs passed${flag('no-load') ? '' : ', with the rest of the suite running beside it'}`);
process.exit(failures.length === 0 ? 0 : 1);
