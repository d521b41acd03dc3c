/**
 * Server rendering entry (built by scripts/prerender.mjs with Vite's SSR build, never shipped to
 * the browser). Renders a public route to HTML the way the client's first render will draw it: in
 * the given language, signed-out state pending, and data from the API either not loaded yet
 * (skeletons) or, when the caller passes it, drawn and carried in the page for the client to start
 * from. The build prerenders every public page with it; the API server loads the same bundle to
 * render pages whose content comes from the database (`renderedOnRequest`) again when that
 * content changes, and, for a page drawn from its address's query (/hotel/rooms's search,
 * /delivery's category), for that query. See docs/decisions/008-prerendering.md. A page whose
 * query changes only a part of it (/hotel/rooms?checkIn…) is drawn once without that part
 * (`renderShell`) and the part alone for each query (`renderSlot`): docs/decisions/063-search-page-in-parts.md.
 */
import { StrictMode, type ComponentType, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClientProvider } from '@tanstack/react-query';
import { StaticRouter, useRoutes } from 'react-router';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, type Product, type PublicReviews, type Room, type RoomVariant, type Texts } from '@hotel/domain';
import { allRoutes } from './app/all-routes';
import { preloadScreens } from './app/lazy-screen';
import { prerenderedPages } from './app/route-tables/public-routes';
import { roomsQuery } from './features/hotel/api/get-rooms';
import { variantsQuery } from './features/hotel/api/get-variants';
import { reviewsQuery } from './features/reviews/api/public-reviews';
import { RoomsSearchBody } from './routes/hotel/rooms';
import { roomFilterFromSearch } from './shared/forms/room-filter-check';
import { menuQuery } from './shared/menu/get-menu';
import { appDataScript, type AppData } from './shared/api/app-data';
import { createQueryClient } from './shared/api/query-client';
import { i18n, NAMESPACES, type Namespace } from './shared/i18n';
import { pageTextsScript } from './shared/i18n/page-texts';
import { HeadCollectorContext, headHtml, type HeadCollector, type HeadData } from './shared/seo/page-meta';
import { SITE_ORIGIN } from './shared/seo/site';
import { KEPT_MARK, KeptPartsContext, ShellContext, SLOT_MARK, type KeptParts } from './shared/ssr/server-slot';
import { paths } from './shared/paths';

export { prerenderedPages, SITE_ORIGIN, LANGUAGES, SLOT_MARK };

/** Pages drawn in parts: the part their address's query decides (a `ServerSlot` in the page). */
const slots: Record<string, ComponentType> = {
  [paths.hotel.rooms]: RoomsSearchBody,
};

/**
 * Where the address's query goes in a page drawn once (the language switch's links name the page
 * with its query): the query as React writes it in an attribute, `&` as `&amp;`.
 */
export const QUERY_MARK = '\uE000query\uE000';
/** The query a page is drawn once with: it stands for any, and is found again as QUERY_MARK. */
const SHELL_QUERY = 'shell-query-mark';

const texts = import.meta.glob<Texts>('./shared/i18n/locales/*/*.json', { eager: true, import: 'default' });
const textsOf = (language: Language, namespace: Namespace) => texts[`./shared/i18n/locales/${language}/${namespace}.json`] ?? {};

/** The `<script>` with the texts a page of these namespaces needs before it hydrates, in this language (shared/i18n/page-texts.ts). */
export function pageTexts(language: Language, namespaces: Namespace[]): string {
  return pageTextsScript({
    language,
    namespaces: Object.fromEntries(namespaces.map((namespace) => [namespace, textsOf(language, namespace)])),
  });
}

let ready = false;

/** Every namespace of both languages in memory, so nothing suspends while rendering; they never change while the server runs. */
function initI18nForPrerender() {
  if (ready) return;
  for (const language of LANGUAGES) for (const namespace of NAMESPACES) i18n.add(language, namespace, textsOf(language, namespace));
  ready = true;
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

// The language is the translator's global state: pages render one at a time, or a render could change
// it while another is waiting for its route.
let previous: Promise<unknown> = Promise.resolve();

function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const next = previous.then(work);
  previous = next.catch(() => undefined);
  return next;
}

async function inLanguage(language: Language) {
  initI18nForPrerender();
  await i18n.changeLanguage(language);
}

export function render(path: string, language: Language = DEFAULT_LANGUAGE, data: PageData = {}): Promise<PrerenderedPage> {
  return inTurn(() => renderPage(path, language, data));
}

/** Whether the page at this path is drawn in parts (`renderShell`, `renderSlot`). */
export function drawnInParts(pathname: string): boolean {
  return pathname in slots;
}

