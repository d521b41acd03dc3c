/**
 * Prerendering entry (built by scripts/prerender.mjs with Vite's SSR build, never shipped to the
 * browser). Renders a public route to HTML the way the client's first render will draw it: in
 * the given language, signed-out state pending, data from the API not loaded yet (skeletons). See
 * docs/decisions/008-prerendering.md.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@hotel/domain';
import { routes } from './app/router';
import { prerenderedPages } from './app/routes/public-routes';
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

export interface PrerenderedPage {
  /** The markup inside #root. */
  html: string;
  /** Title, description, Open Graph, canonical and JSON-LD tags for <head>. */
  head: string;
}

export async function render(path: string, language: Language = DEFAULT_LANGUAGE): Promise<PrerenderedPage> {
  await initI18nForPrerender();
  await i18next.changeLanguage(language);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`${SITE_ORIGIN}${path}`));
  if (context instanceof Response) throw new Error(`${path} answered a redirect (${context.status}); it cannot be prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const collected: HeadCollector = {};
  const html = renderToString(
    <StrictMode>
      <HeadCollectorContext.Provider value={collected}>
        <QueryClientProvider client={createQueryClient()}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </QueryClientProvider>
      </HeadCollectorContext.Provider>
    </StrictMode>,
  );
  if (!collected.title || !collected.description) throw new Error(`${path} rendered no PageMeta`);
  return { html, head: headHtml(collected as HeadData) };
}
