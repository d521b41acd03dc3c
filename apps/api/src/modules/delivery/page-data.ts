/**
 * /delivery drawn on the server with the menu (plugins/rendered-pages.ts), as GET
 * delivery/products/ answers it; `/delivery?category=ID` is drawn with that category chosen, so the
 * category links work without scripts.
 */
import { z } from 'zod';
import { productSchema } from '@hotel/domain';
import { dataPage } from '../../plugins/rendered-pages';
import { presentProduct } from './menu';
import { listMenu } from './repository';

export const deliveryPage = dataPage({
  path: '/delivery',
  drawnFrom: ['menu'],
  read: listMenu,
  present: (request, rows) => ({ menu: z.array(productSchema).parse(rows.map((row) => presentProduct(request, row))) }),
  address: (request) => {
    const category = new URL(request.url, 'http://x').searchParams.get('category');
    // Anything but a category's id shows the whole menu, as the app does: drawn once, as /delivery.
    return category && /^\d{1,9}$/.test(category) ? `/delivery?category=${category}` : '/delivery';
  },
});
