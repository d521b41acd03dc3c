/** The public site's pages (inside the site header and footer). */
import type { AppRoute } from '../lazy-screen';
import { drawnWithoutQueries, isDrawnWithoutQueries } from '../../shared/api/query-client-gate';
import type { Namespace } from '../../shared/i18n';
import { paths } from '../../shared/paths';

// Its rooms come when they are near (routes/home.tsx): the first visit does not wait for the query client.
const loadHome = drawnWithoutQueries(() => import('../../routes/home'));

export const publicRoutes: AppRoute[] = [
  { index: true, lazy: loadHome },
  { path: paths.restaurant, lazy: () => import('../../routes/restaurant') },
  { path: paths.restaurantBook, lazy: () => import('../../routes/restaurant-book') },
  { path: paths.restaurantBookConfirm, lazy: () => import('../../routes/restaurant-book-confirm') },
  { path: paths.cafe, lazy: () => import('../../routes/cafe') },
  { path: paths.banquet, lazy: () => import('../../routes/banquet') },
  { path: paths.events, lazy: () => import('../../routes/events') },
  { path: paths.delivery, lazy: () => import('../../routes/delivery') },
  { path: paths.terms, lazy: () => import('../../routes/terms') },
  { path: paths.contacts, lazy: () => import('../../routes/contacts') },
];

interface PrerenderedPage {
  path: string;
  /** The route's source file: the prerender links its CSS and preloads its code (Vite's manifest). */
  module: string;
  /** Translation namespaces needed before hydrating, so the first client render matches the HTML. */
  namespaces: Namespace[];
  /**
   * The page shows data from the database: the API server renders it again, with that data, when
   * it changes (apps/api/src/plugins/rendered-pages.ts); the build's copy, with skeletons, is the
   * fallback.
   */
  renderedOnRequest?: boolean;
  /**
   * The route does not wait for the query client before its first render (app/router.tsx): the
   * page does not name the client's code among what it loads before it is live; every other page does.
   */
  drawnWithoutQueries?: boolean;
}

/**
 * The pages prerendered at build time (scripts/prerender.mjs), listed in the sitemap and hydrated
 * by src/main.tsx.
 */
export const prerenderedPages: PrerenderedPage[] = [
  { path: paths.home, module: 'src/routes/home.tsx', namespaces: ['common', 'about'], drawnWithoutQueries: isDrawnWithoutQueries(loadHome) },
  { path: paths.restaurant, module: 'src/routes/restaurant.tsx', namespaces: ['common', 'restaurant'] },
  { path: paths.cafe, module: 'src/routes/cafe.tsx', namespaces: ['common', 'restaurant'] },
  { path: paths.banquet, module: 'src/routes/banquet.tsx', namespaces: ['common', 'restaurant'] },
  { path: paths.events, module: 'src/routes/events.tsx', namespaces: ['common', 'restaurant'] },
  { path: paths.delivery, module: 'src/routes/delivery.tsx', namespaces: ['common', 'restaurant', 'reviews'], renderedOnRequest: true },
  { path: paths.terms, module: 'src/routes/terms.tsx', namespaces: ['common', 'pages'] },
  { path: paths.contacts, module: 'src/routes/contacts.tsx', namespaces: ['common', 'about', 'pages'] },
  // Drawn on request with the hotel's day in its form, which posts without scripts (issue 48, point 11).
  { path: paths.restaurantBook, module: 'src/routes/restaurant-book.tsx', namespaces: ['common', 'restaurant'], renderedOnRequest: true },
  { path: paths.hotel.root, module: 'src/routes/hotel/index.tsx', namespaces: ['common', 'hotel', 'reviews'], renderedOnRequest: true },
  // Drawn on request from its query (the search), so a search sent without scripts shows its results.
  { path: paths.hotel.rooms, module: 'src/routes/hotel/rooms.tsx', namespaces: ['common', 'hotel', 'rates'], renderedOnRequest: true },
];
