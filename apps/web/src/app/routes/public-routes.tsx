/** The public site's pages (inside the site header and footer). */
import type { RouteObject } from 'react-router';
import type { Namespace } from '../../shared/i18n';

export const publicRoutes: RouteObject[] = [
  { index: true, lazy: () => import('../../routes/home') },
  { path: 'restaurant', lazy: () => import('../../routes/restaurant') },
  { path: 'cafe', lazy: () => import('../../routes/cafe') },
  { path: 'banquet', lazy: () => import('../../routes/banquet') },
  { path: 'events', lazy: () => import('../../routes/events') },
  { path: 'delivery', lazy: () => import('../../routes/delivery') },
  { path: 'terms', lazy: () => import('../../routes/terms') },
  { path: 'contacts', lazy: () => import('../../routes/contacts') },
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
}

/**
 * The pages prerendered at build time (scripts/prerender.mjs), listed in the sitemap and hydrated
 * by src/main.tsx.
 */
export const prerenderedPages: PrerenderedPage[] = [
  { path: '/', module: 'src/routes/home.tsx', namespaces: ['common', 'about', 'hotel'] },
  { path: '/restaurant', module: 'src/routes/restaurant.tsx', namespaces: ['common', 'restaurant'] },
  { path: '/cafe', module: 'src/routes/cafe.tsx', namespaces: ['common', 'restaurant'] },
  { path: '/banquet', module: 'src/routes/banquet.tsx', namespaces: ['common', 'restaurant'] },
  { path: '/events', module: 'src/routes/events.tsx', namespaces: ['common', 'restaurant'] },
  { path: '/delivery', module: 'src/routes/delivery.tsx', namespaces: ['common', 'restaurant'], renderedOnRequest: true },
  { path: '/terms', module: 'src/routes/terms.tsx', namespaces: ['common', 'about'] },
  { path: '/contacts', module: 'src/routes/contacts.tsx', namespaces: ['common', 'about'] },
  { path: '/hotel', module: 'src/routes/hotel/index.tsx', namespaces: ['common', 'hotel'], renderedOnRequest: true },
];
