/** The API README's table of modules names every folder of `src/modules/`: a new module is written down. */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('apps/api/README.md', () => {
  it('names every module folder in its table of modules', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const modules = readdirSync(new URL('../src/modules', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const missing = modules.filter((name) => !readme.includes(`| \`${name}\` |`));
    expect(missing).toEqual([]);
  });
});