/**
 * The page at `pathname` for any query: its markup with SLOT_MARK where `renderSlot` draws the
 * query's part and QUERY_MARK where the query goes, its head tags (the same for every query) and
 * no data (the slot carries it).
 */
export function renderShell(pathname: string, language: Language = DEFAULT_LANGUAGE): Promise<PrerenderedPage> {
  if (!drawnInParts(pathname)) throw new Error(`${pathname} is not drawn in parts`);
  return inTurn(async () => {
    const page = await renderPage(`${pathname}?${SHELL_QUERY}`, language, {}, true);
    const html = page.html.replaceAll(`${SHELL_QUERY}=`, QUERY_MARK);
    if (html.includes(SHELL_QUERY) || html.split(SLOT_MARK).length !== 2) throw new Error(`${pathname}'s shell has its query somewhere it cannot be put back, or not one slot`);
    return { ...page, html };
  });
}

/** Kept parts for one language and data version: a room's card part for each room and host name. */
const KEPT_PARTS = 256;

/**
 * The part of the page at `path` (with its query) that the query decides, exactly as `render`
 * draws it inside the page, and the data it was drawn with (the page's data script). `kept` holds
 * the markup of the slot's parts that do not change with the query (`ServerKept`), for this
 * language and data version: the caller keeps it beside the shell and hands it in again; parts it
 * does not hold yet are drawn in place, then alone, and added.
 */
export function renderSlot(
  path: string,
  language: Language = DEFAULT_LANGUAGE,
  data: PageData = {},
  kept: Map<string, string> = new Map(),
): Promise<{ html: string; data: string }> {
  return inTurn(async () => {
    await inLanguage(language);
    const Slot = slots[new URL(path, SITE_ORIGIN).pathname];
    if (!Slot) throw new Error(`${path} is not drawn in parts`);
    const seeded = seededData(path, data);
    const queryClient = createQueryClient();
    for (const [key, value] of seeded) queryClient.setQueryData(key, value);
    const parts: KeptParts = { markup: kept, drawn: new Map(), used: [] };
    const inSlot = (children: ReactNode) =>
      renderToString(
        <StrictMode>
          <QueryClientProvider client={queryClient}>
            <StaticRouter location={path}>{children}</StaticRouter>
          </QueryClientProvider>
        </StrictMode>,
      );
    let html = inSlot(
      <KeptPartsContext.Provider value={parts}>
        <Slot />
      </KeptPartsContext.Provider>,
    );
    if (parts.used.length > 0) html = html.replace(KEPT_MARK, (_mark, index: string) => kept.get(parts.used[Number(index)]!)!);
    for (const [id, children] of parts.drawn) {
      if (kept.size >= KEPT_PARTS) kept.clear();
      kept.set(id, inSlot(children));
    }
    return { html, data: appDataScript(seeded) };
  });
}

/** The data under the keys the client's queries use, so the components draw it instead of skeletons. */
function seededData(path: string, data: PageData): AppData {
  const seeded: AppData = [];
  if (data.rooms) seeded.push([roomsQuery.queryKey, data.rooms]);
  if (data.menu) seeded.push([menuQuery.queryKey, data.menu]);
  if (data.reviews) seeded.push([reviewsQuery(data.reviews.kind).queryKey, data.reviews]);
  if (data.variants) {
    const filter = roomFilterFromSearch(new URL(path, SITE_ORIGIN).searchParams);
    if (filter) seeded.push([variantsQuery(filter).queryKey, data.variants]);
  }
  return seeded;
}

/** Every route: the server draws any page without joining areas as the browser does (app/router.tsx). */
function AllRoutes() {
  return useRoutes(allRoutes);
}

async function renderPage(path: string, language: Language, data: PageData, shell = false): Promise<PrerenderedPage> {
  await inLanguage(language);
  // The screens load first: a screen still loading would be drawn as its fallback.
  const failure = await preloadScreens(allRoutes, new URL(path, SITE_ORIGIN).pathname);
  if (failure !== undefined) throw failure;
  const seeded = seededData(path, data);
  const queryClient = createQueryClient();
  for (const [key, value] of seeded) queryClient.setQueryData(key, value);
  const collected: HeadCollector = {};
  const html = renderToString(
    <StrictMode>
      <ShellContext.Provider value={shell}>
        <HeadCollectorContext.Provider value={collected}>
          <QueryClientProvider client={queryClient}>
            <StaticRouter location={path}>
              <AllRoutes />
            </StaticRouter>
          </QueryClientProvider>
        </HeadCollectorContext.Provider>
      </ShellContext.Provider>
    </StrictMode>,
  );
  if (!collected.title || !collected.description) throw new Error(`${path} rendered no PageMeta`);
  return { html, head: headHtml(collected as HeadData), data: appDataScript(seeded) };
}
