// `npm run graph:api`: the import graph between the API's domain modules (apps/api/src/modules/*)
// and its plugins (apps/api/src/plugins), one line per edge with the files that make it. Fails
// (exit 1) on an edge back up (a plugin importing a module) and on any cycle between modules (a
// pair importing each other, or a longer ring), the shapes docs/decisions/030-server-modules.md rules
// out; lint (import-x) checks the finer floors file by file. Then every pair of modules that import
// each other by any import at all, a table's included (a read of another's tables.ts, a foreign key
// between two tables.ts): each is printed with its files, and fails unless TWO_WAY_ALLOWED below
// names it with its reason (docs/decisions/061-modules-one-way.md). `--src DIR` reads another tree
// laid out as apps/api/src (the tests that plant a cycle or a pair use it).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const srcFlag = process.argv.indexOf('--src');
const src = srcFlag === -1 ? path.join(root, 'apps/api/src') : path.resolve(process.argv[srcFlag + 1]);

/**
 * Modules that still import each other, each pair with its reason: none is a cycle of calls (the
 * check above fails on that); each is made by a read, a join eslint.config.js's tableImportsAllowed
 * lists, of the caller's table by the module it calls. A foreign key makes no pair: a table names a
 * row of a module above its own through db/keys.ts (docs/decisions/071-keys-named-from-below.md),
 * and only its downward keys import another's tables.ts. A new pair fails; a pair that no longer
 * imports both ways fails until its line goes, so the list only shrinks.
 */
export const TWO_WAY_ALLOWED = {
  'folio ↔ hotel': "hotel calls folio (the bill at check-in and check-out, its documents); a bill reads the stay's nights, room and guests with it (read)",
};

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
    for (const to of edges.get(node)?.keys() ?? []) {
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

// Pairs of modules importing each other by any import, tables included.
const pairs = [...moduleImports.keys()]
  .map((key) => key.split('>'))
  .filter(([a, b]) => a < b && moduleImports.has(`${b}>${a}`))
  .sort(([a1, b1], [a2, b2]) => a1.localeCompare(a2) || b1.localeCompare(b2));
if (pairs.length > 0) console.log('\nModules importing each other (call: code; read: another\'s tables.ts; key: a foreign key):');
for (const [a, b] of pairs) {
  const name = `${a} ↔ ${b}`;
  console.log(`\n${name}${TWO_WAY_ALLOWED[name] ? '' : '  (new)'}`);
  for (const [from, to] of [[a, b], [b, a]]) {
    for (const line of [...moduleImports.get(`${from}>${to}`)].sort()) console.log(`  ${line}`);
  }
  if (!TWO_WAY_ALLOWED[name]) {
    problems.push(`modules importing each other: ${name}. Make one side depend on the other, the other receiving a callback or port at registration (docs/decisions/061-modules-one-way.md), or add the pair to TWO_WAY_ALLOWED in scripts/api-graph.mjs with its reason.`);
  }
}
if (srcFlag === -1) {
  const found = new Set(pairs.map(([a, b]) => `${a} ↔ ${b}`));
  for (const name of Object.keys(TWO_WAY_ALLOWED)) {
    if (!found.has(name)) problems.push(`${name} no longer imports both ways: take it off TWO_WAY_ALLOWED in scripts/api-graph.mjs.`);
  }
}
console.log(`\n${nodes.length} nodes, ${[...edges.values()].reduce((sum, targets) => sum + targets.size, 0)} edges`);
if (problems.length > 0) {
  console.log(`\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(
  pairs.length === 0
    ? 'No edge back up, no cycle, no pair of modules importing each other.'
    : `No edge back up, no cycle; ${pairs.length === 1 ? 'one pair of modules imports' : `${pairs.length} pairs of modules import`} each other through their tables, each listed in TWO_WAY_ALLOWED with its reason.`,
);
