import { api, ApiError } from '../api/client';
import { forgetSessionMarker, isLogoutPending, resumePendingLogout, SIGNED_IN_COOKIE } from './server-logout';
import { useSession, type SessionUser } from './session-store';

export { forgetSessionMarker };

function mayHaveSession(): boolean {
  return document.cookie.split('; ').includes(`${SIGNED_IN_COOKIE}=1`);
}

/**
 * Asks the server who is signed in; any failure leaves the visitor anonymous. A visitor who never
 * signed in (no marker cookie) is anonymous at once, without a request that would answer 401.
 */
export async function loadSession(): Promise<SessionUser | null> {
  // A logout the server never heard: signed out here, and told to the server again.
  if (isLogoutPending()) resumePendingLogout();
  if (!mayHaveSession() || isLogoutPending()) {
    if (useSession.getState().status !== 'anonymous') useSession.getState().signedOut();
    return null;
  }
  try {
    const user = await api<SessionUser>('auth/me/');
    useSession.getState().signedIn(user);
    return user;
  } catch (error) {
    if (!(error instanceof ApiError)) console.warn('Could not load the session', error);
    if (error instanceof ApiError && error.status === 401) forgetSessionMarker();
    if (useSession.getState().status !== 'anonymous') useSession.getState().signedOut();
    return null;
  }
}
