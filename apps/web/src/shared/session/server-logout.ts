/**
 * Logout must end the session on the server, whose cookie the page cannot touch (httpOnly). When
 * the server cannot be reached, the page is signed out anyway, the readable marker cookie goes, a
 * "logout pending" note is kept in local storage, and the request is sent again until the server
 * hears it, also after a reload: until then the app treats the visitor as signed out and does
 * not ask who is signed in. Signing in again cancels the note.
 */
import { api, ApiError } from '../api/client';

/** Set by the server next to its httpOnly session cookie; holds no secret. */
export const SIGNED_IN_COOKIE = 'signed_in';
const PENDING_KEY = 'logoutPending';
/** Waits between tries; the last one repeats. */
export const LOGOUT_RETRY_MS = [2_000, 5_000, 15_000, 30_000] as const;

export function forgetSessionMarker(): void {
  document.cookie = `${SIGNED_IN_COOKIE}=; Max-Age=0; path=/; SameSite=Lax`;
}

function setPending(pending: boolean): void {
  try {
    if (pending) localStorage.setItem(PENDING_KEY, '1');
    else localStorage.removeItem(PENDING_KEY);
  } catch {
    // Private mode without storage: the retries of this page are all there is.
  }
}

export function isLogoutPending(): boolean {
  try {
    return localStorage.getItem(PENDING_KEY) === '1';
  } catch {
    return false;
  }
}

/** A new sign-in: an old logout still on its way must not end the new session. */
export function cancelPendingLogout(): void {
  setPending(false);
}

/** Resolves once the server has ended the session (a 4xx means there was none to end). */
async function tellServer(): Promise<void> {
  try {
    await api('auth/logout/', { method: 'POST' });
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return;
    throw error;
  }
}

let retrying: Promise<void> | null = null;

function keepTrying(): Promise<void> {
  retrying ??= (async () => {
    for (let attempt = 0; isLogoutPending(); attempt += 1) {
      const wait = LOGOUT_RETRY_MS[Math.min(attempt, LOGOUT_RETRY_MS.length - 1)];
      await new Promise((resolve) => setTimeout(resolve, wait));
      if (!isLogoutPending()) break;
      try {
        await tellServer();
        setPending(false);
      } catch {
        // Still unreachable: the next wait is longer.
      }
    }
  })().finally(() => {
    retrying = null;
  });
  return retrying;
}

/**
 * Ends the session on the server. Resolves or rejects with the first try, so the screens can say
 * how it went; a failed first try is repeated in the background until the server hears it.
 */
export function endServerSession(): Promise<void> {
  forgetSessionMarker();
  setPending(true);
  const first = tellServer().then(() => setPending(false));
  first.catch(() => void keepTrying());
  return first;
}

/** At start: a logout that never reached the server is sent again before anything else. */
export function resumePendingLogout(): void {
  if (!isLogoutPending()) return;
  tellServer().then(
    () => setPending(false),
    () => void keepTrying(),
  );
}
