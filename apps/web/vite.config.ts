import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    // WEB_OUT_DIR lets parallel test runs build into their own folder (scripts/e2e-isolated.sh).
    outDir: process.env.WEB_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    cssCodeSplit: true,
    // scripts/prerender.mjs reads it to link each prerendered page's CSS and preload its code.
    manifest: true,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically (React, the router, i18next, the app's frame)
        // is needed on every first visit: one file instead of some twenty small ones, whose
        // requests cost more than their bytes on a phone's connection.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
      treeshake: {
        // Our own TypeScript modules have no import-time side effects, so a barrel such as
        // shared/ui/index.ts brings only what is used: the first page does not download the modal
        // and its dialog library because another screen uses them. CSS and packages keep theirs.
        moduleSideEffects: (id: string) => /\.css($|\?)/.test(id) || !/\/src\/.+\.tsx?$/.test(id) || /\/src\/main\.tsx$/.test(id),
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
});
