/** /yandex/callback: the return from Yandex sign-in (no full-screen spinner over it). */
import { OAuthCallback } from '../../features/auth/components/oauth-callback';

export function Component() {
  return <OAuthCallback provider="yandex" />;
}
