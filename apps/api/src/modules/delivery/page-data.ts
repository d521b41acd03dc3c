/** /delivery drawn on the server with the menu (plugins/rendered-pages.ts), as GET delivery/products/ answers it. */
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
});
