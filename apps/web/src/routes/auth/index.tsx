/** /auth: e-mail, then sign in or create an account; or an external provider (AUTH-01..06, AUTH-11). */
import { useEffect } from 'react';
import { useTranslation } from '../../shared/i18n';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-shell';
import { EmailStepForm } from '../../features/auth/components/email-step-form';
import { ProviderButtons } from '../../features/auth/components/provider-buttons';
import { rememberReturnPath } from '../../shared/session/return-path';
import { usePageTitle } from '../../shared/seo/page-title';
import { paths } from '../../shared/paths';
import styles from './auth.module.css';

/** Why a guard sent the visitor here, by the screen they were going to (its path in router state). */
function reasonFor(from: unknown) {
  if (typeof from !== 'string') return null;
  if (from.startsWith(paths.hotel.root)) return 'auth:login.reason.booking' as const;
  if (from.startsWith(paths.delivery) || from.startsWith(paths.cart)) return 'auth:login.reason.order' as const;
  if (from.startsWith(paths.admin.root)) return 'auth:login.reason.admin' as const;
  if (from.startsWith(paths.account.root)) return 'auth:login.reason.account' as const;
  return null;
}

export function Component() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { state } = useLocation() as { state: { from?: unknown } | null };
  // The server sends a visitor with no session straight here from a guarded page (the cart), with
  // the page in the address (apps/api's plugins/web-app.ts); the app's guards say it in the state.
  const [params] = useSearchParams();
  const fromAddress = params.get('from');
  useEffect(() => {
    if (fromAddress) rememberReturnPath(fromAddress);
  }, [fromAddress]);
  // A guest who pressed "Book" signed out lands here: the screen says why, and that the choice waits.
  const reason = reasonFor(state?.from ?? fromAddress);
  usePageTitle(t('auth:login.title'));
  return (
    <AuthCard title={t('auth:login.title')} lead={t('auth:login.lead')}>
      {reason && (
        <p className={styles.reason} role="status" data-testid="auth-reason">
          {t(reason)}
        </p>
      )}
      <EmailStepForm
        onSignIn={(email) => void navigate(paths.auth.password, { state: { email } })}
        onCreateAccount={(email) => void navigate(paths.auth.reg, { state: { email } })}
      />
      <ProviderButtons />
    </AuthCard>
  );
}
