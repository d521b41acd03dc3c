/** The account area's frame (account theme); RequireUser guarantees a signed-in user. */
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useLogout } from '../../features/auth/api/logout';
import { AccountPending, AccountShell } from '../../features/account/components/account-shell';
import { rememberAccountPath } from '../../features/account/lib/last-account-path';
import { useSession } from '../../shared/session/session-store';

export function Component() {
  const user = useSession((s) => s.user);
  const logout = useLogout();
  const { pathname } = useLocation();

  useEffect(() => rememberAccountPath(pathname), [pathname]);

  if (!user) return null;
  return (
    <AccountShell user={user} onLogout={logout}>
      <Suspense fallback={<AccountPending />}>
        <Outlet />
      </Suspense>
    </AccountShell>
  );
}
