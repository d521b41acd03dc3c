/**
 * Hotel landing, room search results and the booking steps (inside the site header and footer).
 * The booking steps are for signed-in users only (HOT-18); unknown /hotel sub-paths fall to the
 * catch-all, which sends them to /hotel (HOT-03).
 */
import type { RouteObject } from 'react-router';
import { RequireUser } from '../guards';
import { paths } from '../../shared/paths';

export const hotelRoutes: RouteObject[] = [
  { path: paths.hotel.root, lazy: () => import('../../routes/hotel/index') },
  { path: paths.hotel.rooms, lazy: () => import('../../routes/hotel/rooms') },
  {
    element: <RequireUser />,
    children: [
      { path: paths.hotel.guests, lazy: () => import('../../routes/hotel/guests') },
      { path: paths.hotel.payment, lazy: () => import('../../routes/hotel/payment') },
    ],
  },
];
