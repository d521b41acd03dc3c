/**
 * Route guards (spec section 6). Each waits while the session loads, then renders its children
 * (or the nested routes' <Outlet/>) or redirects. Use as a layout route:
 *   { element: <RequireUser />, children: [...] }   or   <RequireUser><Page /></RequireUser>
 */
import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { rememberReturnPath } from '../../shared/session/return-path';
import { isAdmin, useSession } from '../../shared/session/session-store';
import { FullScreenSpinner } from '../../shared/ui';
import { paths } from '../../shared/paths';

interface GuardProps {
  children?: ReactNode;
}

function Pass({ children }: GuardProps) {
  return children ?? <Outlet />;
}

/** To /auth, remembering the screen to come back to once signed in (the cart keeps its dishes, DEL-19). */
function ToSignIn({ from }: { from: string }) {
  useEffect(() => rememberReturnPath(from), [from]);
  return <Navigate to={paths.auth.root} replace state={{ from }} />;
}

/** Signed-in users only; anonymous visitors go to /auth (ACC-01) and come back after signing in. */
export function RequireUser({ children }: GuardProps) {
  const status = useSession((s) => s.status);
  const { pathname, search } = useLocation();
  if (status === 'loading') return <FullScreenSpinner />;
  if (status === 'anonymous') return <ToSignIn from={pathname + search} />;
  return <Pass>{children}</Pass>;
}

/**
 * Administrators and the superuser only (ADM-01, ADM-02): anonymous visitors go to /auth and come
 * back after signing in, other users to /account.
 */
export function RequireAdmin({ children }: GuardProps) {
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);
  const { pathname, search } = useLocation();
  if (status === 'loading') return <FullScreenSpinner />;
  if (status === 'anonymous') return <ToSignIn from={pathname + search} />;
  if (!isAdmin(user)) return <Navigate to={paths.account.root} replace />;
  return <Pass>{children}</Pass>;
}

/** The sign-in screens: a signed-in user goes to /account instead (AUTH-03). */
export function RedirectIfSignedIn({ children }: GuardProps) {
  const status = useSession((s) => s.status);
  if (status === 'loading') return <FullScreenSpinner />;
  if (status === 'authenticated') return <Navigate to={paths.account.root} replace />;
  return <Pass>{children}</Pass>;
}
