import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { i18n, initI18n } from '../shared/i18n';

// Testing Library waits up to 1 s by default for what a test awaits (findBy…, waitFor): on a
// machine that runs the whole suite on two cores, a menu answered by the fake API took longer to
// render than that, and the test failed without anything being wrong. Waiting longer costs
// nothing when the page is quick, as it usually is.
configure({ asyncUtilTimeout: 5_000 });

// A missing translation key, or an error logged to the console, fails the test.
const errors: string[] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args.map(String).join(' '));
});

let i18nReady = false;

beforeAll(async () => {
  if (!i18nReady) {
    await initI18n('ru');
    i18n.onMissing = (language, namespace, key) => {
      errors.push(`Missing translation ${language}:${namespace}:${key}`);
    };
    await i18n.loadNamespaces(['common', 'account', 'hotel', 'auth', 'restaurant', 'about', 'admin', 'reviews', 'extras', 'rates', 'pages']);
    // English too: a text asked for in English is the English one, never Russian in its place
    // (no language stands in for another, shared/i18n/index.ts).
    await i18n.loadLanguages('en');
    i18nReady = true;
  }
});

afterEach(() => {
  cleanup();
  if (errors.length > 0) throw new Error(`Errors during the test:\n${errors.splice(0).join('\n')}`);
});
