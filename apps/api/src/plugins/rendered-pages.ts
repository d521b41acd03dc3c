/**
 * Pages whose content comes from the database, rendered on request with the web build's server
 * bundle (docs/decisions/008-prerendering.md): /hotel with its rooms. A rendered page is kept,
 * compressed, per language and for as long as the data it was drawn from stays the same; the
 * data is read again at most every PAGE_DATA_REFRESH_SECONDS, and on the next request after
 * invalidateRenderedPages(). Without the bundle, or when a render fails, the web app plugin sends
 * the build's prerendered copy, drawn without data (the client then fetches it).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DEFAULT_LANGUAGE, roomSchema, type Language, type Room } from '@hotel/domain';
import type { Db } from '../db/client';
import { presentRoom } from '../modules/hotel/present';
import { listRooms, type RoomView } from '../modules/hotel/repository';

declare module 'fastify' {
  interface FastifyInstance {
    renderedPages: RenderedPages;
  }
}

/** The parts of apps/web/src/entry-server.tsx this server uses. */
interface ServerBundle {
  render(path: string, language: Language, data: { rooms?: Room[] }): Promise<RenderedParts>;
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
  /** The next request reads the data again and draws the page again if it changed. */
  invalidate(): void;
  /** Loads the bundle and draws a page once, ahead of the first visitor. */
  warm(): Promise<void>;
}

const HOTEL_PATHS = new Set(['/hotel', '/hotel/']);
/** Pages kept: both languages of the current rooms, and room for a few more (another host name in the image URLs). */
const KEPT_PAGES = 8;
const roomList = z.array(roomSchema);
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export const noRenderedPages: RenderedPages = {
  page: async () => null,
  invalidate() {},
  warm: async () => {},
};

/** Call after writing rooms (or anything else a rendered page shows) so visitors see it at once. */
export function invalidateRenderedPages(app: FastifyInstance) {
  app.renderedPages.invalidate();
}

export function createRenderedPages(options: { db: Db; ssrFolder: string; refreshSeconds: number; log: FastifyBaseLogger }): RenderedPages {
  const { db, ssrFolder, log } = options;
  const refreshMs = options.refreshSeconds * 1000;
  let bundle: Promise<ServerBundle | null> | undefined;
  const templates = new Map<Language, Promise<string>>();
  let rooms: { rows: Promise<RoomView[]>; readAt: number } | undefined;
  const kept = new Map<string, Promise<RenderedPage | null>>();

  function loadBundle() {
    bundle ??= import(pathToFileURL(path.join(ssrFolder, 'entry-server.js')).href).then(
      (module: ServerBundle) => module,
      (error: unknown) => {
        log.warn({ err: error, ssrFolder }, 'the web build has no server bundle: /hotel is sent as built, without its rooms');
        return null;
      },
    );
    return bundle;
  }

  function template(language: Language) {
    let file = templates.get(language);
    if (!file) {
      file = readFile(path.join(ssrFolder, 'templates', 'hotel', `${language}.html`), 'utf8');
      // A failed read is not kept: the next render tries again.
      file.catch(() => templates.delete(language));
      templates.set(language, file);
    }
    return file;
  }

  function currentRooms() {
    const now = Date.now();
    if (!rooms || now - rooms.readAt >= refreshMs) {
      const read = { rows: listRooms(db), readAt: now };
      read.rows.catch(() => {
        if (rooms === read) rooms = undefined;
      });
      rooms = read;
    }
    return rooms.rows;
  }

  async function draw(ssr: ServerBundle, language: Language, data: Room[]): Promise<RenderedPage> {
    // Parsed as GET hotel/rooms/ answers them, so the page holds the very JSON the client would fetch.
    const parts = await ssr.render('/hotel', language, { rooms: roomList.parse(data) });
    const identity = Buffer.from(ssr.fillTemplate(await template(language), parts));
    const brotliAt = (quality: number) =>
      brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } });
    const [br, gzip] = await Promise.all([brotliAt(5), gzipped(identity, { level: 9 })]);
    const page = { identity, br, gzip };
    // The visitor who is waiting gets a page compressed in a few milliseconds; the following ones
    // get the smallest, as the build's pages are (scripts/precompress.mjs), which takes a hundred times longer.
    brotliAt(11).then(
      (smaller) => (page.br = smaller),
      () => {},
    );
    return page;
  }

  return {
    async page(request, urlPath, language) {
      if (!HOTEL_PATHS.has(urlPath)) return null;
      const ssr = await loadBundle();
      if (!ssr) return null;
      let data: Room[];
      try {
        // Image URLs name the request's origin (uploads/public-url.ts), as the API's answer does.
        data = (await currentRooms()).map((row) => presentRoom(request, row));
      } catch (error) {
        log.error({ err: error }, 'reading the rooms for /hotel failed: the built page is sent instead');
        return null;
      }
      // The search form's dates start from today's, so a page is not kept past midnight.
      const key = createHash('sha256').update(`${language}\n${new Date().toDateString()}\n${JSON.stringify(data)}`).digest('base64url');
      let page = kept.get(key);
      if (page) {
        kept.delete(key);
      } else {
        // A failure is kept too, so the same data is not drawn (and logged) again on every request.
        page = draw(ssr, language, data).catch((error: unknown) => {
          log.error({ err: error, language }, 'rendering /hotel failed: the built page is sent instead');
          return null;
        });
        for (const old of kept.keys()) {
          if (kept.size < KEPT_PAGES) break;
          kept.delete(old);
        }
      }
      // Most recently used last, so the oldest goes first.
      kept.set(key, page);
      return page;
    },
    invalidate() {
      rooms = undefined;
      // Pages drawn so far go too, so one whose render failed is tried again.
      kept.clear();
    },
    async warm() {
      // A first render loads the page's code and warms the runtime up: it takes several times longer than the next.
      const ssr = await loadBundle();
      await ssr?.render('/hotel', DEFAULT_LANGUAGE, {}).catch(() => {});
    },
  };
}
