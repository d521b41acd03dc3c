// `npm run graph:api`: the import graph between the API's domain modules (apps/api/src/modules/*)
// and its plugins (apps/api/src/plugins), one line per edge with the files that make it. Fails
// (exit 1) on an edge back up (a plugin importing a module) and on a pair of modules importing each
// other, the two shapes docs/decisions/030-server-modules.md rules out; lint (import-x) checks the
// finer floors file by file.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'apps/api/src');

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The graph's node a file belongs to: `modules/<name>` or `plugins`, or null (db, mail, app …). */
function nodeOf(file) {
  const relative = path.relative(src, file).split(path.sep);
  if (relative[0] === 'modules' && relative.length > 2) return `modules/${relative[1]}`;
  if (relative[0] === 'plugins') return 'plugins';
  return null;
}

const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** from → to → the importing files. */
const edges = new Map();
const files = [...filesUnder(path.join(src, 'modules')), ...filesUnder(path.join(src, 'plugins'))];
for (const file of files) {
  const from = nodeOf(file);
  for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const to = nodeOf(path.resolve(path.dirname(file), match[1] ?? match[2]));
    if (!to || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    const targets = edges.get(from);
    if (!targets.has(to)) targets.set(to, new Set());
    targets.get(to).add(path.relative(src, file));
  }
}

const nodes = [...new Set(files.map(nodeOf))].sort();
const problems = [];
console.log('Imports between apps/api/src/modules/* and plugins/ (from → to: importing files)\n');
for (const from of nodes) {
  const targets = edges.get(from);
  if (!targets) {
    console.log(`${from} → (nothing)`);
    continue;
  }
  for (const [to, importers] of [...targets].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`${from} → ${to}: ${[...importers].sort().join(', ')}`);
    if (from === 'plugins') problems.push(`edge back up: plugins → ${to}`);
    if (edges.get(to)?.has(from) && from < to) problems.push(`pair importing each other: ${from} ↔ ${to}`);
  }
}
console.log(`\n${nodes.length} nodes, ${[...edges.values()].reduce((sum, targets) => sum + targets.size, 0)} edges`);
if (problems.length > 0) {
  console.log(`\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('No edge back up, no pair importing each other.');
