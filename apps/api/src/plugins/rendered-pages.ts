/**
 * Pages whose content comes from the database, rendered on request with the web build's server
 * bundle (docs/decisions/008-prerendering.md): /hotel with its rooms, /delivery with its menu,
 * /hotel/rooms with the rooms free for the search its address names. A page's rows are read again
 * when the data versions of the families it is drawn from move on (db/data-versions.ts), and a
 * rendered page is kept, compressed, per language under those versions, the hotel's date and its
 * data (docs/caching.md). Pages drawn from their query (a search) are kept apart, so that many
 * searches never push /hotel and /delivery out. A page whose query decides only a part of it
 * (/hotel/rooms?checkIn…) is drawn once per language and data version with marks where that part,
 * the query and the data go, and only the part is drawn for each request; its gzip is the page's
 * parts compressed once with the part's compressed on the way (docs/decisions/063-search-page-in-parts.md).
 * Without the bundle, or when a render fails, the web app plugin sends the build's prerendered
 * copy, drawn without data (the client then fetches it).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, crc32, deflateRawSync, gzip } from 'node:zlib';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { LANGUAGES, type Language, type Product, type PublicReviews, type Room, type RoomVariant } from '@hotel/domain';
import type { Db } from '../db/client';
import type { DataFamily, DataVersions } from '../db/data-versions';

/** The parts of apps/web/src/entry-server.tsx this server uses. */
interface ServerBundle {
  render(path: string, language: Language, data: PageData): Promise<RenderedParts>;
  fillTemplate(template: string, parts: RenderedParts): string;
  /** Whether the page at this path is drawn in parts: once (`renderShell`), and its query's part on each request (`renderSlot`). */
  drawnInParts(pathname: string): boolean;
  renderShell(pathname: string, language: Language): Promise<RenderedParts>;
  /** `kept`: the markup of the slot's parts that do not change with the query, kept with the shell and added to by the render. */
  renderSlot(path: string, language: Language, data: PageData, kept: Map<string, string>): Promise<{ html: string; data: string }>;
  /** Where the shell's markup takes the slot's. */
  SLOT_MARK: string;
  /** Where the shell's markup takes the address's query, as an attribute holds it. */
  QUERY_MARK: string;
}

interface RenderedParts {
  html: string;
  head: string;
  data: string;
}

/** A rendered page, with the compressed copies the other pages have beside them in the build (a search page: gzip only). */
export interface RenderedPage {
  identity: Buffer;
  br?: Buffer;
  gzip: Buffer;
}

export interface RenderedPages {
  /** The page at this path drawn with the current data, or null: not such a page, or it cannot be drawn now. */
  page(request: PageRequest, urlPath: string, language: Language): Promise<RenderedPage | null>;
  /**
   * Draws every page at its own address in each language, and the shell of each page drawn in
   * parts, before the first visitor asks (docs/decisions/082-drawn-before-asked.md).
   */
  drawAhead(server: FastifyInstance): Promise<void>;
}

/**
 * What a page is drawn from besides its rows: the server (its settings, the availability) and the
 * address asked for. A request is one; so is a page's own address drawn before anyone asks.
 */
export type PageRequest = Pick<FastifyRequest, 'server' | 'url'>;

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
  present(request: PageRequest, rows: Row[]): PageData;
  /**
   * The address the page is drawn for, for a page drawn from its query (/hotel/rooms?checkIn…):
   * its path and the part of the query it reads. Without it, the path alone.
   */
  address?(request: PageRequest): string;
  /**
   * What of the hour the page's markup depends on beyond the hotel's day (the table times still
   * ahead today), kept in its key: a page drawn at noon is not sent at nine in the evening.
   */
  clock?(now: Date): string;
}

export const dataPage = <Row,>(page: DataPage<Row>) => page as DataPage<unknown>;

/** Pages kept: both languages of each page at its own address, and room for a few more (a language's copy drawn just before the data moved on). */
const KEPT_PAGES = 12;
/** Searches drawn from their address (/hotel/rooms?checkIn…), kept in a list of their own. */
const KEPT_SEARCHES = 24;
/** Shells of pages drawn in parts: both languages of a few data versions. */
const KEPT_SHELLS = 8;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Where the page's template takes the data script, in a shell. */
const DATA_MARK = '\uE000data\uE000';

type ShellPart = { text: Buffer; deflated: Buffer } | { mark: 'slot' | 'query' | 'data' };

/**
 * A page drawn once for every query, cut at its marks. Each text is compressed on its own, ending
 * on a full flush (byte-aligned, nothing referring back to it), so the gzip of a whole page is its
 * texts' deflated bytes with the parts of the request compressed the same way in between.
 */
