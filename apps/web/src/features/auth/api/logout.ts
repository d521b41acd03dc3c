import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';
import { toast } from '../../../shared/ui';

/** POST auth/logout/. */
export function logoutRequest() {
  return api('auth/logout/', { method: 'POST' });
}

/**
 * Signs out locally at once, before the server answers (AUTH-35); the session store's listeners
 * drop the previous user's cached data, and the guards send the visitor to /auth.
 */
export function useLogout() {
  const { t } = useTranslation('auth');
  return useCallback(() => {
    useSession.getState().signedOut();
    logoutRequest().catch(() => toast.error(t('auth:logout.error')));
  }, [t]);
}
