/**
 * A production build of the web app in a folder of its own, for tests of the pages the server
 * sends: `vite build` and the prerender, as `npm run build` runs them (without precompressing).
 */
import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
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

/** Builds the web app into a new temporary folder and answers its path (the caller removes it). */
export async function buildWebApp(): Promise<string> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'hotel-test-web-'));
  const env = { ...process.env, WEB_OUT_DIR: outDir, NODE_ENV: 'production' };
  const vite = path.join(path.dirname(createRequire(path.join(webRoot, 'package.json')).resolve('vite/package.json')), 'bin', 'vite.js');
  await run([vite, 'build', '--logLevel', 'error'], env);
  await run(['scripts/prerender.mjs'], env);
  return outDir;
}
