/**
 * Where an unknown path goes (spec section 2). Each area sends its unknown sub-paths to its
 * landing; everything else goes home. A target that is itself unknown (its screen does not
 * exist yet) falls back to `/` instead of looping.
 */
import { paths } from './paths';

const areaLandings: [RegExp, string][] = [
  [/^\/hotel\/.+/, paths.hotel.root],
  [/^\/delivery\/.+/, paths.delivery],
  [/^\/auth\/.+/, paths.auth.root],
  [/^\/account(\/.*)?$/, paths.account.overview],
  [/^\/admin(\/.*)?$/, paths.admin.hotel],
];

export function redirectFor(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const [pattern, landing] of areaLandings) {
    if (pattern.test(path)) return landing === path ? '/' : landing;
  }
  return '/';
}
