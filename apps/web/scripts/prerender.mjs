// Prerenders the public pages after `vite build` (docs/decisions/008-prerendering.md):
// 1. an SSR build of src/entry-server.tsx into <out>/.ssr/, which the server never publishes (it
//    sends no dot folder) but loads to render pages on request;
// 2. for each page and language, its markup and head tags put into the built index.html →
//    <out>/<route>/index.html in Russian and index.en.html in English (<out>/index.html for /), with
//    the page's CSS, public/boot.js and the texts it needs before it hydrates inline, its code named
//    for boot.js to load around the first paint, and the two main fonts named for boot.js to preload;
//    the server picks the file by the visitor's language cookie;
// 3. for a page rendered again on request (`renderedOnRequest`: its content comes from the
//    database), the same document with slots for the parts, <out>/.ssr/templates/<route>/<language>.html:
//    the API server fills it from the SSR bundle with the current data (apps/api/src/plugins/rendered-pages.ts),
//    and serves the prerendered copy, drawn without data, when it cannot;
// 4. the untouched index.html kept as <out>/shell.html for every other route;
// 5. sitemap.xml listing the prerendered pages.
// Honours WEB_OUT_DIR like vite.config.ts (scripts/e2e-isolated.sh builds into its own folder).
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const webRoot = path.resolve(import.meta.dirname, '..');
const outDir = path.resolve(webRoot, process.env.WEB_OUT_DIR ?? 'dist');
// Inside the build, so that `vite build` empties it with the rest: a bundle or template left from an
// older build would name assets that no longer exist. apps/api/src/paths.ts finds it there.
const ssrDir = path.join(outDir, '.ssr');

await build({
  root: webRoot,
  logLevel: 'warn',
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: ssrDir,
    emptyOutDir: true,
    copyPublicDir: false,
    minify: false,
    // One file: the server renders any page, so the browser's lazy routes and parts (and the
    // chunks vite.config.ts groups for the browser) would only be more files to load.
    rolldownOptions: { output: { codeSplitting: false } },
  },
  // Self-contained: the workspace's TypeScript packages and CommonJS ones alike, so the server
  // can load it without the web app's dependencies installed.
  ssr: { noExternal: true },
  // React's production build whatever the process's NODE_ENV (the API server's need not be set):
  // the development build renders slower.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
});
const entry = (await readdir(ssrDir)).find((file) => /^entry-server\.m?js$/.test(file));
if (!entry) throw new Error(`SSR build produced no entry-server.js in ${ssrDir}`);
const { render, fillTemplate, pageTexts, prerenderedPages, SITE_ORIGIN, LANGUAGES } = await import(pathToFileURL(path.join(ssrDir, entry)).href);

const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
await writeFile(path.join(outDir, 'shell.html'), template);

const assets = await readdir(path.join(outDir, 'assets'));
// The two faces every page uses (body text and headings), named before boot.js, which preloads
// them so they are in before the first layout (src/shared/styles/fonts.css), or on a slow
// connection asks for them once the app is live (decision 075); the quotes' italic loads when a
// page needs it.
const fonts = ['inter-variable', 'cormorant-garamond-600']
  .map((name) => assets.find((file) => file.startsWith(`${name}-`) && file.endsWith('.woff2')))
  .filter(Boolean)
  .map((file) => `/assets/${file}`);
if (fonts.length !== 2) throw new Error('the build has not the two main fonts (inter-variable, cormorant-garamond-600)');

