/**
 * Route guards (spec section 6). Each waits while the session loads, then renders its children
 * (or the nested routes' <Outlet/>) or redirects. Use as a layout route:
 *   { element: <RequireUser />, children: [...] }   or   <RequireUser><Page /></RequireUser>
 */
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { isAdmin, useSession } from '../../shared/session/session-store';
import { FullScreenSpinner } from '../../shared/ui';

interface GuardProps {
  children?: ReactNode;
}

function Pass({ children }: GuardProps) {
  return children ?? <Outlet />;
}

/** Signed-in users only; anonymous visitors go to /auth (ACC-01). */
export function RequireUser({ children }: GuardProps) {
  const status = useSession((s) => s.status);
  const { pathname } = useLocation();
  if (status === 'loading') return <FullScreenSpinner />;
  if (status === 'anonymous') return <Navigate to="/auth" replace state={{ from: pathname }} />;
  return <Pass>{children}</Pass>;
}

/** Administrators and the superuser only; anonymous visitors go to /auth, other users to /account. */
export function RequireAdmin({ children }: GuardProps) {
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);
  const { pathname } = useLocation();
  if (status === 'loading') return <FullScreenSpinner />;
  if (status === 'anonymous') return <Navigate to="/auth" replace state={{ from: pathname }} />;
  if (!isAdmin(user)) return <Navigate to="/account" replace />;
  return <Pass>{children}</Pass>;
}

/** The sign-in screens: a signed-in user goes to /account instead (AUTH-03). */
export function RedirectIfSignedIn({ children }: GuardProps) {
  const status = useSession((s) => s.status);
  if (status === 'loading') return <FullScreenSpinner />;
  if (status === 'authenticated') return <Navigate to="/account" replace />;
  return <Pass>{children}</Pass>;
}
