/**
 * The route table. A screen's route is registered when the screen exists; unknown paths follow
 * the spec's redirect rules (app/redirects.ts). Route modules are lazy, so the first visit to a
 * page downloads only that page's code. Each area keeps its route table in app/route-tables/; the screens themselves are in src/routes/.
 *
 * The browser starts with the public pages only: the tables of sign-in, the account, the admin
 * area, the booking's steps and the cart (their paths, guards and the list of each screen's files)
 * join the router the first time a navigation goes there (`patchRoutesOnNavigation`, the first
 * render's included), so a guest's first visit does not carry them. The server and the tests take the whole table from app/all-routes.tsx. A new area's table
 * is registered here, in AREAS; a new screen of an area, in that area's table.
 */
import { Navigate, useLocation, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { isDrawnWithoutQueries, withQueryClient } from '../shared/api/query-client-gate';
import { paths } from '../shared/paths';
import { PublicLayout } from './public-layout';
import { redirectFor } from './redirects';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { hotelRoutes } from './route-tables/hotel-routes';
import { publicRoutes } from './route-tables/public-routes';

const ROOT_ID = 'root';
/** The site's frame (header and footer), around the public pages, the booking's steps and the cart. */
const SITE_ID = 'site';

function UnknownPath() {
  const { pathname } = useLocation();
  return <Navigate to={redirectFor(pathname)} replace />;
}

/** The whole tree with these areas beside the public pages (`siteAreas` inside the site's frame with them). */
export function rootRoutes(areas: RouteObject[], siteAreas: RouteObject[] = []): RouteObject[] {
  return [
    {
      id: ROOT_ID,
      element: <RootLayout />,
      errorElement: <RouteError />,
      children: [
        { id: SITE_ID, element: <PublicLayout />, children: [...publicRoutes, ...hotelRoutes, ...siteAreas] },
        ...areas,
        { path: '*', element: <UnknownPath /> },
      ],
    },
  ];
}

/**
 * In the browser, a route's code loads together with the query client (shared/api/query-client-gate.tsx),
 * so a screen may ask for data from its first render; a route marked `drawnWithoutQueries` (the
 * home page) does not wait for it.
 */
function withQueries(table: RouteObject[]): RouteObject[] {
  return table.map((route) => {
    const lazy = typeof route.lazy === 'function' && !isDrawnWithoutQueries(route.lazy) ? withQueryClient(route.lazy) : route.lazy;
    return { ...route, lazy, ...(route.children ? { children: withQueries(route.children) } : {}) } as RouteObject;
  });
}

/** What the browser's router starts with. */
export const routes = withQueries(rootRoutes([]));

const loadAuthRoutes = async () => (await import('./route-tables/auth-routes')).authRoutes;
const loadBookingRoutes = async () => (await import('./route-tables/booking-routes')).bookingRoutes;
const loadCartRoutes = async () => (await import('./route-tables/delivery-routes')).deliveryRoutes;
/** Each area: the path it starts at, its table, and the route it joins (the site's frame, or the root). */
const AREAS = [
  { root: paths.auth.root, load: loadAuthRoutes, parent: ROOT_ID },
  { root: paths.auth.googleCallback, load: loadAuthRoutes, parent: ROOT_ID },
  { root: paths.auth.yandexCallback, load: loadAuthRoutes, parent: ROOT_ID },
  { root: paths.account.root, load: async () => (await import('./route-tables/account-routes')).accountRoutes, parent: ROOT_ID },
  { root: paths.admin.root, load: async () => (await import('./route-tables/admin-routes')).adminRoutes, parent: ROOT_ID },
  { root: paths.hotel.guests, load: loadBookingRoutes, parent: SITE_ID },
  { root: paths.hotel.payment, load: loadBookingRoutes, parent: SITE_ID },
  { root: paths.deliveryCart, load: loadCartRoutes, parent: SITE_ID },
  { root: paths.cart, load: loadCartRoutes, parent: SITE_ID },
];

/**
 * Adds an area's routes before a navigation into it is matched (React Router asks whenever a path
 * matches nothing better than the catch-all). Patching the same routes again changes nothing.
 */
export const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  const pathname = new URL(path, 'http://app').pathname;
  const area = AREAS.find(({ root }) => pathname === root || pathname.startsWith(`${root}/`));
  if (area) patch(area.parent, withQueries(await area.load()));
};
