// `npm run bench:bundle`: builds the web app into a folder of its own (never apps/web/dist, which
// `npm start` serves) and prints the gzip size of the JavaScript and CSS a first visit to `/`
// downloads: the page's first script (boot.js), the entry, its static imports, and the route
// module the home route loads at once with its imports, found from Vite's manifest. The list is what
// Chromium fetches for `/` before the app is live (its texts are in the page, decision 075; the
// hotel's, for the rooms' cards, come with the rooms, and the query client once it is live).
// Budget: 140 KB of JavaScript.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const dist = mkdtempSync(path.join(os.tmpdir(), 'web-bundle-'));
process.on('exit', () => rmSync(dist, { recursive: true, force: true }));
// The same budget fails the build (apps/web/scripts/prerender.mjs), so a change over it is seen at once.
const BUDGET_JS = 140 * 1024;

const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'error'], {
  cwd: path.join(root, 'apps/web'),
  env: { ...process.env, WEB_OUT_DIR: dist },
  stdio: 'inherit',
});
if (build.status !== 0) {
  console.error('vite build failed');
  process.exit(1);
}

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const homeKey = Object.keys(manifest).find((key) => key.endsWith('src/routes/home.tsx'));
const firstVisitKeys = [entryKey, homeKey];

const files = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk) return;
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) collect(imported);
}
firstVisitKeys.forEach(collect);
// The page's first bytes carry it (public/boot.js), outside Vite's manifest.
files.add('boot.js');

let js = 0;
let css = 0;
const rows = [];
for (const file of files) {
  const size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  if (file.endsWith('.css')) css += size;
  else js += size;
  rows.push([file, size]);
}
rows.sort((a, b) => b[1] - a[1]);
for (const [file, size] of rows) console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`\nFirst visit to / (gzip): JavaScript ${kb(js)} (budget ${kb(BUDGET_JS)}), CSS ${kb(css)}`);
if (js > BUDGET_JS) {
  console.log('Over budget.');
  process.exitCode = 1;
}
