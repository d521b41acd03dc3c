import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths, roomsSearchFrom, roomsSearchPath } from '../shared/paths';
import { allRoutes as routes } from './all-routes';
import { browserRoutesNow, prepareRoutes, startingRoutes } from './router';

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

  it("the account, the admin area, the booking's steps and the cart join the browser's router on the way in: their screens are not in its first table", async () => {
    const joined = [paths.admin.orders, paths.account.reviews, paths.hotel.payment, paths.deliveryCart, paths.cart];
    for (const path of joined) expect(matchRoutes(startingRoutes, path)?.at(-1)?.route.path, path).toBe('*');
    for (const path of joined) {
      expect(await prepareRoutes(path), path).toBeUndefined();
      expect(matchRoutes(browserRoutesNow(), path)?.at(-1)?.route.path, path).toBe(path);
    }
  }, 30_000);

  it('HOT-13: the rooms address carries the stay as checkIn and checkOut, and reads back the same', () => {
    const filter = { arrival: '2026-06-10', departure: '2026-06-12', guests: 2 };
    const path = roomsSearchPath(filter);
    expect(path).toBe('/hotel/rooms?checkIn=2026-06-10&checkOut=2026-06-12&guests=2');
    expect(roomsSearchFrom(new URL(path, 'http://localhost').searchParams)).toEqual(filter);
  });
});
