import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { options } from 'preact';
import { afterEach, beforeAll, vi } from 'vitest';
import { i18next, initI18n } from '../shared/i18n';

// A missing translation key, or an error logged to the console, fails the test.
const errors: string[] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args.map(String).join(' '));
});

// Preact runs effects after the next frame, with a 35 ms timer as a fallback that then calls
// cancelAnimationFrame. When that timer fires after the file's jsdom is torn down, the global is
// gone and the run fails with an uncaught ReferenceError. Tests have no frames to wait for: a
// plain timer keeps the order (effects after the render's task) without touching the window.
options.requestAnimationFrame = (flush) => void setTimeout(flush);

beforeAll(async () => {
  if (!i18next.isInitialized) {
    await initI18n('ru');
    i18next.options.saveMissing = true;
    i18next.options.missingKeyHandler = (languages, namespace, key) => {
      errors.push(`Missing translation ${languages.join(',')}:${namespace}:${key}`);
    };
    await i18next.loadNamespaces(['common', 'account', 'hotel', 'auth', 'restaurant', 'about', 'admin']);
  }
});

afterEach(() => {
  cleanup();
  if (errors.length > 0) throw new Error(`Errors during the test:\n${errors.splice(0).join('\n')}`);
});
