// `npm start`: builds what is not built (or is older than its sources), then runs the server.
// The server applies migrations, loads the demo content on first start and prints its URL.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

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
const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/public', 'apps/api/src', 'packages/domain/src'].map(
  (p) => path.join(root, p),
);
const builtAt = Math.min(...outputs.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
const changedAt = Math.max(...sources.map(newestMtime));

if (builtAt === 0 || changedAt > builtAt) {
  console.log('Building the web app and the server…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The server refuses to start in production without PUBLIC_URL (it never builds links from a
// request's Host header). For a try-out on this machine, this machine's address will do.
const env = { ...process.env };
if (!env.PUBLIC_URL && (env.NODE_ENV ?? 'production') === 'production') {
  env.PUBLIC_URL = `http://localhost:${env.PORT || 3000}`;
  console.log(`PUBLIC_URL is not set: links and images use ${env.PUBLIC_URL}. Set it to the site's address before it goes public.`);
}

// Memory (docs/decisions/022-lean-request-path.md). V8 sizes the young generation for a large
// machine (about 120 MB of the idle server's memory); 16 MB semi-spaces cost no measurable speed.
// The embedded database is PostgreSQL compiled to WebAssembly: V8 recompiles its hot functions
// with its optimising compiler in the background, which for PostgreSQL's largest functions holds
// about half a gigabyte for a moment, more than the whole server otherwise needs; its baseline
// compiler's code serves this site's load as fast.
const nodeFlags = ['--enable-source-maps', '--max-semi-space-size=16', ...(env.DATABASE_URL ? [] : ['--liftoff-only'])];
// glibc gives each thread that allocates its own arena; sharp's (libvips') threads then keep
// freed picture buffers spread over many of them (sharp's documentation, "Memory allocator").
env.MALLOC_ARENA_MAX ??= '2';
const server = spawn(process.execPath, [...nodeFlags, path.join(root, 'apps/api/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
  env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
