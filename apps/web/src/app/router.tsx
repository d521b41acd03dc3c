/**
 * The route table. A screen's route is registered when the screen exists; unknown paths follow
 * the spec's redirect rules (app/redirects.ts). Route modules are lazy, so the first visit to a
 * page downloads only that page's code. Each area keeps its route table in app/route-tables/; the screens themselves are in src/routes/.
 *
 * The browser starts with the public pages only: the tables of sign-in, the account, the admin
 * area, the booking's steps and the cart (their paths, guards and the list of each screen's files)
 * join the router the first time a navigation goes there (`prepareRoutes` before the first render,
 * `AppRoutes` on a navigation), so a guest's first visit does not carry them. The server and the tests take the whole table from app/all-routes.tsx. A new area's table
 * is registered here, in AREAS; a new screen of an area, in that area's table.
 */
import { useSyncExternalStore } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { isDrawnWithoutQueries, withQueryClient } from '../shared/api/query-client-gate';
import { paths } from '../shared/paths';
import { preloadScreens, toRouteObjects, type AppRoute, type LoadScreen } from './lazy-screen';
import { PublicLayout } from './public-layout';
import { redirectFor } from './redirects';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { RouteErrorBoundary } from './route-error-boundary';
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
export function rootRoutes(areas: AppRoute[], siteAreas: AppRoute[] = []): AppRoute[] {
  return [
    {
      id: ROOT_ID,
      element: (
        <RouteErrorBoundary>
          <RootLayout />
        </RouteErrorBoundary>
      ),
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
 * home page) does not wait for it. One wrapper per screen, so a screen loaded once stays loaded
 * when the table grows.
 */
const withClient = new WeakMap<LoadScreen, LoadScreen>();
function withQueries(table: AppRoute[]): AppRoute[] {
  return table.map(({ lazy, children, ...route }) => {
    let load = lazy;
    if (lazy && !isDrawnWithoutQueries(lazy)) {
      load = withClient.get(lazy) ?? withQueryClient(lazy);
      withClient.set(lazy, load);
    }
    return { ...route, ...(load ? { lazy: load } : {}), ...(children ? { children: withQueries(children) } : {}) };
  });
}

const loadAuthRoutes = async () => (await import('./route-tables/auth-routes')).authRoutes;
const loadBookingRoutes = async () => (await import('./route-tables/booking-routes')).bookingRoutes;
const loadCartRoutes = async () => (await import('./route-tables/delivery-routes')).deliveryRoutes;
const loadAccountRoutes = async () => (await import('./route-tables/account-routes')).accountRoutes;
const loadAdminRoutes = async () => (await import('./route-tables/admin-routes')).adminRoutes;
/** Each area: the path it starts at, its table, and the route it joins (the site's frame, or the root). */
const AREAS = [
  { root: paths.auth.root, load: loadAuthRoutes, parent: ROOT_ID },
  { root: paths.auth.googleCallback, load: loadAuthRoutes, parent: ROOT_ID },
  { root: paths.auth.yandexCallback, load: loadAuthRoutes, parent: ROOT_ID },
  { root: paths.account.root, load: loadAccountRoutes, parent: ROOT_ID },
  { root: paths.admin.root, load: loadAdminRoutes, parent: ROOT_ID },
  { root: paths.hotel.guests, load: loadBookingRoutes, parent: SITE_ID },
  { root: paths.hotel.payment, load: loadBookingRoutes, parent: SITE_ID },
  { root: paths.deliveryCart, load: loadCartRoutes, parent: SITE_ID },
  { root: paths.cart, load: loadCartRoutes, parent: SITE_ID },
];
type Area = (typeof AREAS)[number];

/*
 * The browser's route table. It starts with the public pages; an area's table joins it the first
 * time an address in the area is shown (before the first render, or while the navigation there
 * waits in a transition), so a guest's first visit does not carry the account's or the admin's.
 */
const joined = new Map<Area['load'], { parent: string; table: AppRoute[] }>();
const joining = new Map<Area['load'], Promise<void>>();
/** Areas whose table failed to load (a chunk gone with a deployment, no connection): their error page shows. */
const failed = new Map<Area['load'], unknown>();
let browserRoutes: RouteObject[] = toRouteObjects(withQueries(rootRoutes([])));
const listeners = new Set<() => void>();

/** The browser's first table: the public pages and the catch-all. */
export const startingRoutes = browserRoutes;

function rebuild() {
  const tables = [...joined.values()];
  const under = (parent: string) => tables.filter((each) => each.parent === parent).flatMap((each) => each.table);
  browserRoutes = toRouteObjects(withQueries(rootRoutes(under(ROOT_ID), under(SITE_ID))));
  for (const listener of listeners) listener();
}

/** The area an address belongs to, if any. */
function areaOf(pathname: string): Area | undefined {
  return AREAS.find(({ root }) => pathname === root || pathname.startsWith(`${root}/`));
}

/** Adds the area's table (once); settles when it has joined or failed to load, never rejects. */
function join(area: Area): Promise<void> {
  let promise = joining.get(area.load);
  if (!promise) {
    promise = area.load().then(
      (table) => {
        joined.set(area.load, { parent: area.parent, table });
        rebuild();
      },
      (error: unknown) => {
        failed.set(area.load, error);
        for (const listener of listeners) listener();
      },
    );
    joining.set(area.load, promise);
  }
  return promise;
}

/**
 * Makes the browser's table ready for an address: its area joined and its screens' code loaded.
 * Answers the error the code failed to load with (a chunk gone with a deployment), if it did.
 */
export async function prepareRoutes(pathname: string): Promise<unknown> {
  const area = areaOf(pathname);
  if (area) {
    await join(area);
    if (failed.has(area.load)) return failed.get(area.load);
  }
  return preloadScreens(browserRoutes, pathname);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
/** The browser's table as it is now, with the areas joined so far. */
export const browserRoutesNow = () => browserRoutes;

/** The browser's routes. An address in an area not joined yet waits (suspends) until it has. */
export function AppRoutes() {
  const routes = useSyncExternalStore(subscribe, browserRoutesNow, browserRoutesNow);
  const { pathname } = useLocation();
  const element = useRoutes(routes);
  const area = areaOf(pathname);
  if (area && failed.has(area.load)) return <RouteError error={failed.get(area.load)} />;
  if (area && !joined.has(area.load)) throw join(area);
  return element;
}
