/**
 * Loads the demo content (the `@hotel/demo-content` package) into an empty database: amenities
 * with their icons, the eight rooms with three pictures each, the menu categories and the dishes
 * with a picture each, the extras with the stay with an icon each. The pictures are drawn and stored first, outside the transaction
 * (rendering takes a few seconds), each with its resized copies, as an upload's are made soon after
 * it arrives: a first visitor never waits for an encode. The rows then go in with one transaction,
 * so a database never holds half the content.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { numberOptionGroups, optionGroupsInputSchema } from '@hotel/domain';
import {
  amenityIconSvg,
  demoCategories,
  demoConveniences,
  demoExtras,
  demoProducts,
  demoRooms,
  dishImageSvg,
  roomImageSvg,
} from '@hotel/demo-content';
import type { Db } from '../db/client';
import { analyze } from '../db/repository';
import type { StoredImage } from '../db/columns';
import { categories, products } from '../modules/delivery/tables';
import { stayExtras } from '../modules/extras/tables';
import { conveniences, roomConveniences, rooms } from '../modules/hotel/tables';
import { loadSharp } from '../images';
import { COPY_SETTINGS_KEY, makeEveryCopy } from '../modules/uploads/resized';
import { withSharedDerived, type Storage } from '../storage';

/** How many pictures are drawn at once: enough to keep two cores busy without flooding memory. */
const RENDER_CONCURRENCY = 4;
/** Any constant: serialises two seeds started at once (the server and `npm run seed`). */
const SEED_LOCK = 1799;

export interface StoredDemoImages {
  /** Icon file per amenity key. */
  icons: Map<string, string>;
  /** Three picture files per room slug, in the order of `DemoRoom.images`. */
  rooms: Map<string, string[]>;
  /** Picture file per dish slug. */
  dishes: Map<string, string>;
  /** Picture file per extra key. */
  extras: Map<string, string>;
}

/** Draws every demo picture and stores it; answers the stored file names. */
export async function storeDemoImages(storage: Storage): Promise<StoredDemoImages> {
  const icons = new Map<string, string>();
  for (const convenience of demoConveniences) {
    icons.set(convenience.key, await storage.put(`icon-${convenience.key}`, 'svg', Buffer.from(amenityIconSvg(convenience.icon))));
  }
  const extras = new Map<string, string>();
  for (const extra of demoExtras) {
    extras.set(extra.key, await storage.put(`extra-${extra.key}`, 'svg', Buffer.from(amenityIconSvg(extra.icon))));
  }

  type Job = { base: string; draw: () => string; done: (file: string) => void };
  const roomFiles = new Map<string, string[]>(demoRooms.map((room) => [room.slug, []]));
  const dishes = new Map<string, string>();
  const jobs: Job[] = [
    ...demoRooms.flatMap((room) =>
      room.images.map((_, index) => ({
        base: `room-${room.slug}-${index + 1}`,
        draw: () => roomImageSvg(room, index),
        done: (file: string) => {
          roomFiles.get(room.slug)![index] = file;
        },
      })),
    ),
    ...demoProducts.map((product) => ({
      base: `dish-${product.slug}`,
      draw: () => dishImageSvg(product),
      done: (file: string) => dishes.set(product.slug, file),
    })),
  ];
  // The copies too are kept on this machine (each width in two formats is some twenty seconds of
  // CPU for the whole set), beside the drawings and named after how they are made.
  const withCopies = withSharedDerived(storage, path.join(PICTURE_CACHE, `resized-${COPY_SETTINGS_KEY}`));
  await mapLimit(jobs, RENDER_CONCURRENCY, async (job) => {
    const file = await storage.put(job.base, 'webp', await drawnWebp(job.draw()));
    await makeEveryCopy(withCopies, file);
    job.done(file);
  });
  return { icons, rooms: roomFiles, dishes, extras };
}

/**
 * Drawn pictures kept by the hash of their drawing, outside any data folder: a second seed on
 * this machine (another data folder, each server a test run starts) reuses them instead of
 * spending ten seconds of CPU on the same pixels. A changed drawing has a new hash.
 */
const PICTURE_CACHE = path.join(os.tmpdir(), 'hotel-demo-pictures');

