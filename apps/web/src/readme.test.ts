/** The web README's table of features names every folder of `src/features/`: a new feature is written down. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('apps/web/README.md', () => {
  it('names every feature folder in its table of features', () => {
    const readme = readFileSync(path.join(import.meta.dirname, '../README.md'), 'utf8');
    const features = readdirSync(path.join(import.meta.dirname, 'features'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const missing = features.filter((name) => !readme.includes(`| \`${name}\` |`));
    expect(missing).toEqual([]);
  });
});
