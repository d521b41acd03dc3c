/**
 * Serves the built web app from apps/web/dist: hashed assets with immutable caching, every page of
 * the app (the domain's PAGE_PATHS) answered with the app (a page rendered with data from the
 * database, or a prerendered page when the build has one), so the client router can take over.
 * An unknown path is redirected where the spec says (docs/decisions/005-unknown-paths.md), never
 * answered 200 with the home page; unknown API paths and files get a JSON 404.
 */
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { DEFAULT_LANGUAGE, LANGUAGE_QUERY, LANGUAGE_STORAGE_KEY, pageOf, redirectFor, type Language } from '@hotel/domain';
import { askedLanguage, chosenLanguage } from '../i18n/visitor-language';
import { webDistFolder as defaultDistFolder, webSsrFolderFor } from '../paths';
import { acceptedEncodings } from './compression';
import { createRenderedPages, noRenderedPages, type DataPage } from './rendered-pages';

/** The build's files named by their content; the global request limit does not count them. */
export const HASHED_ASSET = /^\/assets\//;

/**
 * The build's other files a page loads (public/: boot.js, the illustrations, the icons, the
 * manifest): a page visit fetches about nine of them, so the global request limit does not count
 * them either, nor a missing one (a cheap 404).
 */
export const PUBLIC_FILE = /^\/(illustrations\/[^?]+|[\w-]+\.(js|ico|svg|png|webp|webmanifest|txt))(\?|$)/;

/** Paths the server answers itself, never a page, even while their feature is off (/metrics). */
const SERVER_PATHS = new Set(['/metrics']);

/**
 * How an answer given outside any route is counted (metrics.ts): the page's own path, the build's
 * files as one, anything else as `unknown`; never the address itself, which anyone can vary.
 */
export function pageRouteOf(url: string): string {
  if (HASHED_ASSET.test(url)) return '/assets/*';
  return pageOf(url.split('?')[0]!) ?? 'unknown';
}

interface Page {
  body: Buffer;
  /** Set when the body is the build's precompressed copy (index.html.br / .gz beside the page). */
  encoding?: 'br' | 'gzip';
}

/**
 * While the payment provider is the sandbox, every page says so: the web app draws a "test
 * payments" ribbon into every page (prerendered ones too) and shows it when <html> carries this
 * mark, which is set here, at run time, because the provider is the server's configuration
 * (docs/decisions/025-payments-hardening.md).
 */
export const TEST_PAYMENTS_MARK = 'data-payments="sandbox"';

function markedPage(body: Buffer): Buffer {
  return Buffer.from(markedDocument(body.toString('utf8')));
}

function markedDocument(document: string): string {
  return document.replace(/<html\b/, `<html ${TEST_PAYMENTS_MARK}`);
}

async function pageFor(webDistFolder: string, urlPath: string, acceptEncoding: string, language: Language): Promise<(Page & { file: string }) | null> {
  // Prerendered pages live at dist/<route>/index.html in Russian and index.en.html in English
  // (dist/index.html is the prerendered home). Any other route gets the empty app shell,
  // dist/shell.html, which the build writes next to them (docs/decisions/008-prerendering.md); an
  // older build without it falls back to index.html.
  const clean = path.posix.normalize(decodeURIComponent(urlPath)).replace(/\/+$/, '');
  if (clean.includes('..')) return null;
  const candidates = [
    ...(language === DEFAULT_LANGUAGE ? [] : [path.join(webDistFolder, clean, `index.${language}.html`)]),
    path.join(webDistFolder, clean, 'index.html'),
    path.join(webDistFolder, 'shell.html'),
    path.join(webDistFolder, 'index.html'),
  ];
  // The HTML is served from here, not by @fastify/static, so pick the precompressed copy the
  // build wrote (scripts/precompress.mjs) the way the static plugin does for assets.
  const encodings = acceptedEncodings(acceptEncoding);
  for (const candidate of candidates) {
    for (const encoding of encodings) {
      const body = await readFile(`${candidate}.${encoding === 'br' ? 'br' : 'gz'}`).catch(() => null);
      if (body) return { body, encoding, file: candidate };
    }
    const body = await readFile(candidate).catch(() => null);
    if (body) return { body, file: candidate };
  }
  return null;
}

