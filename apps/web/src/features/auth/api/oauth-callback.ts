import type { OAuthProvider } from '@hotel/domain';
import { api } from '../../../shared/api/client';
import { getMe } from './get-me';

/**
 * GET google/callback/ or yandex/callback/ with the whole query the provider sent back (code,
 * state and whatever else the provider adds); the server starts the session. The user is then
 * read from auth/me/, whatever the callback answered.
 */
export async function finishOAuth(provider: OAuthProvider, query: Record<string, string>) {
  await api(`${provider}/callback/`, { query });
  return getMe();
}