// The route's own chunk is loaded lazily by the router: its CSS goes into the page, or the
// prerendered markup would stay unstyled until the script had run.
const manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const inEntry = new Set();
(function walk(key) {
  const chunk = manifest[key];
  if (!chunk || inEntry.has(chunk.file)) return;
  inEntry.add(chunk.file);
  for (const css of chunk.css ?? []) inEntry.add(css);
  for (const imported of chunk.imports ?? []) walk(imported);
})(entryKey);
// The query client and TanStack Query, one chunk (the `query` group of vite.config.ts), which
// shared/api/query-client-gate.tsx loads with every route's code but the home page's.
const queryChunk = Object.keys(manifest).find((key) => manifest[key].name === 'query' && !manifest[key].src);
if (!queryChunk) throw new Error("Vite's manifest has no chunk named query (vite.config.ts groups TanStack Query into it)");
function routeTags(page) {
  const js = new Set();
  const css = new Set();
  const seen = new Set();
  // Each file after the files it imports: main.tsx runs them in this order, one to a task.
  function walk(key) {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file) || inEntry.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const file of chunk.css ?? []) if (!inEntry.has(file)) css.add(file);
    for (const imported of chunk.imports ?? []) walk(imported);
    js.add(chunk.file);
  }
  walk(page.module);
  if (js.size === 0) throw new Error(`${page.module} is not in Vite's manifest`);
  // The route's code waits for the query client (app/router.tsx): named here, it comes with the
  // route's chunks instead of being asked for once they have run.
  if (!page.drawnWithoutQueries) walk(queryChunk);
  // Parts of the page whose code the route loads while they hydrate (a lazy section below the
  // fold) are in the markup already: their CSS goes inline too, their code does not.
  for (const lazyKey of manifest[page.module].dynamicImports ?? []) {
    (function walkCss(key, seen) {
      const chunk = manifest[key];
      if (!chunk || seen.has(key) || inEntry.has(chunk.file)) return;
      seen.add(key);
      for (const file of chunk.css ?? []) if (!inEntry.has(file)) css.add(file);
      for (const imported of chunk.imports ?? []) walkCss(imported, seen);
    })(lazyKey, new Set());
  }
  return { css: [...css], js: [...js] };
}

// The page is readable before any script runs, so its code need not compete with the first
// paint for the connection: the page names its code (the entry, its imports, the route's chunks;
// its texts are in the page) and public/boot.js asks for it all at once when the page has painted its first content
// (the entry first) and runs the entry once the page has been read and painted (decision 066).
// The template's own module tags go; shell.html keeps them.
const entryFile = manifest[entryKey]?.file;
if (!entryFile) throw new Error("Vite's manifest has no entry");
const entryImports = [...inEntry].filter((file) => file.endsWith('.js') && file !== entryFile);
// boot.js must run before the first paint, so as a file it held the paint back by a request
// (Lighthouse's render-blocking request on every page): its build's copy goes into the page as
// written, byte for byte, since the server's content security policy allows exactly that text by its
// hash (apps/api/src/plugins/security.ts). shell.html keeps the file.
const bootScript = await readFile(path.join(outDir, 'boot.js'), 'utf8');
if (/<\/script|<!--/i.test(bootScript)) throw new Error('boot.js cannot go inline: it contains "</script" or "<!--"');
const bootTag = '<script src="/boot.js"></script>';
if (!template.includes(bootTag)) throw new Error(`index.html has no ${bootTag}`);
const pageTemplate = template
  .replace(/<script type="module"[^>]*><\/script>\s*/g, '')
  .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
  .replace(bootTag, () => `<meta name="app-fonts" content="${fonts.join(' ')}" />\n    <script>${bootScript}</script>`);
const codeTags = (route) =>
  [
    `<meta name="app-entry" content="/${entryFile}" />`,
    `<meta name="app-modules" content="${[...entryImports, ...route.js].map((file) => `/${file}`).join(' ')}" />`,
  ];

