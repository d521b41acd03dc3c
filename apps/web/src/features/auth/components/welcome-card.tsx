import { useEffect } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';
import { ButtonLink } from '../../../shared/ui';
import { getMe } from '../api/get-me';
import { AuthCard } from './auth-shell';
import { paths } from '../../../shared/paths';

/** /auth/welcome: a greeting; it checks the session and on a 401 goes back to /auth (AUTH-29, AUTH-30). */
export function WelcomeCard({ name, email }: { name: string | undefined; email: string | undefined }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const user = useSession((s) => s.user);

  useEffect(() => {
    let current = true;
    getMe().then(
      (me) => {
        if (current) useSession.getState().signedIn(me);
      },
      (error: unknown) => {
        if (!current || !(error instanceof ApiError) || error.status !== 401) return;
        // The API client has already signed the browser out; make sure of it, then leave.
        if (useSession.getState().status !== 'anonymous') useSession.getState().signedOut();
        void navigate(paths.auth.root, { replace: true });
      },
    );
    return () => {
      current = false;
    };
  }, [navigate]);

  const displayName = name ?? user?.first_name ?? '';
  return (
    <AuthCard
      icon={
        <svg viewBox="0 0 24 24" width="26" height="26" focusable="false">
          <path d="m5 12.5 4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      }
      title={displayName ? t('auth:welcome.title', { name: displayName }) : t('auth:welcome.titleNoName')}
      lead={t('auth:welcome.lead', { email: email ?? user?.email ?? '' })}
    >
      <ButtonLink to={paths.account.root} fullWidth>
        {t('auth:welcome.toAccount')}
      </ButtonLink>
    </AuthCard>
  );
}