export function cutShell(document: string, marks: { slot: string; query: string }): ShellPart[] {
  const names = new Map<string, 'slot' | 'query' | 'data'>([
    [marks.slot, 'slot'],
    [marks.query, 'query'],
    [DATA_MARK, 'data'],
  ]);
  const parts: ShellPart[] = [];
  const pattern = new RegExp([...names.keys()].map((mark) => mark.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  let from = 0;
  for (const match of document.matchAll(pattern)) {
    const text = Buffer.from(document.slice(from, match.index));
    parts.push({ text, deflated: deflatePart(text, 9) }, { mark: names.get(match[0])! });
    from = match.index + match[0].length;
  }
  const rest = Buffer.from(document.slice(from));
  parts.push({ text: rest, deflated: deflatePart(rest, 9) });
  return parts;
}

/** Raw deflate blocks of `bytes`, not the last, ending on a byte with no reference to what follows. */
function deflatePart(bytes: Buffer, level: number) {
  return deflateRawSync(bytes, { level, finishFlush: constants.Z_FULL_FLUSH });
}

/** Parts this short are sent stored (not compressed): setting a compressor up costs more than the few bytes it would save. */
const STORED_AT_MOST = 256;

/**
 * `bytes` as a stored deflate block, not the last: its header on a byte of its own (the part before
 * ends on a byte), the length and its complement, the bytes.
 */
function storedPart(bytes: Buffer) {
  const block = Buffer.allocUnsafe(5 + bytes.length);
  block[0] = 0;
  block.writeUInt16LE(bytes.length, 1);
  block.writeUInt16LE(~bytes.length & 0xffff, 3);
  bytes.copy(block, 5);
  return block;
}

/** gzip's header (no name, no time, unknown system) and the last, empty, fixed-Huffman block. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255]);
const LAST_BLOCK = Buffer.from([0x03, 0x00]);

/** The page a shell makes with a request's parts: the document, and its gzip assembled from the parts'. */
export function fillShell(parts: readonly ShellPart[], filling: Record<'slot' | 'query' | 'data', string>): RenderedPage {
  const filled: Record<string, { text: Buffer; deflated: Buffer }> = {};
  const texts: Buffer[] = [];
  const deflated: Buffer[] = [GZIP_HEADER];
  for (const part of parts) {
    if ('text' in part) {
      texts.push(part.text);
      deflated.push(part.deflated);
      continue;
    }
    let fill = filled[part.mark];
    if (!fill) {
      const text = Buffer.from(filling[part.mark]);
      // The slot and the data are kilobytes: the quickest compression is near the best there. The
      // query is a few dozen bytes, which cost less stored than the compressor's setup.
      fill = filled[part.mark] = { text, deflated: text.length <= STORED_AT_MOST ? storedPart(text) : deflatePart(text, 1) };
    }
    texts.push(fill.text);
    deflated.push(fill.deflated);
  }
  const identity = Buffer.concat(texts);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(identity), 0);
  trailer.writeUInt32LE(identity.length % 2 ** 32, 4);
  deflated.push(LAST_BLOCK, trailer);
  return { identity, gzip: Buffer.concat(deflated) };
}

/** A query as React writes it in an attribute value. */
const attributeText = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[char]!);

export const noRenderedPages: RenderedPages = {
  page: async () => null,
  drawAhead: async () => {},
};

