/**
 * Pages whose content comes from the database, rendered on request with the web build's server
 * bundle (docs/decisions/008-prerendering.md): /hotel with its rooms, /delivery with its menu,
 * /hotel/rooms with the rooms free for the search its address names. A page's rows are read again
 * when the data versions of the families it is drawn from move on (db/data-versions.ts), and a
 * rendered page is kept, compressed, per language under those versions, the hotel's date and its
 * data (docs/caching.md). Pages drawn from their query (a search) are kept apart, so that many
 * searches never push /hotel and /delivery out. Without the bundle, or when a render fails, the
 * web app plugin sends the build's prerendered copy, drawn without data (the client then fetches it).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, type Language, type Product, type PublicReviews, type Room, type RoomVariant } from '@hotel/domain';
import type { Db } from '../db/client';
import type { DataFamily, DataVersions } from '../db/data-versions';

/** The parts of apps/web/src/entry-server.tsx this server uses. */
interface ServerBundle {
  render(path: string, language: Language, data: PageData): Promise<RenderedParts>;
  fillTemplate(template: string, parts: RenderedParts): string;
}

interface RenderedParts {
  html: string;
  head: string;
  data: string;
}

/** A rendered page, with the compressed copies the other pages have beside them in the build. */
export interface RenderedPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export interface RenderedPages {
  /** The page at this path drawn with the current data, or null: not such a page, or it cannot be drawn now. */
  page(request: FastifyRequest, urlPath: string, language: Language): Promise<RenderedPage | null>;
  /** Loads the bundle and draws a page once, ahead of the first visitor. */
  warm(): Promise<void>;
}

/** The API answers a page is drawn with (apps/web/src/entry-server.tsx). */
export interface PageData {
  rooms?: Room[];
  menu?: Product[];
  /** GET hotel/reservations/variants/ for the search the page's address names (/hotel/rooms). */
  variants?: RoomVariant[];
  /** GET reviews/?kind= for the page's kind: stays on /hotel, orders on /delivery. */
  reviews?: PublicReviews;
}

/**
 * A page drawn with data: what it reads (rows, from the database) and how the rows become the
 * API's answer for this request (image URLs name the request's origin, uploads/public-url.ts),
 * parsed as the API's response schema parses it, so the page holds the very JSON the client
 * would fetch. The domain modules describe their pages (hotel/page-data.ts, delivery/page-data.ts)
 * and app.ts hands them over: this plugin imports no module.
 */
export interface DataPage<Row> {
  path: string;
  /** The table families `read` reads: their data versions say when to read again. */
  drawnFrom: readonly DataFamily[];
  read(db: Db): Promise<Row[]>;
  present(request: FastifyRequest, rows: Row[]): PageData;
  /**
   * The address the page is drawn for, for a page drawn from its query (/hotel/rooms?checkIn…):
   * its path and the part of the query it reads. Without it, the path alone.
   */
  address?(request: FastifyRequest): string;
}

export const dataPage = <Row,>(page: DataPage<Row>) => page as DataPage<unknown>;

/** Pages kept: both languages of each page's current data, and room for a few more (another host name in the image URLs). */
const KEPT_PAGES = 12;
/** Searches drawn from their address (/hotel/rooms?checkIn…), kept in a list of their own. */
const KEPT_SEARCHES = 24;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export const noRenderedPages: RenderedPages = {
  page: async () => null,
  warm: async () => {},
};

