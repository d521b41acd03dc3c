import { startTransition, StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import './shared/styles/global.css';
import { LazyQueryClientProvider, loadQueryClient } from './shared/api/query-client-gate';
import { i18n, initI18n, savedLanguage } from './shared/i18n';
import { trackHydration } from './shared/hydration/hydration';
import { HydrationRoot } from './shared/hydration/hydrate-later';
import { HeadCollectorContext } from './shared/seo/page-meta';
import { AppRoutes, prepareRoutes } from './app/router';
import { prerenderedPages } from './app/route-tables/public-routes';
import { replayEarlyTaps } from './shared/hydration/early-taps';

/** How long the page's modules may run in one task before the next file waits for a task of its own (real time, not a phone's). */
const TASK_SLICE_MS = 8;

/**
 * Runs the page's modules one file to a task, in the order the page names them
 * (scripts/prerender.mjs: each file after the files it imports). Run in one go when the route's
 * screen is imported, the files of a form (zod, the domain's schemas, the form library) held the
 * main thread for some 100 ms on a phone, a task long enough to delay a tap. A file that fails to
 * load is left to the route's own loading, which shows the error page.
 */
async function runModulesApart() {
  const files = document.querySelector<HTMLMetaElement>('meta[name="app-modules"]')?.content.split(' ').filter(Boolean) ?? [];
  try {
    let taskStart = performance.now();
    for (const file of files) {
      await import(/* @vite-ignore */ file);
      // A file already fetched runs in the task that asked for it: after files that took a while,
      // the next waits for a task of its own. Small files share one.
      if (performance.now() - taskStart < TASK_SLICE_MS) continue;
      await new Promise((resolve) => setTimeout(resolve));
      taskStart = performance.now();
    }
  } catch {
    // The route's loader meets the same failure and draws the error page.
  }
}

// Start-up is a function, not top-level await: the lazy route modules import the chunk this
// module is bundled into (vite.config.ts), and a module cannot wait for one that waits for it.
async function start() {
  // Public pages arrive prerendered (scripts/prerender.mjs, docs/decisions/008-prerendering.md):
  // #root then holds their markup, data-prerendered names the path and data-language the language
  // it was rendered in (the server picks it by the language cookie).
  const container = document.getElementById('root')!;
  const path = location.pathname.replace(/(.)\/+$/, '$1');
  const language = savedLanguage();
  const page = prerenderedPages.find((candidate) => candidate.path === path);
  const canHydrate = container.dataset.prerendered === path && container.dataset.language === language;

  await initI18n(language);
  // The route's texts must be in memory before the first render, or it would suspend and differ
  // from the prerendered HTML (and an English visitor would wait on a blank page longer).
  if (page) await i18n.loadNamespaces(page.namespaces);

  // The address's screens load before the first render, so it draws the page, not a fallback; a
  // screen whose code failed to load draws the error page (app/route-error.tsx) in its place.
  if (canHydrate) await runModulesApart();
  const failure = await prepareRoutes(path);

  const app = (
    <StrictMode>
      <HeadCollectorContext.Provider value={null}>
        {/* The query client comes with the route's code (app/router.tsx), or after the page is live. */}
        <LazyQueryClientProvider>
          <HydrationRoot>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </HydrationRoot>
        </LazyQueryClientProvider>
      </HeadCollectorContext.Provider>
    </StrictMode>
  );

  // The one error boundary, the route's (app/route-error-boundary.tsx), shows the error page, which
  // logs the cause itself unless the page is loading again for a new build: React need not log it too.
  const options = { onCaughtError() {} };
  let hydrated: Promise<void> = Promise.resolve();
  // A screen that failed to load (its chunk gone with a deployment) draws the error page
  // (app/route-error.tsx), not the markup the server sent: drawn afresh, not hydrated.
  if (canHydrate && failure === undefined) {
    // As a transition, hydration yields to the browser every few milliseconds instead of holding
    // the main thread for the whole page; each Suspense boundary (the header, every section, the
    // footer: shared/hydration/) hydrates after the frame, and a tap on one hydrates it first.
    hydrated = trackHydration(() => startTransition(() => void hydrateRoot(container, app, options)));
  } else {
    container.replaceChildren();
    const root = createRoot(container, options);
    // Rendered at once, so the page is in the visitor's language before boot.js's veil is lifted below.
    flushSync(() => root.render(app));
  }
  document.documentElement.classList.remove('lang-pending');
  // The prerendered HTML keeps the session spinner hidden (index.html); now that the app runs it may show.
  delete container.dataset.prerendered;
  delete container.dataset.language;

  // A mark that the app has taken over the whole page, effects included: the end-to-end tests wait
  // for it before they click, since a click on markup not hydrated yet may do nothing.
  await hydrated;
  requestAnimationFrame(() =>
    setTimeout(() => {
      document.documentElement.dataset.hydrated = 'true';
      // What the guest tapped before the app was live, now carried out (public/boot.js kept it).
      replayEarlyTaps();
      // Also a user timing: `npm run bench:lighthouse` rejects a run in which the app never started.
      performance.mark('app-hydrated');
      // On a slow connection the web fonts waited for this moment (public/boot.js): they come now.
      window.__fontsNow?.();
      // A page drawn without server data (home) has not needed the query client yet: the next
      // screen will, so it loads now rather than on the first tap.
      void loadQueryClient();
    }),
  );
}

void start();
