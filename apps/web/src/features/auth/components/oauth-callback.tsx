import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../../shared/session/session-store';
import { Spinner, toast } from '../../../shared/ui';
import { finishOAuth } from '../api/oauth-callback';
import type { OAuthProvider } from '@hotel/domain';
import styles from './oauth-callback.module.css';
import { paths } from '../../../shared/paths';

/**
 * The return screen of social sign-in (AUTH-31..33): with a code, the server finishes the
 * sign-in and the user goes to /account; without one, with an error, or on failure, to /auth.
 */
export function OAuthCallback({ provider }: { provider: OAuthProvider }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // StrictMode runs effects twice in development; a provider's code can be used only once.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = params.get('code');
    const fail = () => {
      if (useSession.getState().status !== 'anonymous') useSession.getState().signedOut();
      toast.error(t('auth:login.oauthError'));
      void navigate(paths.auth.root, { replace: true });
    };
    if (!code || params.has('error')) return fail();
    finishOAuth(provider, Object.fromEntries(params)).then((user) => {
      useSession.getState().signedIn(user);
      toast.success(t('auth:login.oauthSuccess'));
      void navigate(paths.account.root, { replace: true });
    }, fail);
  }, [navigate, params, provider, t]);

  return (
    <main className={styles.page} aria-busy="true">
      <Spinner size="lg" label={t('auth:login.oauthProgress')} />
      <p className={styles.text}>{t('auth:login.oauthProgress')}</p>
    </main>
  );
}
