import { createMemoryRouter, matchRoutes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { paths, roomsSearchFrom, roomsSearchPath } from '../shared/paths';
import { allRoutes as routes } from './all-routes';
import { patchRoutesOnNavigation, routes as startingRoutes } from './router';

const every = (tree: unknown): string[] =>
  typeof tree === 'string' ? [tree] : Object.values(tree as Record<string, unknown>).flatMap(every);

describe('paths', () => {
  it('names only pages the route table has: none falls to the unknown-path redirect', () => {
    expect(matchRoutes(routes, '/nowhere')?.at(-1)?.route.path).toBe('*');
    for (const path of every(paths)) {
      const matched = matchRoutes(routes, path);
      expect(matched?.at(-1)?.route.path, path).not.toBe('*');
    }
  });

  it("the account and the admin area join the browser's router on the way in: their screens are not in its first table", async () => {
    expect(matchRoutes(startingRoutes, paths.admin.orders)?.at(-1)?.route.path).toBe('*');
    expect(matchRoutes(startingRoutes, paths.account.reviews)?.at(-1)?.route.path).toBe('*');
    for (const path of [paths.admin.orders, paths.account.reviews]) {
      const router = createMemoryRouter(startingRoutes, { initialEntries: [path], patchRoutesOnNavigation });
      await vi.waitFor(() => expect(router.state.initialized).toBe(true));
      expect(router.state.matches.at(-1)?.route.path, path).toBe(path);
      router.dispose();
    }
  });

  it('HOT-13: the rooms address carries the stay as checkIn and checkOut, and reads back the same', () => {
    const filter = { arrival: '2026-06-10', departure: '2026-06-12', guests: 2 };
    const path = roomsSearchPath(filter);
    expect(path).toBe('/hotel/rooms?checkIn=2026-06-10&checkOut=2026-06-12&guests=2');
    expect(roomsSearchFrom(new URL(path, 'http://localhost').searchParams)).toEqual(filter);
  });
});
