/**
 * The admin area (/admin/*, ADM-01..07). RequireAdmin sends anonymous visitors to /auth and other
 * users to /account; /admin and unknown sub-paths go to /admin/hotel.
 */
import type { AppRoute } from '../lazy-screen';
import { AdminHome } from '../../features/admin-shell/components/admin-home';
import { RequireAdmin } from '../guards';
import { paths } from '../../shared/paths';

export const adminRoutes: AppRoute[] = [
  {
    path: paths.admin.root,
    element: <RequireAdmin />,
    children: [
      // Printable pages: the sheet alone, without the admin area's frame (issue 45).
      { path: paths.admin.invoice, lazy: () => import('../../routes/admin/invoice') },
      { path: paths.admin.registrationCard, lazy: () => import('../../routes/admin/registration-card') },
      {
        lazy: () => import('../../routes/admin/layout'),
        children: [
          { index: true, element: <AdminHome /> },
          { path: paths.admin.hotel, lazy: () => import('../../routes/admin/hotel') },
          { path: paths.admin.reservations, lazy: () => import('../../routes/admin/reservations') },
          { path: paths.admin.desk, lazy: () => import('../../routes/admin/desk') },
          { path: paths.admin.housekeeping, lazy: () => import('../../routes/admin/housekeeping') },
          { path: paths.admin.orders, lazy: () => import('../../routes/admin/orders') },
          { path: paths.admin.restaurant, lazy: () => import('../../routes/admin/restaurant') },
          { path: paths.admin.delivery, lazy: () => import('../../routes/admin/delivery') },
          { path: paths.admin.users, lazy: () => import('../../routes/admin/users') },
          { path: paths.admin.payments, lazy: () => import('../../routes/admin/payments') },
          { path: paths.admin.reports, lazy: () => import('../../routes/admin/reports') },
          { path: paths.admin.reviews, lazy: () => import('../../routes/admin/reviews') },
          { path: paths.admin.promo, lazy: () => import('../../routes/admin/promo') },
          { path: paths.admin.log, lazy: () => import('../../routes/admin/log') },
          { path: '*', element: <AdminHome /> },
        ],
      },
    ],
  },
];
