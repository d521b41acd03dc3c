/**
 * A production build of the web app for tests of the pages the server sends: the run's own build
 * when `npm test` made one (WEB_DIST_DIR, read only), or else `vite build` and the prerender into
 * a folder of this file's own, as `npm run build` runs them (without precompressing).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../src/paths';

const webRoot = path.join(repoRoot, 'apps', 'web');

function run(args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: webRoot, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited with ${code}:\n${errors}`))));
  });
}

export interface WebBuild {
  dir: string;
  /** Removes the folder when it was built for this file; the run's shared build stays. */
  release(): Promise<void>;
}

/**
 * The web app's build for one test file. Building takes a core for half a minute or more, so
 * `npm test` builds once and every file (and the end-to-end tests) reads that build.
 */
export async function webBuildForTests(): Promise<WebBuild> {
  const shared = process.env.WEB_DIST_DIR;
  if (shared && existsSync(path.join(shared, 'index.html'))) return { dir: shared, release: async () => {} };
  const dir = await buildWebApp();
  return { dir, release: () => rm(dir, { recursive: true, force: true }) };
}

async function buildWebApp(): Promise<string> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'hotel-test-web-'));
  const env = { ...process.env, WEB_OUT_DIR: outDir, NODE_ENV: 'production' };
  const vite = path.join(path.dirname(createRequire(path.join(webRoot, 'package.json')).resolve('vite/package.json')), 'bin', 'vite.js');
  await run([vite, 'build', '--logLevel', 'error'], env);
  await run(['scripts/prerender.mjs'], env);
  return outDir;
}
