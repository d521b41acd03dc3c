/**
 * Resized copies of stored images for `srcset`, kept by the storage beside the originals. WebP is made
 * when first asked for (a few hundred milliseconds). AVIF is smaller but takes seconds to encode
 * on a small server, so no visitor waits for it: until a width's AVIF is ready the WebP answers
 * instead (browsers decode what the content type says), and the AVIF is encoded in the
 * background, one at a time, for the requests after. Pictures that come with the site (the demo
 * content) are made in every width and format before the server starts (`makeEveryCopy`), as if
 * uploaded long ago: a first visitor never waits for an encode.
 */
import { createHash } from 'node:crypto';
import { loadSharp } from '../../images';
import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../../storage';
import { IMAGE_WIDTHS } from './public-url';

export type ResizedFormat = 'webp' | 'avif';

/** The name a resized copy is kept under, by the storage that keeps the original (storage/index.ts). */
const derivedName = (file: string, width: number, format: ResizedFormat) => `${width}-${file.replace(/\.\w+$/, '')}.${format}`;

const SETTINGS = { webp: { quality: 78 }, avif: { quality: 50, effort: 2 } } as const;
/** Names how copies are made, for copies kept beyond one data folder: other settings, other copies. */
export const COPY_SETTINGS_KEY = createHash('sha256').update(JSON.stringify(SETTINGS)).digest('hex').slice(0, 10);

async function encode(storage: Storage, file: string, width: number, format: ResizedFormat): Promise<Buffer | null> {
  const original = await storage.read(file);
  if (!original) return null;
  const sharp = await loadSharp();
  const resized = sharp(original).resize({ width, withoutEnlargement: true });
  const bytes = await (format === 'avif' ? resized.avif(SETTINGS.avif) : resized.webp(SETTINGS.webp)).toBuffer();
  await storage.putDerived(derivedName(file, width, format), bytes);
  return bytes;
}

/** Every width of a stored picture in both formats, each made now unless the storage has it already. */
export async function makeEveryCopy(storage: Storage, file: string): Promise<void> {
  for (const width of IMAGE_WIDTHS) {
    for (const format of ['webp', 'avif'] as const) {
      if (!(await storage.readDerived(derivedName(file, width, format)))) await encode(storage, file, width, format);
    }
  }
}

function createResizer(storage: Storage, log: FastifyBaseLogger) {
  const queued = new Set<string>();
  let queue: Promise<void> = Promise.resolve();
  const warming = new Set<Promise<unknown>>();
  let stopped = false;

  /** Encodes the AVIF of a width later, once; requests meanwhile get the WebP. */
  function avifLater(file: string, width: number) {
    const key = `${width}-${file}`;
    if (stopped || queued.has(key)) return;
    queued.add(key);
    queue = queue
      .then(() => encode(storage, file, width, 'avif'))
      .then(
        () => undefined,
        (error: unknown) => log.warn({ err: error, file, width }, 'AVIF not made'),
      )
      .finally(() => queued.delete(key));
  }

  return {
    /** The bytes of the width in the format asked for, or WebP while that AVIF is being made; null: no such file. */
    async get(file: string, width: number, format: ResizedFormat): Promise<{ bytes: Buffer; format: ResizedFormat } | null> {
      const cached = await storage.readDerived(derivedName(file, width, format)).catch(() => null);
      if (cached) return { bytes: cached, format };
      if (format === 'avif') {
        const webp = await this.get(file, width, 'webp');
        if (webp) avifLater(file, width);
        return webp;
      }
      const bytes = await encode(storage, file, width, 'webp');
      return bytes ? { bytes, format } : null;
    },
    /** Every width in both formats, in the background: a picture just uploaded is shown soon. */
    warm(file: string) {
      if (stopped) return;
      for (const width of IMAGE_WIDTHS) {
        const webp = this.get(file, width, 'webp').catch(() => null);
        warming.add(webp);
        void webp.finally(() => warming.delete(webp));
        avifLater(file, width);
      }
    },
    /** Takes no more background work and waits for what is under way (the server is closing). */
    async stop() {
      stopped = true;
      await Promise.all([queue, ...warming]);
    },
  };
}

export type Resizer = ReturnType<typeof createResizer>;

const resizers = new WeakMap<Storage, Resizer>();

/** One resizer (and so one AVIF queue) per storage, shared by the uploads route and the admin's uploads. */
export function resizerFor(storage: Storage, log: FastifyBaseLogger): Resizer {
  let resizer = resizers.get(storage);
  if (!resizer) {
    resizer = createResizer(storage, log);
    resizers.set(storage, resizer);
  }
  return resizer;
}
