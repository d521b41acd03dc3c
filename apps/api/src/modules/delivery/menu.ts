/** The delivery menu as guests see it: read by GET delivery/products/ and by the rendered /delivery page. */
import type { FastifyRequest } from 'fastify';
import { withRussianFallback, type Product } from '@hotel/domain';
import type { Db } from '../../db/client';
import type { Notifications } from '../../db/notifications';
import { presentImage } from '../uploads/public-url';
import { listMenu, type MenuRow } from './repository';

export function presentProduct(request: FastifyRequest, { product, category }: MenuRow): Product {
  return {
    id: product.id,
    // An admin may leave the English empty: English visitors then read the Russian.
    name: withRussianFallback(product.name),
    description: withRussianFallback(product.description),
    price: product.price,
    image: product.image ? presentImage(request, product.image) : null,
    category: { id: category.id, title: withRussianFallback(category.title) },
  };
}

export interface MenuCache {
  /** The menu, read once and kept until it changes. */
  rows(): Promise<MenuRow[]>;
  /** Forget it: the next read goes to the database. */
  invalidate(): void;
}

/**
 * The menu in memory (docs/decisions/020-availability-in-memory.md): it changes a few times a day
 * and is read on every visit to /delivery. Every instance forgets its copy when the database
 * announces a change of dishes or categories (`menu` channel, migration 0008); this instance's own
 * admin writes forget it before they answer (`changesMenu` routes).
 */
export async function createMenuCache(db: Db, notifications: Notifications): Promise<MenuCache & { close(): void }> {
  let rows: Promise<MenuRow[]> | null = null;
  const invalidate = () => {
    rows = null;
  };
  const unlisten = await notifications.listen('menu', invalidate);
  const stopResync = notifications.onResync(invalidate);
  return {
    rows() {
      // A drizzle query runs again on every `then`: Promise.resolve reads it once and keeps the rows.
      const read = (rows ??= Promise.resolve(listMenu(db)));
      // A failed read is not kept: the next call tries again.
      read.catch(() => {
        if (rows === read) rows = null;
      });
      return read;
    },
    invalidate,
    close() {
      unlisten();
      stopResync();
    },
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route changes dishes or categories: this instance forgets its menu before answering. */
    changesMenu?: boolean;
  }
}
