/**
 * Where a visitor sent to sign in by a guarded screen (the cart, a booking step) is taken back to
 * afterwards: every way of signing in ends at /account, which goes on to this path instead of the
 * account's own screens. Kept in session storage for half an hour, and only for paths of the site.
 */
import { paths } from '../paths';

const KEY = 'returnAfterSignIn';
const LIFETIME_MS = 30 * 60_000;

function isSitePath(path: unknown): path is string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.startsWith(paths.auth.root);
}

export function rememberReturnPath(path: string): void {
  if (!isSitePath(path)) return;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ path, at: Date.now() }));
  } catch {
    // Storage unavailable: the visitor lands on the account after signing in.
  }
}

/** The path to go back to, if one was remembered lately. */
export function peekReturnPath(): string | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as { path?: unknown; at?: unknown } | null;
    if (!saved || !isSitePath(saved.path) || typeof saved.at !== 'number' || Date.now() - saved.at > LIFETIME_MS) return null;
    return saved.path;
  } catch {
    return null;
  }
}

export function forgetReturnPath(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // As above.
  }
}
