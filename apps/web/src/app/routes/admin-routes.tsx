/**
 * The admin area (/admin/*, ADM-01..07). RequireAdmin sends anonymous visitors to /auth and other
 * users to /account; /admin and unknown sub-paths go to /admin/hotel.
 */
import { Navigate, type RouteObject } from 'react-router';
import { RequireAdmin } from '../guards';

export const adminRoutes: RouteObject[] = [
  {
    path: '/admin',
    element: <RequireAdmin />,
    children: [
      {
        lazy: () => import('../../routes/admin/layout'),
        children: [
          { index: true, element: <Navigate to="/admin/hotel" replace /> },
          { path: 'hotel', lazy: () => import('../../routes/admin/hotel') },
          { path: 'reservations', lazy: () => import('../../routes/admin/reservations') },
          { path: 'orders', lazy: () => import('../../routes/admin/orders') },
          { path: 'delivery', lazy: () => import('../../routes/admin/delivery') },
          { path: 'users', lazy: () => import('../../routes/admin/users') },
          { path: 'payments', lazy: () => import('../../routes/admin/payments') },
          { path: 'log', lazy: () => import('../../routes/admin/log') },
          { path: '*', element: <Navigate to="/admin/hotel" replace /> },
        ],
      },
    ],
  },
];
