/** /google/callback: the return from Google sign-in (no full-screen spinner over it). */
import { OAuthCallback } from '../../features/auth/components/oauth-callback';

export function Component() {
  return <OAuthCallback provider="google" />;
}
