/**
 * Who is signed in, as far as the browser knows. The server is the authority: this store is
 * filled from GET auth/me/ (or a sign-in answer) and emptied at once on logout or on any 401.
 */
import { create } from 'zustand';
import type { User } from '@hotel/domain';
import { onUnauthorized } from '../api/client';
import { cancelPendingLogout } from './server-logout';

/** The user as GET auth/me/ answers it (the domain's userSchema). */
export type SessionUser = User;

type Status = 'loading' | 'authenticated' | 'anonymous';

interface SessionState {
  status: Status;
  user: SessionUser | null;
  signedIn(user: SessionUser): void;
  signedOut(): void;
}

const signedOutListeners = new Set<() => void>();

/** Features register here to drop their cached data of the previous user (spec: Authentication). */
export function onSignedOut(listener: () => void): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

export const useSession = create<SessionState>((set) => ({
  status: 'loading',
  user: null,
  signedIn: (user) => {
    cancelPendingLogout();
    set({ status: 'authenticated', user });
  },
  signedOut: () => {
    set({ status: 'anonymous', user: null });
    for (const listener of signedOutListeners) listener();
  },
}));

/** True for the roles that may enter /admin (spec section 6), on an activated account as the server demands. */
export function isAdmin(user: Pick<SessionUser, 'role' | 'is_active'> | null | undefined): boolean {
  return (user?.role === 'admin' || user?.role === 'superuser') && user.is_active;
}

onUnauthorized(() => {
  if (useSession.getState().status !== 'anonymous') useSession.getState().signedOut();
});
