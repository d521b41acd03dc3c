import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useLocation } from 'react-router';
import { isQueryClientLoaded } from '../shared/api/query-client-gate';
import { HydrationBoundary } from '../shared/hydration/hydrate-later';
import { TestPaymentsRibbon } from '../shared/layout/test-payments-ribbon';
import { FullScreenSpinner, Toaster } from '../shared/ui';
import { loadSession } from '../shared/session/load-session';
import { onSignedOut, useSession } from '../shared/session/session-store';
import { clearUserData } from '../shared/session/user-data';
import { ScrollRestoration } from './scroll-restoration';
import { themeFor } from './theme';

/** Social sign-in callbacks finish the session themselves; no spinner over them (spec). */
const CALLBACK_PATH = /^\/(google|yandex)\/callback\/?$/;

/**
 * The page, in the boundary the first hydration counts. One element for every render: when the
 * layout draws again while the page is still hydrating (the session is known, the address
 * changed), React then has nothing new to give the boundary and goes on hydrating it in slices,
 * rather than hydrating all of it at once to pass it new children.
 */
const PAGE = (
  <HydrationBoundary fallback={<FullScreenSpinner />}>
    <Outlet />
  </HydrationBoundary>
);

export function RootLayout() {
  const { pathname } = useLocation();
  const loading = useSession((s) => s.status === 'loading');
  const queryClient = useQueryClient();

  useEffect(() => {
    document.documentElement.dataset.theme = themeFor(pathname);
  }, [pathname]);

  useEffect(() => {
    // A callback screen signs the user in with the provider's code; asking auth/me/ at the same
    // time could answer 401 after the callback succeeded and sign the fresh session out again.
    if (!CALLBACK_PATH.test(window.location.pathname)) void loadSession();
  }, []);

  // Logout or any 401: nothing of the previous user may stay in the cache (AUTH-36).
  // (Before the query client has loaded, there is nothing to drop: shared/api/query-client-gate.tsx.)
  useEffect(() => onSignedOut(() => isQueryClientLoaded(queryClient) && clearUserData(queryClient)), [queryClient]);

  return (
    <>
      {loading && !CALLBACK_PATH.test(pathname) && <FullScreenSpinner />}
      {PAGE}
      <TestPaymentsRibbon />
      <Toaster />
      <ScrollRestoration />
    </>
  );
}
