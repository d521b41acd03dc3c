// `npm run typecheck`: every workspace's TypeScript checked by TypeScript 7, the compiler written in
// Go (decision 068): the same strict rules as before in about a third of the CPU, each project's files
// checked on several threads. TypeScript 5.9 stays installed as `typescript` for typescript-eslint,
// which parses with its JavaScript API; this script names version 7 by its package so the two
// `tsc` never get mixed up.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(path.dirname(createRequire(import.meta.url).resolve('typescript-7/package.json')), 'bin', 'tsc');
// A workspace's own `npm run typecheck` names its folder; the root's checks them all.
const named = process.argv.slice(2).map((project) => path.resolve(project));
const projects = named.length > 0 ? named : ['packages/domain', 'packages/demo-content', 'apps/api', 'apps/web', 'e2e'].map((project) => path.join(root, project));

let failed = false;
for (const project of projects) {
  const result = spawnSync(process.execPath, [tsc, '--noEmit', '-p', project], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`type check failed in ${path.relative(root, project) || '.'}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
