/**
 * The signed-in account area (/account/*). Anonymous visitors go to /auth (RequireUser); unknown
 * sub-paths fall to the catch-all, which sends them to the overview.
 */
import type { RouteObject } from 'react-router';
import { RequireUser } from '../guards';

export const accountRoutes: RouteObject[] = [
  {
    path: '/account',
    element: <RequireUser />,
    children: [
      {
        lazy: () => import('../../routes/account/layout'),
        children: [
          { index: true, lazy: () => import('../../routes/account/index') },
          { path: 'overview', lazy: () => import('../../routes/account/overview') },
          { path: 'profile', lazy: () => import('../../routes/account/profile') },
          { path: 'addresses', lazy: () => import('../../routes/account/addresses') },
          { path: 'reservations', lazy: () => import('../../routes/account/reservations') },
          { path: 'orders', lazy: () => import('../../routes/account/orders') },
          { path: 'payments', lazy: () => import('../../routes/account/payments') },
        ],
      },
    ],
  },
];
