/**
 * The signed-in account area (/account/*). Anonymous visitors go to /auth (RequireUser); unknown
 * sub-paths fall to the catch-all, which sends them to the overview.
 */
import type { AppRoute } from '../lazy-screen';
import { RequireUser } from '../guards';
import { paths } from '../../shared/paths';

export const accountRoutes: AppRoute[] = [
  {
    path: paths.account.root,
    element: <RequireUser />,
    children: [
      // The printable bill: the sheet alone, without the account's frame (issue 45).
      { path: paths.account.invoice, lazy: () => import('../../routes/account/invoice') },
      {
        lazy: () => import('../../routes/account/layout'),
        children: [
          { index: true, lazy: () => import('../../routes/account/index') },
          { path: paths.account.overview, lazy: () => import('../../routes/account/overview') },
          { path: paths.account.profile, lazy: () => import('../../routes/account/profile') },
          { path: paths.account.addresses, lazy: () => import('../../routes/account/addresses') },
          { path: paths.account.reservations, lazy: () => import('../../routes/account/reservations') },
          { path: paths.account.orders, lazy: () => import('../../routes/account/orders') },
          { path: paths.account.payments, lazy: () => import('../../routes/account/payments') },
          { path: paths.account.reviews, lazy: () => import('../../routes/account/reviews') },
          { path: paths.account.checkIn, lazy: () => import('../../routes/account/check-in') },
          { path: paths.account.notices, lazy: () => import('../../routes/account/notices') },
        ],
      },
    ],
  },
];
