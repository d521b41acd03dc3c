/**
 * The booking's steps after the search (inside the site header and footer), for signed-in users
 * only (HOT-18). Patched in on the first navigation to a step (AREAS in app/router.tsx): a first
 * visit to a public page does not carry them.
 */
import type { AppRoute } from '../lazy-screen';
import { RequireUser } from '../guards';
import { paths } from '../../shared/paths';

export const bookingRoutes: AppRoute[] = [
  {
    element: <RequireUser />,
    children: [
      { path: paths.hotel.guests, lazy: () => import('../../routes/hotel/guests') },
      { path: paths.hotel.payment, lazy: () => import('../../routes/hotel/payment') },
    ],
  },
];
