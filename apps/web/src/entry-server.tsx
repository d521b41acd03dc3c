/**
 * Server rendering entry (built by scripts/prerender.mjs with Vite's SSR build, never shipped to
 * the browser). Renders a public route to HTML the way the client's first render will draw it: in
 * the given language, signed-out state pending, and data from the API either not loaded yet
 * (skeletons) or, when the caller passes it, drawn and carried in the page for the client to start
 * from. The build prerenders every public page with it; the API server loads the same bundle to
 * render pages whose content comes from the database (`renderedOnRequest`) again when that
 * content changes, and, for a page drawn from its address's query (/hotel/rooms's search,
 * /delivery's category), for that query. See docs/decisions/008-prerendering.md.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, type Product, type PublicReviews, type Room, type RoomVariant } from '@hotel/domain';
import { allRoutes } from './app/all-routes';
import { prerenderedPages } from './app/route-tables/public-routes';
import { roomsQuery } from './features/hotel/api/get-rooms';
import { variantsQuery } from './features/hotel/api/get-variants';
import { reviewsQuery } from './features/reviews/api/public-reviews';
import { roomFilterFromSearch } from './shared/forms/room-search-form';
import { menuQuery } from './shared/menu/get-menu';
import { appDataScript, type AppData } from './shared/api/app-data';
import { createQueryClient } from './shared/api/query-client';
import { NAMESPACES } from './shared/i18n';
import { HeadCollectorContext, headHtml, type HeadCollector, type HeadData } from './shared/seo/page-meta';
import { SITE_ORIGIN } from './shared/seo/site';

export { prerenderedPages, SITE_ORIGIN, LANGUAGES };

const texts = import.meta.glob<Record<string, unknown>>('./shared/i18n/locales/*/*.json', { eager: true, import: 'default' });

let ready: Promise<unknown> | undefined;

/** i18next with every namespace of both languages in memory, so nothing suspends while rendering. */
function initI18nForPrerender() {
  const resources = Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      Object.fromEntries(NAMESPACES.map((namespace) => [namespace, texts[`./shared/i18n/locales/${language}/${namespace}.json`] ?? {}])),
    ]),
  );
  ready ??= i18next.use(initReactI18next).init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    resources,
    ns: [...NAMESPACES],
    defaultNS: 'account',
    fallbackNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
    initAsync: false,
  });
  return ready;
}

/** API data to draw instead of placeholders, each answer as the API gives it. */
export interface PageData {
  /** GET hotel/rooms/ */
  rooms?: Room[];
  /** GET delivery/products/ */
  menu?: Product[];
  /** GET hotel/reservations/variants/ for the search the path's query names (/hotel/rooms?checkIn&checkOut&guests). */
  variants?: RoomVariant[];
  /** GET reviews/?kind= of the page's kind (stays on /hotel, orders on /delivery). */
  reviews?: PublicReviews;
}

export interface PrerenderedPage {
  /** The markup inside #root. */
  html: string;
  /** Title, description, Open Graph, canonical and JSON-LD tags for <head>. */
  head: string;
  /** The data the markup was drawn with, as a script element for src/main.tsx (empty without data). */
  data: string;
}

/** Where a page template (scripts/prerender.mjs) takes each part of a rendered page. */
const TEMPLATE_SLOT = /<!--app-(head|html|data)-->/g;

/** The document for a page: its template with the rendered parts in place. */
export function fillTemplate(template: string, page: PrerenderedPage): string {
  // One pass, so nothing inserted is searched for slots again.
  return template.replace(TEMPLATE_SLOT, (_slot, part: keyof PrerenderedPage) => page[part]);
}

// The language is i18next's global state: pages render one at a time, or a render could change
// it while another is waiting for its route.
let previous: Promise<unknown> = Promise.resolve();

export function render(path: string, language: Language = DEFAULT_LANGUAGE, data: PageData = {}): Promise<PrerenderedPage> {
  const next = previous.then(() => renderPage(path, language, data));
  previous = next.catch(() => undefined);
  return next;
}

async function renderPage(path: string, language: Language, data: PageData): Promise<PrerenderedPage> {
  await initI18nForPrerender();
  await i18next.changeLanguage(language);
  const handler = createStaticHandler(allRoutes);
  const context = await handler.query(new Request(`${SITE_ORIGIN}${path}`));
  if (context instanceof Response) throw new Error(`${path} answered a redirect (${context.status}); it cannot be prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // Under the keys the client's queries use, so the components draw the data instead of skeletons.
  const seeded: AppData = [];
  if (data.rooms) seeded.push([roomsQuery.queryKey, data.rooms]);
  if (data.menu) seeded.push([menuQuery.queryKey, data.menu]);
  if (data.reviews) seeded.push([reviewsQuery(data.reviews.kind).queryKey, data.reviews]);
  if (data.variants) {
    const filter = roomFilterFromSearch(new URL(path, SITE_ORIGIN).searchParams);
    if (filter) seeded.push([variantsQuery(filter).queryKey, data.variants]);
  }
  const queryClient = createQueryClient();
  for (const [key, value] of seeded) queryClient.setQueryData(key, value);
  const collected: HeadCollector = {};
  const html = renderToString(
    <StrictMode>
      <HeadCollectorContext.Provider value={collected}>
        <QueryClientProvider client={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </QueryClientProvider>
      </HeadCollectorContext.Provider>
    </StrictMode>,
  );
  if (!collected.title || !collected.description) throw new Error(`${path} rendered no PageMeta`);
  return { html, head: headHtml(collected as HeadData), data: appDataScript(seeded) };
}
