/**
 * The /auth area and the social sign-in callbacks. Signed-in visitors of the sign-in steps go to
 * /account; unknown /auth sub-paths fall to the catch-all, which sends them to /auth.
 */
import type { AppRoute } from '../lazy-screen';
import { RedirectIfSignedIn } from '../guards';
import { paths } from '../../shared/paths';

export const authRoutes: AppRoute[] = [
  {
    path: paths.auth.root,
    lazy: () => import('../../routes/auth/layout'),
    children: [
      {
        element: <RedirectIfSignedIn />,
        children: [
          { index: true, lazy: () => import('../../routes/auth/index') },
          { path: paths.auth.password, lazy: () => import('../../routes/auth/password') },
          { path: paths.auth.reg, lazy: () => import('../../routes/auth/reg') },
          { path: paths.auth.verifyCode, lazy: () => import('../../routes/auth/verify-code') },
          { path: paths.auth.createPassword, lazy: () => import('../../routes/auth/create-password') },
          { path: paths.auth.passwordSuccess, lazy: () => import('../../routes/auth/password-success') },
        ],
      },
      { path: paths.auth.welcome, lazy: () => import('../../routes/auth/welcome') },
    ],
  },
  { path: paths.auth.googleCallback, lazy: () => import('../../routes/auth/google-callback') },
  { path: paths.auth.yandexCallback, lazy: () => import('../../routes/auth/yandex-callback') },
];
