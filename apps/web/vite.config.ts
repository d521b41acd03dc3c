import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build, defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { minify } from 'rolldown/utils';
import { planChunks, type PlannedChunk } from './scripts/chunk-plan.mjs';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/**
 * public/boot.js is copied as written, comments and all; every page's first bytes carry it, so the
 * build's copy is minified (some 1.3 KB less after gzip).
 */
function minifyBootScript(): Plugin {
  let outDir = '';
  return {
    name: 'minify-boot-script',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const file = path.join(outDir, 'boot.js');
      const source = await readFile(file, 'utf8').catch(() => null);
      if (source === null) return;
      const { code, errors } = await minify('boot.js', source);
      if (errors.length > 0) throw new Error(`boot.js: ${errors.map((error) => error.message).join('; ')}`);
      await writeFile(file, code);
    },
  };
}

/**
 * The chunk plan for the public pages (scripts/chunk-plan.mjs): a first build of the same sources
 * without it, in memory, tells which modules each public page loads. The pages are those
 * prerendered (app/route-tables/public-routes.tsx), `/` first.
 */
async function publicPagesPlan(root: string) {
  const table = await readFile(path.join(root, 'src/app/route-tables/public-routes.tsx'), 'utf8');
  const pageModules = [...table.matchAll(/module: '(src\/routes\/[^']+)'/g)].map((match) => path.join(root, match[1] ?? ''));
  if (!pageModules[0]?.endsWith('/src/routes/home.tsx')) throw new Error('chunk plan: public-routes.tsx should name the home page first');
  process.env.CHUNK_PLAN_FIRST_PASS = '1';
  try {
    const result = await build({ root, logLevel: 'silent', build: { write: false, copyPublicDir: false, minify: false } });
    const outputs = (Array.isArray(result) ? result : [result]).flatMap((each) => ('output' in each ? each.output : []));
    return planChunks(outputs as PlannedChunk[], pageModules);
  } finally {
    delete process.env.CHUNK_PLAN_FIRST_PASS;
  }
}

export default defineConfig(async ({ command, isSsrBuild }): Promise<UserConfig> => {
  const plan = command === 'build' && !isSsrBuild && !process.env.CHUNK_PLAN_FIRST_PASS ? await publicPagesPlan(import.meta.dirname) : null;
  return {
    plugins: [react(), minifyBootScript()],
    build: {
      // WEB_OUT_DIR lets parallel test runs build into their own folder (scripts/e2e-isolated.sh).
      outDir: process.env.WEB_OUT_DIR ?? 'dist',
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: false,
      cssCodeSplit: true,
      // scripts/prerender.mjs reads it to link each prerendered page's CSS and preload its code.
      manifest: true,
      // Every browser the site supports preloads modules itself (Chromium 66, Firefox 115, Safari 17).
      modulePreload: { polyfill: false },
      rolldownOptions: {
        output: {
          // Everything the entry imports statically (React, the router, the texts' translator, the app's frame)
          // is needed on every first visit: one file instead of some twenty small ones, whose
          // requests cost more than their bytes on a phone's connection.
          codeSplitting: {
            groups: [
              { name: 'app', tags: ['$initial'] },
              // TanStack Query's client and hooks come together with the first screen that asks for
              // data: one file, not six, each of which would cost a round trip on a slow phone.
              { name: 'query', test: /node_modules[\\/]@tanstack[\\/]|src[\\/]shared[\\/]api[\\/]query-client\.ts$/ },
              // The public pages' modules by the pages that load them: fewer, larger files.
              // Only the planned modules: each group is what the first build found, not more.
              ...(plan ? [{ name: (id: string) => plan.get(id) ?? null, includeDependenciesRecursively: false }] : []),
            ],
          },
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
  };
});