/** The types of the build's hashed files this module answers itself; any other goes to the static plugin. */
const ASSET_TYPES: Record<string, string> = {
  js: 'application/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  woff2: 'font/woff2',
};
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The build's hashed files (dist/assets), kept in memory once read: a name never changes its
 * content, and a new build comes with a new start. Read from disk for each request, as the static
 * plugin does, every file cost a stat, an open, reads and a close: about a third of the server's own
 * CPU while it served the browser tests' pages (a profile of the run). Held at most once each, the
 * build's assets are a few megabytes.
 */
function hashedAssets(webDistFolder: string) {
  const folder = path.join(webDistFolder, 'assets');
  const names = new Set(existsSync(folder) ? readdirSync(folder) : []);
  const bodies = new Map<string, Promise<Buffer>>();
  const read = (name: string) => {
    let body = bodies.get(name);
    if (!body) {
      body = readFile(path.join(folder, name));
      bodies.set(name, body);
      body.catch(() => bodies.delete(name));
    }
    return body;
  };
  return {
    /**
     * The answer for /assets/<name>: its type and body, in the best encoding the client takes of
     * those the build precompressed. Null for a name that is not such a file of the build.
     */
    async find(name: string, acceptEncoding: string): Promise<{ type: string; body: Buffer; encoding?: 'br' | 'gzip' } | null> {
      const type = ASSET_TYPES[name.slice(name.lastIndexOf('.') + 1)];
      if (!type || !names.has(name)) return null;
      for (const encoding of acceptedEncodings(acceptEncoding)) {
        const compressed = `${name}.${encoding === 'br' ? 'br' : 'gz'}`;
        if (names.has(compressed)) return { type, body: await read(compressed), encoding };
      }
      return { type, body: await read(name) };
    },
  };
}

function isApi(request: FastifyRequest) {
  return request.url.startsWith('/api/') || request.url === '/api';
}

export interface WebAppOptions {
  enabled: boolean;
  distFolder?: string | undefined;
  /** The pages drawn with data from the database (rendered-pages.ts). */
  dataPages?: readonly DataPage<unknown>[];
  /** Draw them once as the app gets ready (the server does; tests draw what they ask for). */
  drawAhead?: boolean;
  /**
   * Pages for signed-in visitors only (the cart): a visitor who has no session at all is sent to
   * sign in at once, `/auth?from=<the page>` (the sign-in screen says why and comes back after),
   * instead of waiting on a blank page for the app to load and find out.
   */
  signInFirst?: {
    paths: readonly string[];
    /** Whether the request may carry a session (the auth module's cookie); the app checks it further. */
    maySignedIn(request: FastifyRequest): boolean;
  };
}

