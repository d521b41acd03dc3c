/**
 * A page keeps the names of its build's code chunks. After a deployment the server has the new
 * build's chunks only, so a guest whose page came before it gets an error on the next screen that
 * loads a chunk. Loading the page again fetches the new build, whose page names the new chunks.
 * A chunk can also fail on a lost connection; reloading then would leave the guest on the
 * browser's offline page, so the server is asked first.
 */
import { reloadPage } from '../shared/api/leave-for';

const KEY = 'reloaded-for-new-build';
/** A second missing chunk this soon after a reload is not a new build: the server is failing. */
const AGAIN_AFTER_MS = 30_000;

/** The browsers' words for a module script that could not be fetched (Chromium, Firefox, Safari, Vite's preload). */
const MISSING_CHUNK = /dynamically imported module|Importing a module script failed|Unable to preload/i;

export function isMissingChunk(error: unknown): boolean {
  return error instanceof Error && MISSING_CHUNK.test(error.message);
}

/**
 * What became of a missing chunk: `reloading` (the server answers: a new build, the page loads
 * again), `offline` (the server cannot be reached) or `failing` (reloaded a moment ago, or no
 * session storage to know that a reload would not loop).
 */
export type MissingChunkOutcome = 'reloading' | 'offline' | 'failing';

export async function reloadForNewBuild(): Promise<MissingChunkOutcome> {
  try {
    if (Date.now() - Number(sessionStorage.getItem(KEY)) < AGAIN_AFTER_MS) return 'failing';
  } catch {
    return 'failing';
  }
  try {
    const page = await fetch(window.location.href, { method: 'HEAD', cache: 'no-store' });
    if (!page.ok) return 'failing';
  } catch {
    return 'offline';
  }
  try {
    sessionStorage.setItem(KEY, String(Date.now()));
  } catch {
    return 'failing';
  }
  reloadPage();
  return 'reloading';
}
