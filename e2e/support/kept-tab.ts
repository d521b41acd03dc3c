/**
 * One browser tab per worker, handed from test to test (decision 027, tenth round).
 *
 * A new browser context costs its first page a new renderer process and a cold cache: measured on
 * a 2-core machine whose page faults are dear, a page load took 1.6–1.7 CPU-seconds in a new
 * context against 0.4 in a tab that had loaded pages before. So a test gets the tab the last test
 * of its worker left, put back to what a new context gives:
 * - no other tabs, cookies, storage (local, session), permissions, listeners or init scripts of the
 *   last test;
 * - a document with no script in it, so nothing of the last page can write to storage or set a
 *   cookie once they are cleared. It is answered by the tab's own route with the security headers
 *   of the site's pages (a page of the site would run the site's scripts): a document whose
 *   cross-origin opener policy differs from the site's (its robots.txt, say) moves the tab to a new
 *   renderer process on the way there and again on the way back, which costs more than a new
 *   context.
 *
 * What cannot be put back uses the tab up, and the next test gets a new context: a clock, routes,
 * another viewport or media, extra headers, exposed functions, being offline, other default
 * timeouts, a visit to another origin, a closed tab, and any test that did not pass. A retry always starts in a new context, so
 * its trace (recorded on the first retry) is the whole story.
 *
 * What a reused tab shares with the last test is what a returning visitor's browser keeps: the
 * HTTP cache (the build's hashed files are immutable; pages and the API are not cached) and the
 * history of the tab.
 */
import type { BrowserContext, Page, TestInfo } from '@playwright/test';

export interface KeptTab {
  /** The context options the tab was made with: a test with other options gets a context of its own. */
  key: string;
  context: BrowserContext;
  page: Page;
  /** Set when the test did something a reset cannot undo. */
  usedUp: boolean;
  /** The base URL's origin, the only one a kept tab may have visited. */
  origin: string;
  /** Init scripts added during the test, removed before the next. */
  scripts: AsyncDisposable[];
  /** The listeners the tab had before any test: the rest are the tests' own. */
  pageListeners: Map<string | symbol, Set<unknown>>;
  contextListeners: Map<string | symbol, Set<unknown>>;
  /** The context's own routing, kept from before the watch marks a test's route as using the tab up. */
  route: BrowserContext['route'];
  unroute: BrowserContext['unroute'];
}

/** The blank document a tab passes through between two tests (see above). */
const RESET_PATH = '/__kept-tab-reset';
const RESET_HEADERS = { 'content-type': 'text/html; charset=utf-8', 'cross-origin-opener-policy': 'same-origin', 'origin-agent-cluster': '?1' };

/** Methods after which the tab is not what a new context gives, and cannot be made so. */
const USES_UP_PAGE = ['route', 'routeFromHAR', 'routeWebSocket', 'setViewportSize', 'emulateMedia', 'setExtraHTTPHeaders', 'exposeFunction', 'exposeBinding', 'setDefaultTimeout', 'setDefaultNavigationTimeout'] as const;
const USES_UP_CONTEXT = ['route', 'routeFromHAR', 'routeWebSocket', 'setExtraHTTPHeaders', 'exposeFunction', 'exposeBinding', 'setOffline', 'setGeolocation', 'setHTTPCredentials', 'setDefaultTimeout', 'setDefaultNavigationTimeout'] as const;
const USES_UP_CLOCK = ['install', 'fastForward', 'pauseAt', 'resume', 'runFor', 'setFixedTime', 'setSystemTime'] as const;

function listenersOf(emitter: Page | BrowserContext): Map<string | symbol, Set<unknown>> {
  const emitterWithNames = emitter as unknown as { eventNames(): (string | symbol)[]; listeners(event: string | symbol): unknown[] };
  return new Map(emitterWithNames.eventNames().map((event) => [event, new Set(emitterWithNames.listeners(event))]));
}

