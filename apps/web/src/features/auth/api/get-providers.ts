import { queryOptions, useQuery } from '@tanstack/react-query';
import { oauthProvidersSchema, type OAuthProvider, type OAuthProviders } from '@hotel/domain';
import { api, apiUrl } from '../../../shared/api/client';

export { OAUTH_PROVIDERS, type OAuthProvider } from '@hotel/domain';

/** GET auth/providers/: which external sign-in providers the server is configured for. */
export function getProviders() {
  return api<OAuthProviders>('auth/providers/', { schema: oauthProvidersSchema });
}

export const providersQuery = queryOptions({ queryKey: ['auth', 'providers'], queryFn: getProviders, staleTime: Infinity });

export function useProviders() {
  return useQuery(providersQuery);
}

/** The browser navigates here; the server answers 302 to the provider's authorisation page. */
export function providerStartUrl(provider: OAuthProvider) {
  return apiUrl(`auth/${provider}/start/`);
}
