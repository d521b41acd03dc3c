// `npm run bench:interactive`: how soon the public pages answer a guest's tap. For each page, in
// Debian's Chromium at 375 px with a 4× slower CPU and slow 4G (the conditions of Lighthouse's
// mobile run, applied as DevTools throttling), it measures
//   - when the page's first control is visible (ms from navigation start),
//   - when the app has hydrated (the `app-hydrated` mark main.tsx sets),
//   - and what a tap made the moment that control is visible did once the page settled.
// The gap between the first two is the window in which a tap may be lost; the third column says
// whether it was. Runs against the current build (`npm run build` first) on a fresh data folder.
// Options: --runs=N (default 3; the median run is shown), --pages=/hotel,/delivery.
import { chromium } from '@playwright/test';
import { startServer } from './lib/start-server.mjs';

const args = new Map(process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=')).map(([k, v]) => [k, v ?? true]));
const runs = Math.max(1, Number(args.get('runs') ?? 3));

/** The hotel's calendar day (Europe/Minsk), `offset` days from today, as YYYY-MM-DD. */
const hotelDay = (offset) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Minsk' }).format(Date.now() + offset * 86_400_000);

/** The side menu's code loads on its first opening: a tap that opens it shows it a moment later. */
const menuOpened = (page) =>
  page
    .locator('#side-menu')
    .waitFor({ state: 'visible', timeout: 5_000 })
    .then(() => 'opened')
    .catch(() => 'lost');

// Each page's first control a guest would tap, and how to tell that the tap did what it says.
const CASES = {
  '/': {
    control: (page) => page.locator('header [aria-controls="side-menu"]'),
    what: 'menu',
    async outcome(page) {
      return menuOpened(page);
    },
  },
  '/restaurant': {
    control: (page) => page.locator('header [aria-controls="side-menu"]'),
    what: 'menu',
    async outcome(page) {
      return menuOpened(page);
    },
  },
  '/hotel': {
    control: (page) => page.getByTestId('room-search').locator('button[type="submit"]'),
    what: 'search',
    async outcome(page) {
      // A search tapped before the form's rule has come is sent once it has (decision 075): a
      // round trip after the page is live, on a slow line.
      await page.waitForURL((address) => address.pathname === '/hotel/rooms', { timeout: 5_000, waitUntil: 'commit' }).catch(() => {});
      const url = new URL(page.url());
      if (url.pathname !== '/hotel/rooms') return `stayed on ${url.pathname}`;
      const [checkIn, checkOut] = [url.searchParams.get('checkIn'), url.searchParams.get('checkOut')];
      return checkIn === hotelDay(1) && checkOut === hotelDay(2) ? 'results' : `wrong dates ${checkIn}…${checkOut}`;
    },
  },
  '/delivery': {
    control: (page) => page.getByTestId('add-to-cart').first(),
    what: '+ dish',
    async outcome(page) {
      // The cart store writes localStorage on every change; give a replayed tap the time to land.
      const items = await page
        .waitForFunction(
          () => {
            const cart = JSON.parse(localStorage.getItem('cartState') ?? 'null');
            const count = (cart?.items ?? cart?.state?.items ?? []).length;
            return count > 0 ? count : null;
          },
          undefined,
          { timeout: 3_000 },
        )
        .then(() => true)
        .catch(() => false);
      return items ? 'in the cart' : 'lost';
    },
  },
};
const pages = typeof args.get('pages') === 'string' ? args.get('pages').split(',') : Object.keys(CASES);

const server = await startServer({ env: { RATE_LIMIT_PER_MINUTE: '100000' }, prefix: 'hotel-interactive-' });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

/** A fresh phone-sized context with the throttling of Lighthouse's mobile run, and its page. */
async function throttledPage() {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  // Lighthouse's "slow 4G" as DevTools applies it: 562.5 ms round trip, 1.47 Mbit/s down, 675 kbit/s up.
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 562.5,
    downloadThroughput: (1474.56 * 1024) / 8,
    uploadThroughput: (675 * 1024) / 8,
  });
  return { context, page };
}

const isHydrated = () => document.documentElement.dataset.hydrated === 'true';

/**
 * Two loads of the page: one only watched (when the control shows, when the app is live), and
 * one where the control is tapped the moment it shows, judged once the page has settled.
 */
async function measure(path) {
  const spec = CASES[path];
  const watched = await throttledPage();
  await watched.page.goto(path, { waitUntil: 'commit' });
  await spec.control(watched.page).waitFor({ state: 'visible', timeout: 60_000 });
  const visibleAt = await watched.page.evaluate(() => performance.now());
  await watched.page.waitForFunction(isHydrated, undefined, { timeout: 60_000 });
  const hydratedAt = await watched.page.evaluate(() => performance.getEntriesByName('app-hydrated')[0]?.startTime ?? performance.now());
  await watched.context.close();

  const tapped = await throttledPage();
  await tapped.page.goto(path, { waitUntil: 'commit' });
  const control = spec.control(tapped.page);
  await control.waitFor({ state: 'visible', timeout: 60_000 });
  const liveAtTap = await tapped.page.evaluate(isHydrated);
  await control.tap({ noWaitAfter: true, timeout: 5_000 });
  // Wherever the tap led, the page there (or this one) finishes starting before it is judged.
  await tapped.page.waitForLoadState('domcontentloaded');
  await tapped.page.waitForFunction(isHydrated, undefined, { timeout: 60_000 });
  const outcome = await spec.outcome(tapped.page);
  await tapped.context.close();
  return { visibleAt, hydratedAt, liveAtTap, outcome };
}

const rows = [];
try {
  for (const path of pages) {
    if (!CASES[path]) throw new Error(`No case for ${path}; known: ${Object.keys(CASES).join(', ')}`);
    const results = [];
    for (let run = 0; run < runs; run += 1) results.push(await measure(path));
    results.sort((a, b) => a.hydratedAt - b.hydratedAt);
    const median = results[Math.floor(results.length / 2)];
    rows.push({ path, what: CASES[path].what, ...median, outcomes: results.map((result) => result.outcome) });
  }
} finally {
  await browser.close();
  await server.stop();
}

console.log(`\n375 px, CPU ×4, slow 4G; median of ${runs} run(s) by the hydrated time`);
console.log('page          control   visible   hydrated   window   early tap');
let lost = false;
for (const row of rows) {
  const window = `${Math.max(0, Math.round(row.hydratedAt - row.visibleAt))} ms`;
  const tally = [...new Set(row.outcomes)].map((outcome) => `${outcome} ×${row.outcomes.filter((each) => each === outcome).length}`).join(', ');
  console.log(
    `${row.path.padEnd(13)} ${row.what.padEnd(9)} ${`${Math.round(row.visibleAt)} ms`.padStart(8)} ${`${Math.round(row.hydratedAt)} ms`.padStart(10)} ${window.padStart(8)}   ${tally}${row.liveAtTap ? ' (the page was already live)' : ''}`,
  );
  if (row.outcomes.some((outcome) => !['opened', 'results', 'in the cart'].includes(outcome))) lost = true;
}
console.log(lost ? '\nSome early taps did not do what they say.' : '\nEvery early tap did what it says.');
if (lost) process.exitCode = 1;
