import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { i18next, initI18n } from '../shared/i18n';

// A missing translation key, or an error logged to the console, fails the test.
const errors: string[] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args.map(String).join(' '));
});

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
