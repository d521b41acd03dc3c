/** The colour theme follows the path prefix (spec: Shared chrome). Mirrored in public/boot.js. */
export type Theme = 'main' | 'auth' | 'account' | 'restaurant';

export function themeFor(pathname: string): Theme {
  if (/^\/(account|admin)(\/|$)/.test(pathname)) return 'account';
  if (/^\/auth(\/|$)/.test(pathname)) return 'auth';
  if (/^\/(restaurant|delivery)(\/|$)/.test(pathname)) return 'restaurant';
  return 'main';
}
