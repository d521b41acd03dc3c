/**
 * The cart, inside the site header and footer, for signed-in users (DEL-19): /delivery/cart, and
 * /cart, where the spec's header link points (DEL-20). An anonymous guest signs in and comes back
 * with the cart as it was (it lives in local storage). Patched in on the first navigation to a cart
 * (AREAS in app/router.tsx): a first visit to a public page does not carry it.
 */
import type { AppRoute } from '../lazy-screen';
import { RequireUser } from '../guards';
import { paths } from '../../shared/paths';

export const deliveryRoutes: AppRoute[] = [
  {
    element: <RequireUser />,
    children: [
      { path: paths.deliveryCart, lazy: () => import('../../routes/cart') },
      { path: paths.cart, lazy: () => import('../../routes/cart') },
    ],
  },
];
