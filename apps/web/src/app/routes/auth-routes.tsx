/**
 * The /auth area and the social sign-in callbacks. Signed-in visitors of the sign-in steps go to
 * /account; unknown /auth sub-paths fall to the catch-all, which sends them to /auth.
 */
import type { RouteObject } from 'react-router';
import { RedirectIfSignedIn } from '../guards';

export const authRoutes: RouteObject[] = [
  {
    path: '/auth',
    lazy: () => import('../../routes/auth/layout'),
    children: [
      {
        element: <RedirectIfSignedIn />,
        children: [
          { index: true, lazy: () => import('../../routes/auth/index') },
          { path: 'password', lazy: () => import('../../routes/auth/password') },
          { path: 'reg', lazy: () => import('../../routes/auth/reg') },
          { path: 'verify-code', lazy: () => import('../../routes/auth/verify-code') },
          { path: 'create-password', lazy: () => import('../../routes/auth/create-password') },
          { path: 'password-success', lazy: () => import('../../routes/auth/password-success') },
        ],
      },
      { path: 'welcome', lazy: () => import('../../routes/auth/welcome') },
    ],
  },
  { path: '/google/callback', lazy: () => import('../../routes/auth/google-callback') },
  { path: '/yandex/callback', lazy: () => import('../../routes/auth/yandex-callback') },
];