export function createRenderedPages(options: {
  db: Db;
  versions: DataVersions;
  ssrFolder: string;
  log: FastifyBaseLogger;
  pages: readonly DataPage<unknown>[];
}): RenderedPages {
  const { db, versions, ssrFolder, log, pages } = options;
  let bundle: Promise<ServerBundle | null> | undefined;
  const templates = new Map<string, Promise<string>>();
  const reads = new Map<DataPage<unknown>, { rows: Promise<unknown[]>; key: string }>();
  const kept = new Map<string, Promise<RenderedPage | null>>();
  const keptSearches = new Map<string, Promise<RenderedPage | null>>();

  function loadBundle() {
    bundle ??= import(pathToFileURL(path.join(ssrFolder, 'entry-server.js')).href).then(
      (module: ServerBundle) => module,
      (error: unknown) => {
        log.warn({ err: error, ssrFolder }, 'the web build has no server bundle: pages with data are sent as built, without it');
        return null;
      },
    );
    return bundle;
  }

  function template(page: DataPage<unknown>, language: Language) {
    const file = path.join(ssrFolder, 'templates', page.path, `${language}.html`);
    let text = templates.get(file);
    if (!text) {
      text = readFile(file, 'utf8');
      // A failed read is not kept: the next render tries again.
      text.catch(() => templates.delete(file));
      templates.set(file, text);
    }
    return text;
  }

  /** The page's rows as of `key` or later. */
  function currentRows(page: DataPage<unknown>, key: string) {
    let read = reads.get(page);
    if (read?.key !== key) {
      const fresh = { rows: page.read(db), key };
      fresh.rows.catch(() => {
        if (reads.get(page) === fresh) reads.delete(page);
      });
      reads.set(page, fresh);
      read = fresh;
    }
    return read.rows;
  }

  async function draw(ssr: ServerBundle, page: DataPage<unknown>, address: string, language: Language, data: PageData, search: boolean): Promise<RenderedPage> {
    const parts = await ssr.render(address, language, data);
    const identity = Buffer.from(ssr.fillTemplate(await template(page, language), parts));
    const brotliAt = (quality: number) =>
      brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } });
    const [br, gzip] = await Promise.all([brotliAt(5), gzipped(identity, { level: 9 })]);
    const rendered = { identity, br, gzip };
    // A search is seldom asked for twice: its quick copy is the one it keeps.
    if (search) return rendered;
    // The visitor who is waiting gets a page compressed in a few milliseconds; the following ones
    // get the smallest, as the build's pages are (scripts/precompress.mjs), which takes a hundred times longer.
    brotliAt(11).then(
      (smaller) => (rendered.br = smaller),
      () => {},
    );
    return rendered;
  }

  return {
    async page(request, urlPath, language) {
      const page = pages.find((candidate) => candidate.path === urlPath.replace(/(.)\/+$/, '$1'));
      if (!page) return null;
      const ssr = await loadBundle();
      if (!ssr) return null;
      // Read before the rows: a change heard meanwhile moves it on, and the next request reads again.
      const drawnAt = versions.key(page.drawnFrom);
      let data: PageData;
      let address: string;
      try {
        data = page.present(request, await currentRows(page, drawnAt));
        address = page.address?.(request) ?? page.path;
      } catch (error) {
        log.error({ err: error }, `reading the data of ${page.path} failed: the built page is sent instead`);
        return null;
      }
      // The key holds the hotel's date (the search forms' dates start from today's), and the data
      // itself, whose image URLs name the request's host.
      const key = createHash('sha256').update(`${address}\n${language}\n${drawnAt}\n${JSON.stringify(data)}`).digest('base64url');
      const search = address !== page.path;
      const list = search ? keptSearches : kept;
      let rendered = list.get(key);
      if (rendered) {
        list.delete(key);
      } else {
        // A failure is kept too, so the same data is not drawn (and logged) again on every request.
        rendered = draw(ssr, page, address, language, data, search).catch((error: unknown) => {
          log.error({ err: error, language }, `rendering ${page.path} failed: the built page is sent instead`);
          return null;
        });
        for (const old of list.keys()) {
          if (list.size < (search ? KEPT_SEARCHES : KEPT_PAGES)) break;
          list.delete(old);
        }
      }
      // Most recently used last, so the oldest goes first.
      list.set(key, rendered);
      return rendered;
    },
    async warm() {
      // A first render loads the page's code and warms the runtime up: it takes several times longer than the next.
      const ssr = await loadBundle();
      await ssr?.render('/hotel', DEFAULT_LANGUAGE, {}).catch(() => {});
    },
  };
}
