// Bundles the server into dist/: our own code and @hotel/domain are bundled, npm packages stay
// external and load from node_modules at run time.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).flatMap((name) => [name, `${name}/*`]);

await build({
  entryPoints: { server: 'src/server.ts', seed: 'src/seed/cli.ts', 'pglite-thread': 'src/db/pglite-thread.ts' },
  // API_OUT_DIR (a folder inside apps/api) lets parallel test runs keep their own build.
  outdir: process.env.API_OUT_DIR ?? 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  external,
  logLevel: 'warning',
  // Some CommonJS packages call require(); give the ESM bundle one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
