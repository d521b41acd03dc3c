// `npm start`: builds what is not built (or is older than its sources), then runs the server.
// The server applies migrations, loads the demo content on first start and prints its URL.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { serverEnv, serverNodeFlags, tryOutEnv } from './server-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(`Node ${process.versions.node} is too old: this project needs Node 22.12 or newer (see .nvmrc).`);
  process.exit(1);
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const outputs = [path.join(root, 'apps/web/dist/index.html'), path.join(root, 'apps/api/dist/server.js')];
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/api/src',
  'packages/domain/src',
  'packages/demo-content/src',
].map((p) => path.join(root, p));
const builtAt = Math.min(...outputs.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
const changedAt = Math.max(...sources.map(newestMtime));

if (builtAt === 0 || changedAt > builtAt) {
  console.log('Building the web app and the server…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { env, notices } = tryOutEnv(process.env);
for (const notice of notices) console.log(notice);

const server = spawn(process.execPath, [...serverNodeFlags(env), path.join(root, 'apps/api/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: serverEnv(env),
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
