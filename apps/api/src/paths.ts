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
/**
 * A path an operator typed on a command line, from the folder they typed it in. `npm run backup`
 * at the repository's root runs the api workspace's script in apps/api; npm keeps the folder the
 * command was typed in as INIT_CWD (decision 035).
 */
export function typedPath(typed: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), typed);
}

export const webDistFolder = process.env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps', 'web', 'dist');

/**
 * The web build's server bundle and page templates (apps/web/scripts/prerender.mjs), in a dot
 * folder of the build, which the web app plugin never sends.
 */
export function webSsrFolderFor(distFolder: string): string {
  return path.join(distFolder, '.ssr');
}
