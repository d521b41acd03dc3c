/**
 * Docs that say only what is true (issue 44, point 8): the lists the READMEs and the decisions'
 * index keep are compared with the tree, both ways, so a module, a feature, a page or a record
 * added, renamed or removed fails here until the docs say so.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pageOf } from '@hotel/domain';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const folders = (dir: string) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
/** The first column of a Markdown table's rows when it is one name in backticks: `| \`name\` | …`. */
const tableNames = (markdown: string) => [...markdown.matchAll(/^\s*\| `([a-z0-9-]+)` \|/gm)].map((match) => match[1]!).sort();
/** The one table of a README whose header row is this, up to the blank line that ends it. */
const tableUnder = (markdown: string, header: string) => {
  const from = markdown.slice(markdown.indexOf(header));
  return from.slice(0, from.indexOf('\n\n'));
};

describe('the READMEs and the tree (issue 44, point 8)', () => {
  it("apps/api/README.md's table of modules is the folders of src/modules/, no more, no fewer", () => {
    expect(tableNames(tableUnder(read('apps/api/README.md'), '| module | what it owns |'))).toEqual(folders('apps/api/src/modules'));
  });

  it("apps/web/README.md's table of features is the folders of src/features/, no more, no fewer", () => {
    expect(tableNames(read('apps/web/README.md'))).toEqual(folders('apps/web/src/features'));
  });

  it.each(['apps/api/README.md', 'apps/web/README.md'])('every file or folder %s names under src/ exists', (readme) => {
    const app = path.dirname(readme);
    const named = [...read(readme).matchAll(/`(src\/[A-Za-z0-9_./<>{},-]+?)`/g)].map((match) => match[1]!).filter((name) => !/[<>{}*]/.test(name));
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((name) => !existsSync(path.join(root, app, name)))).toEqual([]);
  });

  it("the root README's table of what is built links to files that exist and names pages that exist", () => {
    const readme = read('README.md');
    const section = readme.slice(readme.indexOf('## What is built'), readme.indexOf('## Commands'));
    const rows = section.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| ---') && !line.startsWith('| capability'));
    expect(rows.length).toBeGreaterThan(10);
    const links = [...section.matchAll(/\]\(([^)#]+)\)/g)].map((match) => match[1]!);
    expect(links.filter((link) => !existsSync(path.join(root, link)))).toEqual([]);
    const pages = rows.flatMap((row) => [...row.split('|')[2]!.matchAll(/`(\/[^`]*)`/g)].map((match) => match[1]!));
    expect(pages.filter((page) => pageOf(page) === null)).toEqual([]);
    // Every module of the server is found from the table.
    const modules = folders('apps/api/src/modules').filter((name) => !section.includes(`apps/api/src/modules/${name}/`));
    expect(modules).toEqual([]);
  });
});

describe('the decisions index (issue 44, point 8)', () => {
  const index = read('docs/decisions/README.md');
  const records = readdirSync(path.join(root, 'docs/decisions')).filter((name) => /^\d{3}-.+\.md$/.test(name));

  it('links every record once, in order, and a number without one says why', () => {
    expect(records.filter((name) => !index.includes(`](${name})`))).toEqual([]);
    const lines = [...index.matchAll(/^\| (\d{3}) \| (.+) \|$/gm)];
    const numbers = lines.map((line) => Number(line[1]));
    expect(numbers).toEqual([...new Set(numbers)].sort((a, b) => a - b));
    // Every number up to the last has its row: a number passed over is said, not skipped silently.
    expect(numbers).toEqual(Array.from({ length: numbers.at(-1) ?? 0 }, (_, index) => index + 1));
    for (const [, number, rest] of lines) {
      const record = records.find((name) => name.startsWith(`${number}-`));
      if (record) expect(rest).toContain(`](${record})`);
      else expect(index, `a section on what happened to ${number}`).toContain(`## What happened to ${number}`);
    }
  });
});
