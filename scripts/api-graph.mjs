// `npm run graph:api`: the import graph between the API's domain modules (apps/api/src/modules/*)
// and its plugins (apps/api/src/plugins), one line per edge with the files that make it. Fails
// (exit 1) on an edge back up (a plugin importing a module) and on any cycle between modules (a
// pair importing each other, or a longer ring), the shapes docs/decisions/030-server-modules.md rules
// out; lint (import-x) checks the finer floors file by file. A cycle counts every import, a
// table's included (a read of another's tables.ts, a foreign key between two tables.ts): a pair is
// printed with its files on both sides (docs/decisions/061-modules-one-way.md; a table names a row
// of a module above its own through db/keys.ts, 071). `--src DIR` reads another tree laid out as
// apps/api/src (the tests that plant a cycle or a pair use it).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const srcFlag = process.argv.indexOf('--src');
const src = srcFlag === -1 ? path.join(root, 'apps/api/src') : path.resolve(process.argv[srcFlag + 1]);

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
/**
 * Imports of another module's tables.ts: a foreign key (from a tables.ts) or a read the lint's
 * allow-list names (docs/decisions/050-every-table-has-one-owner.md). Listed, not counted as calls:
 * some of those reads go up the calls' order (the pairs below).
 */
const tableEdges = [];
/** Between modules, every import whatever its kind: `a ↔ b`'s two sides, as "kind: file → target" lines. */
const moduleImports = new Map();
const isTables = (file) => /(^|\/)tables(\.ts)?$/.test(file);
const files = [...filesUnder(path.join(src, 'modules')), ...filesUnder(path.join(src, 'plugins'))];
for (const file of files) {
  const from = nodeOf(file);
  for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const target = path.resolve(path.dirname(file), match[1] ?? match[2]);
    const to = nodeOf(target);
    if (!to || to === from) continue;
    if (from.startsWith('modules/') && to.startsWith('modules/')) {
      const kind = isTables(file) && isTables(target) ? 'key' : isTables(target) ? 'read' : isTables(file) ? 'key' : 'call';
      const key = `${from.slice(8)}>${to.slice(8)}`;
      if (!moduleImports.has(key)) moduleImports.set(key, new Set());
      moduleImports.get(key).add(`${kind}: ${path.relative(src, file)} → ${path.relative(src, target).replace(/\.tsx?$/, '')}`);
    }
    if (isTables(target) || isTables(file)) {
      if (!isTables(file)) tableEdges.push(`${path.relative(src, file)} → ${path.relative(src, target)}`);
      continue;
    }
    if (!edges.has(from)) edges.set(from, new Map());
    const targets = edges.get(from);
    if (!targets.has(to)) targets.set(to, new Set());
    targets.get(to).add(path.relative(src, file));
  }
}

const nodes = [...new Set(files.map(nodeOf))].sort();

/** Every node each node imports, by code or through a table: the graph the cycles are sought in. */
const reaches = new Map(nodes.map((node) => [node, new Set(edges.get(node)?.keys() ?? [])]));
for (const key of moduleImports.keys()) {
  const [from, to] = key.split('>');
  reaches.get(`modules/${from}`).add(`modules/${to}`);
}

/**
 * The strongly connected components of the graph with more than one node (Tarjan's algorithm):
 * every module in one of them reaches itself through the others, whatever the ring's length.
 */
function cycles() {
  const index = new Map();
  const lowLink = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let next = 0;
  const visit = (node) => {
    index.set(node, next);
    lowLink.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of reaches.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        lowLink.set(node, Math.min(lowLink.get(node), lowLink.get(to)));
      } else if (onStack.has(to)) {
        lowLink.set(node, Math.min(lowLink.get(node), index.get(to)));
      }
    }
    if (lowLink.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return found;
}

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
  }
}
if (tableEdges.length > 0) console.log(`\nTables read across modules (eslint.config.js, tableImportsAllowed):\n${tableEdges.sort().join('\n')}`);
for (const component of cycles()) problems.push(`cycle between ${component.join(', ')}: each reaches the others through its imports`);

// Each pair of modules importing each other, with the files on both sides: where to cut it.
const pairs = [...moduleImports.keys()]
  .map((key) => key.split('>'))
  .filter(([a, b]) => a < b && moduleImports.has(`${b}>${a}`))
  .sort(([a1, b1], [a2, b2]) => a1.localeCompare(a2) || b1.localeCompare(b2));
if (pairs.length > 0) console.log('\nModules importing each other (call: code; read: another\'s tables.ts; key: a foreign key):');
for (const [a, b] of pairs) {
  console.log(`\n${a} ↔ ${b}`);
  for (const [from, to] of [[a, b], [b, a]]) {
    for (const line of [...moduleImports.get(`${from}>${to}`)].sort()) console.log(`  ${line}`);
  }
  problems.push(
    `modules importing each other: ${a} ↔ ${b}. Make one side depend on the other: the lower one takes a callback or a source the upper one registers (src/registration.ts), and a table names an upper module's row through db/keys.ts (docs/decisions/061-modules-one-way.md, 071).`,
  );
}
console.log(`\n${nodes.length} nodes, ${[...edges.values()].reduce((sum, targets) => sum + targets.size, 0)} edges`);
if (problems.length > 0) {
  console.log(`\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('No edge back up, no cycle: no two modules import each other, by code or through a table.');
