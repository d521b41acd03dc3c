/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser) against the built app,
 * started as `npm start` starts it, on a throw-away data folder (see global-setup.ts).
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import { defineConfig, devices } from '@playwright/test';

// Debian's headless shell (decision 028): the same Chromium without the windowing browser's GPU
// process and compositor, about a third less time per test on two cores. The full browser is the
// fallback where the shell is not installed.
const headlessShell = '/usr/bin/chromium-headless-shell';
export const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  // Two at least, as on CI: Playwright's own default (half the cores) left one browser on a 2-core
  // machine, and `npm test` there took 14 minutes with a core idle for a quarter of them.
  workers: Math.max(2, Math.floor(os.availableParallelism() / 2)),
  forbidOnly: Boolean(process.env.CI),
  // One retry on CI only: a 2-core runner under full load can miss a frame; a test that needed it
  // is reported as flaky in the summary, so it stays visible.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON ?? 'test-results/playwright.json' }]]
    : [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // A trace records every step's screenshots and DOM; recorded for every test and thrown away
    // when it passed, it cost about a quarter of the run's CPU, on CI and on a developer's machine
    // alike. On CI a failure is retried and the retry records one; elsewhere, run the failing test
    // again with `--trace on`.
    trace: 'on-first-retry',
    // The site honours reduced motion (global.css): transitions end at once and carousels do not
    // autoplay, so a test neither waits for an element to settle nor pays for frames it never
    // looks at. The specs about motion ask for it back.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        // Debian's wrapper of the full browser turns on GPU rasterization, which on a machine
        // without a GPU runs through SwiftShader's emulated GPU: its GPU process then took more
        // CPU than the pages. Skia's own software rasterizer draws the same pixels for far less.
        '--disable-gpu-rasterization',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    {
      name: 'mobile',
      use: { ...devices['Desktop Chrome'], viewport: { width: 375, height: 740 }, isMobile: false, hasTouch: true },
    },
  ],
});