function removeListenersSince(emitter: Page | BrowserContext, before: Map<string | symbol, Set<unknown>>) {
  const typed = emitter as unknown as {
    eventNames(): (string | symbol)[];
    listeners(event: string | symbol): ((...args: unknown[]) => void)[];
    off(event: string | symbol, listener: (...args: unknown[]) => void): void;
  };
  for (const event of typed.eventNames()) {
    const kept = before.get(event);
    for (const listener of typed.listeners(event)) if (!kept?.has(listener)) typed.off(event, listener);
  }
}

/** Wraps the tab's methods so that a test's use of one that cannot be undone is noticed. */
function watch(tab: KeptTab) {
  const useUp = <T extends object>(target: T, names: readonly string[]) => {
    for (const name of names) {
      const original = (target as Record<string, unknown>)[name];
      if (typeof original !== 'function') continue;
      (target as Record<string, unknown>)[name] = (...args: unknown[]) => {
        tab.usedUp = true;
        return (original as (...a: unknown[]) => unknown).apply(target, args);
      };
    }
  };
  useUp(tab.page, USES_UP_PAGE);
  useUp(tab.context, USES_UP_CONTEXT);
  useUp(tab.context.clock, USES_UP_CLOCK);
  // Init scripts are the one thing tests add all the time (the interface language): each is kept
  // to be removed, not a reason to give the tab up.
  for (const target of [tab.page, tab.context]) {
    const original = target.addInitScript.bind(target) as (...args: unknown[]) => Promise<AsyncDisposable>;
    (target as unknown as Record<string, unknown>).addInitScript = async (...args: unknown[]) => {
      const disposable = await original(...args);
      tab.scripts.push(disposable);
      return disposable;
    };
  }
  tab.page.on('framenavigated', (frame) => {
    if (frame !== tab.page.mainFrame()) return;
    const url = frame.url();
    if (url.startsWith('http') && new URL(url).origin !== tab.origin) tab.usedUp = true;
  });
  tab.page.on('close', () => (tab.usedUp = true));
}

/** A tab in a context of its own, watched for what would use it up. */
export async function newTab(context: BrowserContext, key: string, baseURL: string): Promise<KeptTab> {
  const page = await context.newPage();
  const tab: KeptTab = {
    key,
    context,
    page,
    usedUp: false,
    origin: new URL(baseURL).origin,
    scripts: [],
    pageListeners: new Map(),
    contextListeners: new Map(),
    route: context.route.bind(context),
    unroute: context.unroute.bind(context),
  };
  watch(tab);
  tab.pageListeners = listenersOf(page);
  tab.contextListeners = listenersOf(context);
  return tab;
}

/** Puts a tab the last test left back to what a new context gives; false if it cannot be. */
export async function resetTab(tab: KeptTab): Promise<boolean> {
  if (tab.usedUp || tab.page.isClosed()) return false;
  try {
    for (const other of tab.context.pages()) if (other !== tab.page) await other.close();
    removeListenersSince(tab.page, tab.pageListeners);
    removeListenersSince(tab.context, tab.contextListeners);
    for (const script of tab.scripts.splice(0)) await script[Symbol.asyncDispose]();
    // First away from the last page, so none of its scripts or requests runs on to write what is
    // cleared next.
    const reset = `${tab.origin}${RESET_PATH}`;
    await tab.route(reset, (route) => route.fulfill({ status: 200, headers: RESET_HEADERS, body: '<!doctype html><title></title>' }));
    await tab.page.goto(reset, { waitUntil: 'commit' });
    await tab.unroute(reset);
    await tab.page.evaluate(() => {
      window.localStorage.clear();
      window.sessionStorage.clear();
    });
    await tab.context.clearCookies();
    await tab.context.clearPermissions();
    await tab.page.mouse.move(0, 0);
    return !tab.usedUp;
  } catch {
    return false;
  }
}

/** Whether the tab may go to the next test. */
export function keepAfter(tab: KeptTab, testInfo: TestInfo): boolean {
  return !tab.usedUp && !tab.page.isClosed() && testInfo.status === testInfo.expectedStatus && testInfo.status === 'passed';
}
