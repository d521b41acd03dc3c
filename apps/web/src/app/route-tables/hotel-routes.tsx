/**
 * Hotel landing and room search results (inside the site header and footer); the booking steps
 * after them are in booking-routes.tsx. Unknown /hotel sub-paths fall to the catch-all, which
 * sends them to /hotel (HOT-03).
 */
import type { AppRoute } from '../lazy-screen';
import { paths } from '../../shared/paths';

export const hotelRoutes: AppRoute[] = [
  { path: paths.hotel.root, lazy: () => import('../../routes/hotel/index') },
  { path: paths.hotel.rooms, lazy: () => import('../../routes/hotel/rooms') },
];