export const webAppPlugin = fp(async (app: FastifyInstance, options: WebAppOptions) => {
  const webDistFolder = options.distFolder ?? defaultDistFolder;
  const enabled = options.enabled && existsSync(path.join(webDistFolder, 'index.html'));
  const testPayments = app.paymentGateway.provider === 'sandbox';
  const renderedPages = enabled
    ? createRenderedPages({
        db: app.db,
        versions: app.dataVersions,
        ssrFolder: webSsrFolderFor(webDistFolder),
        log: app.log,
        pages: options.dataPages ?? [],
        // Marked as they are drawn, so their compressed copies are marked too.
        ...(testPayments ? { mark: markedDocument } : {}),
      })
    : noRenderedPages;
  // Before the server listens: its first visitors get kept pages from a runtime that has drawn them once.
  if (options.drawAhead) app.addHook('onReady', () => renderedPages.drawAhead(app));

  if (enabled) {
    const assets = hashedAssets(webDistFolder);
    // Before routing goes on: the static plugin's route (or the not-found handler) answers what
    // this does not, a file of another type or a name the build does not have.
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' || !HASHED_ASSET.test(request.url)) return;
      const name = request.url.slice('/assets/'.length).split('?')[0]!;
      const asset = await assets.find(name, String(request.headers['accept-encoding'] ?? ''));
      if (!asset) return;
      reply.code(200).header('content-type', asset.type).header('cache-control', IMMUTABLE).header('vary', 'accept-encoding');
      if (asset.encoding) reply.header('content-encoding', asset.encoding);
      return reply.send(asset.body);
    });
    await app.register(fastifyStatic, {
      root: webDistFolder,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The build's dot folders are for the server only: Vite's manifest (.vite/) and the bundle
      // that renders pages on request, with its templates (.ssr/). The plugin gives routes only to
      // the files it finds and skips dot folders; this holds even if that changes.
      allowedPath: (pathName: string) => !pathName.split('/').some((segment) => segment.startsWith('.')),
      // @fastify/static hands the Fastify reply here, not the raw response.
      setHeaders(reply: FastifyReply, filePath: string) {
        const relative = `/${path.relative(webDistFolder, filePath)}`;
        reply.header(
          'cache-control',
          HASHED_ASSET.test(relative) ? IMMUTABLE : 'public, max-age=0, must-revalidate',
        );
      },
    });
  }

  // The build's pages, marked, are kept one per file, so each is compressed once (plugins/compression.ts
  // keeps compressed forms by body); rendered pages come marked (rendered-pages.ts).
  const markedFiles = new Map<string, Buffer>();
  const markedFile = (file: string, body: Buffer) => markedFiles.get(file) ?? markedFiles.set(file, markedPage(body)).get(file)!;

  // Pages are drawn here, outside any route, so the global rate limit is applied by hand.
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, async (request: FastifyRequest, reply: FastifyReply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    // A missing build file is not a page (and its requests are not counted): no page is drawn for it.
    if (!enabled || isApi(request) || !wantsPage || HASHED_ASSET.test(request.url)) {
      return reply.code(404).send({ detail: 'Not found' });
    }
    const url = new URL(request.url, 'http://x');
    const urlPath = url.pathname;
    if (!pageOf(urlPath)) {
      // A file that is not there, or a path of the server's own: no page stands in for it.
      if (SERVER_PATHS.has(urlPath) || /\.[^/]*$/.test(urlPath)) return reply.code(404).send({ detail: 'Not found' });
      // Answered with the home page, an unknown path would be a page of its own to a search engine
      // (a soft 404); the spec sends it to its area's landing or home, and so does the server.
      const asked = url.searchParams.get(LANGUAGE_QUERY);
      const target = redirectFor(urlPath) + (asked ? `?${new URLSearchParams({ [LANGUAGE_QUERY]: asked }).toString()}` : '');
      return reply.code(302).header('location', target).header('cache-control', 'no-store').send();
    }
    const signInFirst = options.signInFirst;
    if (signInFirst?.paths.includes(urlPath.replace(/(.)\/+$/, '$1')) && !signInFirst.maySignedIn(request)) {
      return reply
        .code(302)
        .header('location', `/auth?${new URLSearchParams({ from: urlPath + url.search }).toString()}`)
        .header('cache-control', 'no-store')
        .header('vary', 'cookie')
        .send();
    }
    const acceptEncoding = String(request.headers['accept-encoding'] ?? '');
    const asked = askedLanguage(request);
    const language = asked ?? chosenLanguage(request) ?? DEFAULT_LANGUAGE;
    const rendered = await renderedPages.page(request, urlPath, language);
    let page: Page | null;
    if (rendered) {
      // A search page comes in gzip only (rendered-pages.ts).
      const encoding = acceptedEncodings(acceptEncoding).find((candidate) => rendered[candidate] !== undefined);
      page = { body: encoding ? rendered[encoding]! : rendered.identity, encoding };
    } else if (testPayments) {
      // The marked page is compressed on its way out, like any other answer.
      const file = await pageFor(webDistFolder, urlPath, '', language);
      page = file && { body: markedFile(file.file, file.body) };
    } else {
      page = await pageFor(webDistFolder, urlPath, acceptEncoding, language);
    }
    if (!page) return reply.code(404).send({ detail: 'Not found' });
    reply.code(200).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding, cookie');
    if (page.encoding) reply.header('content-encoding', page.encoding);
    // The choice is kept in the cookie, as the app keeps it; public/boot.js then keeps it in local
    // storage and takes it out of the address.
    if (asked) reply.setCookie(LANGUAGE_STORAGE_KEY, asked, { path: '/', maxAge: 365 * 24 * 60 * 60, sameSite: 'lax' });
    return reply.send(page.body);
  });
});
