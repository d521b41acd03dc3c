/** The admin area's frame (account theme); RequireAdmin guarantees an administrator. */
import { Suspense, useCallback } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { logoutRequest } from '../../features/auth/api/logout';
import { AdminShell } from '../../features/admin-shell/components/admin-shell';
import { useRightsLost } from '../../features/admin-shell/hooks/use-rights-lost';
import { loadSession } from '../../shared/session/load-session';
import { forgetReturnPath } from '../../shared/session/return-path';
import { useSession } from '../../shared/session/session-store';
import { Spinner, toast } from '../../shared/ui';
import styles from './admin-page.module.css';
import { paths } from '../../shared/paths';

export function Component() {
  const { t } = useTranslation(['admin', 'auth']);
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  // Removed from the administrators meanwhile: the session, read again, says so and the guard acts.
  useRightsLost(useCallback(() => void loadSession(), []));

  /** Admin logout (ADM-08, ADM-09): signed out here at once, then a toast says how the server took it. */
  function logout() {
    useSession.getState().signedOut();
    // The guard may have noted /admin to come back to while the session ended: a logout does not return.
    void Promise.resolve(navigate(paths.auth.root, { replace: true })).then(forgetReturnPath);
    logoutRequest().then(
      () => toast.success(t('admin:logout.success')),
      () => toast.error(t('auth:logout.error')),
    );
  }

  if (!user) return null;
  return (
    <AdminShell user={user} onLogout={logout}>
      <Suspense
        fallback={
          <div className={styles.pending}>
            <Spinner />
          </div>
        }
      >
        <Outlet />
      </Suspense>
    </AdminShell>
  );
}
