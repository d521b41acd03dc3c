/**
 * A page keeps the names of its build's code chunks. After a deployment the server has the new
 * build's chunks only, so a guest whose page came before it gets an error on the next screen that
 * loads a chunk. Loading the page again fetches the new build, whose page names the new chunks.
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

/** Loads the page again for the new build, unless it did so a moment ago; true if it did. */
export function reloadForNewBuild(): boolean {
  try {
    const last = Number(sessionStorage.getItem(KEY));
    if (Date.now() - last < AGAIN_AFTER_MS) return false;
    sessionStorage.setItem(KEY, String(Date.now()));
  } catch {
    // No session storage (a private window's quota): no way to know a reload would not loop.
    return false;
  }
  reloadPage();
  return true;
}
