/** Where things live on disk, the same whether the server runs from `src/` or from the built `dist/`. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findApiRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'drizzle', 'meta'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the api package root (its drizzle/ folder)');
    dir = parent;
  }
  return dir;
}

export const apiRoot = findApiRoot();
export const repoRoot = path.resolve(apiRoot, '..', '..');
export const migrationsFolder = path.join(apiRoot, 'drizzle');
export const webDistFolder = process.env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps', 'web', 'dist');

/**
 * The web build's server bundle and page templates (apps/web/scripts/prerender.mjs), in a dot
 * folder of the build, which the web app plugin never sends.
 */
export function webSsrFolderFor(distFolder: string): string {
  return path.join(distFolder, '.ssr');
}
