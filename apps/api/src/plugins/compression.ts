/**
 * Compression of the answers worth it (docs/decisions/022-lean-request-path.md). A short answer
 * (under COMPRESSION_THRESHOLD bytes) goes as it is: compressing it costs more time than it saves
 * on the wire. A longer one is compressed once per body: the room list and the menu are the same
 * text for everyone until they change, so their compressed forms are kept (a few, by body) and the
 * next visitor gets them without work. Files come precompressed from the build (web-app.ts) and
 * streams (files, pictures, events) are left alone.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const COMPRESSION_THRESHOLD = 1024;
/** Bodies whose compressed forms are kept, and the longest one kept. */
const CACHE_ENTRIES = 64;
const CACHE_LONGEST = 64 * 1024;

const COMPRESSIBLE = /^(?:text\/(?!event-stream)|application\/(?:json|javascript|xml|problem\+json)|image\/svg\+xml)/;

type Encoding = 'br' | 'gzip';

const compressors: Record<Encoding, (body: string | Buffer) => Promise<Buffer>> = {
  // Quality 4: most of brotli's gain at a small part of its time, like gzip's default level.
  br: (body) => promisify(brotliCompress)(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (body) => promisify(gzip)(body),
};

const ACCEPTS = (['br', 'gzip'] as const).map((encoding) => ({
  encoding,
  pattern: new RegExp(`(?:^|,)\\s*${encoding}\\s*(?:;\\s*q\\s*=\\s*([0-9.]+))?\\s*(?:,|$)`, 'i'),
}));

/**
 * The encodings the client takes, ours preferred first (brotli, then gzip); `q=0` refuses one.
 * Answers compressed here and the build's precompressed files (web-app.ts) both read it.
 */
export function acceptedEncodings(acceptEncoding: string | undefined): Encoding[] {
  if (!acceptEncoding) return [];
  return ACCEPTS.filter(({ pattern }) => {
    const match = pattern.exec(acceptEncoding);
    return match !== null && (match[1] === undefined || Number(match[1]) > 0);
  }).map(({ encoding }) => encoding);
}

/** The encoding the client takes that we prefer, or none. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  return acceptedEncodings(acceptEncoding)[0] ?? null;
}

/**
 * Compressed bodies by encoding and body, the oldest dropped first. Kept bytes (the menu, the room
 * list; serialization.ts) are the same Buffer for every visitor, so they are found by identity.
 */
class CompressedBodies {
  private readonly entries = new Map<string, Promise<Buffer>>();
  private readonly kept = new WeakMap<Buffer, Partial<Record<Encoding, Promise<Buffer>>>>();

  get(encoding: Encoding, body: string | Buffer): Promise<Buffer> {
    if (Buffer.isBuffer(body)) {
      const forms = this.kept.get(body) ?? {};
      this.kept.set(body, forms);
      const compressed = (forms[encoding] ??= compressors[encoding](body));
      compressed.catch(() => delete forms[encoding]);
      return compressed;
    }
    if (body.length > CACHE_LONGEST) return compressors[encoding](body);
    const key = `${encoding}\n${body}`;
    const kept = this.entries.get(key);
    if (kept) return kept;
    const compressed = compressors[encoding](body);
    this.entries.set(key, compressed);
    if (this.entries.size > CACHE_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    compressed.catch(() => this.entries.delete(key));
    return compressed;
  }
}

export function compressionHook() {
  const kept = new CompressedBodies();
  return async function compress(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (Buffer.byteLength(payload) < COMPRESSION_THRESHOLD || reply.statusCode === 204 || reply.statusCode === 304) return payload;
    if (reply.routeOptions.config.compress === false || reply.hasHeader('content-encoding')) return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !COMPRESSIBLE.test(type)) return payload;
    const vary = reply.getHeader('vary');
    if (typeof vary !== 'string' || !/accept-encoding/i.test(vary)) reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const compressed = await kept.get(encoding, payload);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressed;
  };
}
