/** Every /account screen is remembered; /account opens the last one (spec section 2, ACC-08). */
import { paths } from '../../../shared/paths';

export const LAST_ACCOUNT_PATH_KEY = 'lastAccountPath';
const ACCOUNT_SCREEN = /^\/account\/[^?#]+$/;

export function rememberAccountPath(pathname: string): void {
  if (!ACCOUNT_SCREEN.test(pathname)) return;
  try {
    localStorage.setItem(LAST_ACCOUNT_PATH_KEY, pathname);
  } catch {
    // Storage unavailable (private mode): /account falls back to the overview.
  }
}

export function lastAccountPath(): string {
  try {
    const saved = localStorage.getItem(LAST_ACCOUNT_PATH_KEY);
    if (saved && ACCOUNT_SCREEN.test(saved)) return saved;
  } catch {
    // As above.
  }
  return paths.account.overview;
}
