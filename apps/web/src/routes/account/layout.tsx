/**
 * The account area's frame (account theme), with the activation banner on every page of it;
 * RequireUser guarantees a signed-in user.
 */
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useLogout } from '../../features/auth/api/logout';
import { AccountPending, AccountShell } from '../../features/account/components/account-shell';
import { ActivationBanner } from '../../features/auth/components/activation';
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
      {/* Across the whole account area: an unconfirmed address is the first thing to fix (AUTH-37). */}
      <ActivationBanner user={user} />
      <Suspense fallback={<AccountPending />}>
        <Outlet />
      </Suspense>
    </AccountShell>
  );
}
