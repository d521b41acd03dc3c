import { useCallback } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { endServerSession } from '../../../shared/session/server-logout';
import { useSession } from '../../../shared/session/session-store';
import { toast } from '../../../shared/ui';

/**
 * POST auth/logout/: settles with the first try; when that fails the request is sent again until
 * the server hears it, and the visitor stays signed out meanwhile (shared/session/server-logout.ts).
 */
export function logoutRequest() {
  return endServerSession();
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