/** The WebP of an SVG drawing, from the machine's cache when it was drawn before. */
async function drawnWebp(svg: string): Promise<Buffer> {
  const key = createHash('sha256').update('webp q80 e2\n').update(svg).digest('hex').slice(0, 40);
  const file = path.join(PICTURE_CACHE, `${key}.webp`);
  try {
    return await readFile(file);
  } catch {
    // Not drawn yet on this machine.
  }
  const webp = await svgToWebp(svg);
  try {
    await mkdir(PICTURE_CACHE, { recursive: true });
    // Written aside and renamed, so a seed running beside this one never reads half a file.
    const aside = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    await writeFile(aside, webp);
    await rename(aside, file);
  } catch {
    // A cache that cannot be written (a read-only temporary folder) only costs the next seed time.
  }
  return webp;
}

/** Renders an SVG drawing to WebP. */
async function svgToWebp(svg: string, quality = 80): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).webp({ quality, effort: 2 }).toBuffer();
}

/** Runs `task` over the items with at most `limit` running at once; keeps the order. */
async function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Whether the database has rooms: demo content is loaded only into one that has none. */
export async function hasRooms(db: Pick<Db, 'select'>): Promise<boolean> {
  const found = await db.select({ id: rooms.id }).from(rooms).limit(1);
  return found.length > 0;
}

/** Loads the demo content when the database has no rooms yet; answers whether it did. */
export async function seedDemoContent(db: Db, storage: Storage): Promise<boolean> {
  if (await hasRooms(db)) return false;
  const files = await storeDemoImages(storage);

  const seeded = await db.transaction(async (tx) => {
    // Another seed may have run while the pictures were drawn: check again under a lock.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await hasRooms(tx)) return false;

    const convenienceIds = new Map<string, number>();
    for (const convenience of demoConveniences) {
      const [row] = await tx
        .insert(conveniences)
        .values({ description: convenience.description, image: files.icons.get(convenience.key) ?? null })
        .returning({ id: conveniences.id });
      convenienceIds.set(convenience.key, row!.id);
    }

    for (const [position, room] of demoRooms.entries()) {
      const images: StoredImage[] = room.images.map((image, index) => ({
        file: files.rooms.get(room.slug)![index]!,
        alt: image.alt,
      }));
      const [row] = await tx
        .insert(rooms)
        .values({
          slug: room.slug,
          position,
          name: room.name,
          description: room.description,
          images,
          price: room.price,
          extraPrice: room.extraPrice,
          primaryCapacity: room.primaryCapacity,
          extraCapacity: room.extraCapacity,
          roomSize: room.roomSize,
        })
        .returning({ id: rooms.id });
      const links = room.conveniences.map((key) => {
        const convenienceId = convenienceIds.get(key);
        if (convenienceId === undefined) throw new Error(`Room ${room.slug} lists an unknown amenity: ${key}`);
        return { roomId: row!.id, convenienceId };
      });
      if (links.length > 0) await tx.insert(roomConveniences).values(links);
    }

    const categoryIds = new Map<string, number>();
    for (const [position, category] of demoCategories.entries()) {
      const [row] = await tx.insert(categories).values({ position, title: category.title }).returning({ id: categories.id });
      categoryIds.set(category.key, row!.id);
    }

    const positions = new Map<string, number>();
    const productRows = demoProducts.map((product) => {
      const categoryId = categoryIds.get(product.category);
      if (categoryId === undefined) throw new Error(`Dish ${product.slug} is in an unknown category: ${product.category}`);
      const position = positions.get(product.category) ?? 0;
      positions.set(product.category, position + 1);
      const image: StoredImage = { file: files.dishes.get(product.slug)!, alt: product.name };
      // Checked and numbered as a dish staff add is (modules/delivery/menu-admin.ts).
      const optionGroups = numberOptionGroups(optionGroupsInputSchema.parse(product.options ?? []), []);
      return { categoryId, position, name: product.name, description: product.description, price: product.price, image, optionGroups };
    });
    await tx.insert(products).values(productRows);

    // Extras with the stay (decision 044), offered in every room.
    await tx.insert(stayExtras).values(
      demoExtras.map((extra, sortOrder) => ({
        name: extra.name,
        description: extra.description,
        price: extra.price,
        counts: extra.counts,
        image: { file: files.extras.get(extra.key)!, alt: extra.name },
        sortOrder,
        roomIds: null,
      })),
    );
    return true;
  });
  if (seeded) await analyze(db);
  return seeded;
}
