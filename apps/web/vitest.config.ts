import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { preactCompat } from './preact-compat';

export default defineProject({
  plugins: [react()],
  // The components are tested on the runtime they ship with; packages are inlined so that they
  // resolve react to Preact as well, instead of loading a second runtime from node_modules.
  resolve: {
    alias: [
      ...preactCompat,
      // Its CommonJS build would require React itself; the ES build goes through the aliases.
      { find: /^@testing-library\/react$/, replacement: '@testing-library/react/dist/@testing-library/react.esm.js' },
    ],
    conditions: ['module', 'browser', 'import', 'default'],
    mainFields: ['module', 'browser', 'main'],
  },
  // Packages' browser ES builds, as in the app: their Node (CommonJS) builds would require React.
  ssr: { resolve: { conditions: ['module', 'browser', 'import', 'default'], externalConditions: ['module', 'browser', 'import'], mainFields: ['module', 'browser', 'main'] } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    server: { deps: { inline: true } },
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});