export function createRenderedPages(options: {
  db: Db;
  versions: DataVersions;
  ssrFolder: string;
  log: FastifyBaseLogger;
  pages: readonly DataPage<unknown>[];
  /** Changes every document drawn (the sandbox payments' mark, plugins/web-app.ts). */
  mark?: (document: string) => string;
}): RenderedPages {
  const { db, versions, ssrFolder, log, pages, mark = (document: string) => document } = options;
  let bundle: Promise<ServerBundle | null> | undefined;
  const templates = new Map<string, Promise<string>>();
  const reads = new Map<DataPage<unknown>, { rows: Promise<unknown[]>; key: string }>();
  const kept = new Map<string, Promise<RenderedPage | null>>();
  const keptSearches = new Map<string, Promise<RenderedPage | null>>();
  const shells = new Map<string, { parts: Promise<ShellPart[]>; kept: Map<string, string> }>();

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

  /** `drawnFor`: a search, a page a visitor is waiting for, or a page drawn before anyone asks. */
  async function draw(
    ssr: ServerBundle,
    page: DataPage<unknown>,
    address: string,
    language: Language,
    data: PageData,
    drawnFor: 'search' | 'visitor' | 'ahead',
  ): Promise<RenderedPage> {
    const parts = await ssr.render(address, language, data);
    const identity = Buffer.from(mark(ssr.fillTemplate(await template(page, language), parts)));
    // Quality 10 is within half a percent of the build's 11 (scripts/precompress.mjs) at a third of
    // the CPU: for /delivery, 28.8 KB in 69 ms against 28.7 KB in 207 ms, with two cores to serve
    // everything else. A visitor who is waiting gets a copy made in a few milliseconds at 5, about a
    // tenth larger, and the following ones the smaller; a search is seldom asked for twice, and
    // keeps its quick copy.
    const brotliAt = (quality: number) =>
      brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } });
    const [br, gzip] = await Promise.all([brotliAt(drawnFor === 'ahead' ? 10 : 5), gzipped(identity, { level: 9 })]);
    const rendered = { identity, br, gzip };
    if (drawnFor === 'visitor') {
      brotliAt(10).then(
        (smaller) => (rendered.br = smaller),
        () => {},
      );
    }
    return rendered;
  }

  /**
   * The page drawn once for every query, cut at its marks, as of `drawnAt` (the hotel's day and the
   * data versions), with the markup of its slot's parts kept for the same language and versions.
   */
  function shellOf(ssr: ServerBundle, page: DataPage<unknown>, language: Language, drawnAt: string) {
    const key = `${page.path}\n${language}\n${drawnAt}`;
    let shell = shells.get(key);
    if (!shell) {
      const parts = (async () => {
        const drawn = await ssr.renderShell(page.path, language);
        const document = mark(ssr.fillTemplate(await template(page, language), { ...drawn, data: DATA_MARK }));
        return cutShell(document, { slot: ssr.SLOT_MARK, query: ssr.QUERY_MARK });
      })();
      // A failure is not kept: the next request draws it again.
      parts.catch(() => shells.delete(key));
      for (const old of shells.keys()) {
        if (shells.size < KEPT_SHELLS) break;
        shells.delete(old);
      }
      shell = { parts, kept: new Map() };
      shells.set(key, shell);
    }
    return shell;
  }

  /** A search page: the shell with the slot drawn for this address. Nothing of the search is kept, so many searches keep the memory flat. */
  async function drawInParts(ssr: ServerBundle, page: DataPage<unknown>, address: string, language: Language, data: PageData, drawnAt: string) {
    const shell = shellOf(ssr, page, language, drawnAt);
    const [parts, slot] = await Promise.all([shell.parts, ssr.renderSlot(address, language, data, shell.kept)]);
    return fillShell(parts, { slot: slot.html, data: slot.data, query: attributeText(address.slice(address.indexOf('?') + 1)) });
  }

  /** The page drawn for this request, kept or drawn now (`ahead`: before anyone asks, at its own address). */
  async function pageFor(request: PageRequest, page: DataPage<unknown>, language: Language, ahead = false): Promise<RenderedPage | null> {
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
    if (address !== page.path && ssr.drawnInParts(page.path)) {
      return drawInParts(ssr, page, address, language, data, drawnAt).catch((error: unknown) => {
        log.error({ err: error, language }, `rendering ${address} failed: the built page is sent instead`);
        return null;
      });
    }
    // The key holds the hotel's date (the search forms' dates start from today's), the page's
    // hour where it has one, and the data itself.
    const key = createHash('sha256').update(`${address}\n${language}\n${drawnAt}\n${page.clock?.(new Date()) ?? ''}\n${JSON.stringify(data)}`).digest('base64url');
    const search = address !== page.path;
    const list = search ? keptSearches : kept;
    let rendered = list.get(key);
    if (rendered) {
      list.delete(key);
    } else {
      // A failure is kept too, so the same data is not drawn (and logged) again on every request.
      rendered = draw(ssr, page, address, language, data, search ? 'search' : ahead ? 'ahead' : 'visitor').catch((error: unknown) => {
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
  }

  return {
    async page(request, urlPath, language) {
      const page = pages.find((candidate) => candidate.path === urlPath.replace(/(.)\/+$/, '$1'));
      return page ? pageFor(request, page, language) : null;
    },
    async drawAhead(server) {
      const ssr = await loadBundle();
      if (!ssr) return;
      // One at a time: the server is not listening yet, and nothing else is waiting.
      for (const page of pages) {
        for (const language of LANGUAGES) {
          await pageFor({ server, url: page.path }, page, language, true);
          if (ssr.drawnInParts(page.path)) await shellOf(ssr, page, language, versions.key(page.drawnFrom)).parts.catch(() => {});
        }
      }
    },
  };
}