// All the page's CSS goes inline: no render-blocking request before the first paint. Each
// inlined file is also named by a disabled <link>, which the browser does not fetch: Vite's
// module preloader sees it and does not add that CSS again when the route's code loads, which
// would cost a request and a restyle and relayout of the whole page while it hydrates.
const cssCache = new Map();
const readCss = async (file) => {
  if (!cssCache.has(file)) cssCache.set(file, (await readFile(path.join(outDir, file), 'utf8')).trim());
  return cssCache.get(file);
};
async function inlineStyles(document, routeCss) {
  const linked = [...document.matchAll(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">\n?\s*/g)];
  const files = [...linked.map((match) => match[1]), ...routeCss];
  let result = document;
  for (const match of linked) result = result.replace(match[0], '');
  const styles = (await Promise.all(files.map(readCss))).join('\n');
  const markers = files.map((file) => `<link rel="stylesheet" href="/${file}" disabled />`).join('\n    ');
  return result.replace('</head>', `  <style>${styles.replace(/<\/style/gi, '<\\/style')}</style>\n    ${markers}\n  </head>`);
}

// The page's document with slots where entry-server.tsx's fillTemplate puts the rendered parts:
// the head tags, the markup in #root and the data it was drawn with.
async function documentTemplate(page, language) {
  const route = routeTags(page);
  const template = await inlineStyles(
    pageTemplate
      .replace('<html lang="ru">', `<html lang="${language}">`)
      .replace(/<title>[\s\S]*?<\/title>\s*<meta name="description"[^>]*>/, '<!--app-head-->')
      // Named before boot.js, which on a slow connection asks for the code as it runs (decision 075).
      .replace('<meta name="app-fonts"', () => `${codeTags(route).join('\n    ')}\n    <meta name="app-fonts"`)
      // The texts the page needs before it hydrates travel with it (shared/i18n/page-texts.ts).
      .replace('<div id="root"></div>', () => `<div id="root" data-prerendered="${page.path}" data-language="${language}"><!--app-html--></div><!--app-data-->${pageTexts(language, page.namespaces)}`),
    route.css,
  );
  if (!template.includes('<!--app-head-->')) throw new Error('index.html has no <title> followed by <meta name="description">');
  if (!template.includes(`data-prerendered="${page.path}"`)) throw new Error('index.html has no empty <div id="root"></div>');
  if (!template.includes(`<html lang="${language}">`)) throw new Error('index.html has no <html lang="ru">');
  return template;
}

// The first visit's budget (issue 47; `npm run bench:bundle` lists the files): the JavaScript `/`
// names for boot.js to load before it is live, and boot.js itself, at most 140 KB after gzip
// (decisions 057 and 066).
const FIRST_VISIT_BUDGET = 140 * 1024;
{
  const home = prerenderedPages.find((page) => page.path === '/');
  const files = ['boot.js', entryFile, ...entryImports, ...routeTags(home).js];
  let size = 0;
  for (const file of new Set(files)) size += gzipSync(await readFile(path.join(outDir, file)), { level: 9 }).length;
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  if (size > FIRST_VISIT_BUDGET) {
    throw new Error(`The first visit to / downloads ${kb(size)} of JavaScript (gzip), over its budget of ${kb(FIRST_VISIT_BUDGET)}: run npm run bench:bundle to see what it carries`);
  }
  console.log(`first visit to / ${kb(size)} of JavaScript (gzip), budget ${kb(FIRST_VISIT_BUDGET)}`);
}

for (const page of prerenderedPages) {
  for (const language of LANGUAGES) {
    const template = await documentTemplate(page, language);
    const document = fillTemplate(template, await render(page.path, language));
    const name = language === 'ru' ? 'index.html' : `index.${language}.html`;
    const file = page.path === '/' ? path.join(outDir, name) : path.join(outDir, page.path, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, document);
    if (page.renderedOnRequest) {
      const templateFile = path.join(ssrDir, 'templates', page.path, `${language}.html`);
      await mkdir(path.dirname(templateFile), { recursive: true });
      await writeFile(templateFile, template);
    }
    console.log(`prerendered ${page.path.padEnd(12)} ${language} ${(document.length / 1024).toFixed(1)} KB${page.renderedOnRequest ? ', and its template' : ''}`);
  }
}

const today = new Date().toISOString().slice(0, 10);
const urls = prerenderedPages
  .map((page) => `  <url><loc>${SITE_ORIGIN}${page.path}</loc><lastmod>${today}</lastmod><changefreq>weekly</changefreq><priority>${page.path === '/' ? '1.0' : '0.8'}</priority></url>`)
  .join('\n');
await writeFile(
  path.join(outDir, 'sitemap.xml'),
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
);
