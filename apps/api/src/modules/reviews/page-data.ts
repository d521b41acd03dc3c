/**
 * The approved reviews on the pages drawn on the server (plugins/rendered-pages.ts): /hotel with
 * those of stays, /delivery with those of orders, as GET reviews/?kind= answers them. A page
 * drawn with them is drawn again when the `reviews` family moves on (an approval, a hidden
 * review, an answer), so they show at once (docs/caching.md).
 */
import type { PublicReviews, ReviewKind } from '@hotel/domain';
import { dataPage, type DataPage } from '../../plugins/rendered-pages';
import { publicReviews } from './service';

interface Drawn {
  rows: unknown[];
  reviews: PublicReviews;
}

/** `page` with the approved reviews of `kind` read beside its rows and carried in its data. */
export function withReviews(page: DataPage<unknown>, kind: ReviewKind): DataPage<unknown> {
  return dataPage<Drawn>({
    path: page.path,
    drawnFrom: [...page.drawnFrom, 'reviews'],
    read: async (db) => {
      const [rows, reviews] = await Promise.all([page.read(db), publicReviews(db, kind)]);
      return [{ rows, reviews }];
    },
    present: (request, [drawn]) => ({ ...page.present(request, drawn?.rows ?? []), ...(drawn ? { reviews: drawn.reviews } : {}) }),
    address: page.address,
  });
}
