import { api, ApiError } from '../api/client';
import { useSession, type SessionUser } from './session-store';

/** Set by the server next to its httpOnly session cookie; holds no secret. */
const SIGNED_IN_COOKIE = 'signed_in';

function mayHaveSession(): boolean {
  return document.cookie.split('; ').includes(`${SIGNED_IN_COOKIE}=1`);
}

export function forgetSessionMarker(): void {
  document.cookie = `${SIGNED_IN_COOKIE}=; Max-Age=0; path=/; SameSite=Lax`;
}

/**
 * Asks the server who is signed in; any failure leaves the visitor anonymous. A visitor who never
 * signed in (no marker cookie) is anonymous at once, without a request that would answer 401.
 */
export async function loadSession(): Promise<SessionUser | null> {
  if (!mayHaveSession()) {
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
