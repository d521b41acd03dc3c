/**
 * The admin area (/admin/*, ADM-01..07). RequireAdmin sends anonymous visitors to /auth and other
 * users to /account; /admin and unknown sub-paths go to /admin/hotel.
 */
import { Navigate, type RouteObject } from 'react-router';
import { RequireAdmin } from '../guards';
import { paths } from '../../shared/paths';

export const adminRoutes: RouteObject[] = [
  {
    path: paths.admin.root,
    element: <RequireAdmin />,
    children: [
      {
        lazy: () => import('../../routes/admin/layout'),
        children: [
          { index: true, element: <Navigate to={paths.admin.hotel} replace /> },
          { path: paths.admin.hotel, lazy: () => import('../../routes/admin/hotel') },
          { path: paths.admin.reservations, lazy: () => import('../../routes/admin/reservations') },
          { path: paths.admin.orders, lazy: () => import('../../routes/admin/orders') },
          { path: paths.admin.restaurant, lazy: () => import('../../routes/admin/restaurant') },
          { path: paths.admin.delivery, lazy: () => import('../../routes/admin/delivery') },
          { path: paths.admin.users, lazy: () => import('../../routes/admin/users') },
          { path: paths.admin.payments, lazy: () => import('../../routes/admin/payments') },
          { path: paths.admin.reports, lazy: () => import('../../routes/admin/reports') },
          { path: paths.admin.reviews, lazy: () => import('../../routes/admin/reviews') },
          { path: paths.admin.promo, lazy: () => import('../../routes/admin/promo') },
          { path: paths.admin.log, lazy: () => import('../../routes/admin/log') },
          { path: '*', element: <Navigate to={paths.admin.hotel} replace /> },
        ],
      },
    ],
  },
];
