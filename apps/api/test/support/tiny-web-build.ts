/**
 * The least a web build has for the server to serve pages (index.html and the app shell), for tests
 * of how pages and unknown paths are answered, not of what the pages show (test/web-build.ts).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export async function tinyWebBuild(): Promise<{ dir: string; release(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'hotel-tiny-web-'));
  const page = '<!doctype html><html lang="ru"><head><title>House 1799</title></head><body><div id="root"></div></body></html>';
  await writeFile(path.join(dir, 'index.html'), page);
  await writeFile(path.join(dir, 'shell.html'), page);
  return { dir, release: () => rm(dir, { recursive: true, force: true }) };
}
