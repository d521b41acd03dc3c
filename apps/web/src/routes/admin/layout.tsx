/** The admin area's frame (account theme); RequireAdmin guarantees an administrator. */
import { Suspense, useCallback } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../shared/i18n';
import { logoutRequest } from '../../features/auth/api/logout';
import { AdminShell } from '../../features/admin-shell/components/admin-shell';
import { useRightsLost } from '../../features/admin-shell/hooks/use-rights-lost';
import { loadSession } from '../../shared/session/load-session';
import { forgetReturnPath } from '../../shared/session/return-path';
import { useSession } from '../../shared/session/session-store';
import { userMay } from '../../shared/session/staff-rights';
import { NoAccess } from '../../features/admin-shell/components/no-access';
import { screenOf } from '../../features/admin-shell/screens';
import { Spinner, toast } from '../../shared/ui';
import styles from './admin-page.module.css';
import { paths } from '../../shared/paths';

export function Component() {
  const { t } = useTranslation(['admin', 'auth']);
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const { pathname } = useLocation();
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
  // A screen the person's roles may not open shows so, translated; its code is not even loaded.
  const screen = screenOf(pathname);
  const allowed = !screen || userMay(user, screen.permission);
  // Seen but not changed (the accountant's view of most screens): said above the screen; the server refuses the changes.
  const readOnly =
    screen !== undefined && allowed && ![screen.permission, ...(screen.alsoChanges ?? [])].some((permission) => userMay(user, permission, 'write'));
  return (
    <AdminShell user={user} onLogout={logout}>
      <Suspense
        fallback={
          <div className={styles.pending}>
            <Spinner />
          </div>
        }
      >
        {readOnly && (
          <p className={styles.readOnly} role="note" data-testid="admin-read-only">
            {t('admin:noAccess.readOnly')}
          </p>
        )}
        {allowed ? <Outlet /> : <NoAccess />}
      </Suspense>
    </AdminShell>
  );
}
