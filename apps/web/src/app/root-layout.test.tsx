import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { startTransition } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as GoogleCallback } from '../routes/auth/google-callback';
import { Component as YandexCallback } from '../routes/auth/yandex-callback';
import { useSession } from '../shared/session/session-store';
import { fakeApi, testUser } from '../test/render';
import { RootLayout } from './root-layout';

const never = () => new Promise<never>(() => {});

function renderAt(path: string) {
  // The layout tells callback paths apart by the browser's address as well as the router's.
  window.history.replaceState(null, '', path);
  const router = createMemoryRouter(
    [
      {
        element: <RootLayout />,
        children: [
          { path: '/', element: <h1>Главная</h1> },
          { path: '/google/callback', element: <GoogleCallback /> },
          { path: '/yandex/callback', element: <YandexCallback /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  useSession.setState({ status: 'loading', user: null });
  // A browser that signed in before: the session has to be asked for (shared/session/load-session).
  document.cookie = 'signed_in=1; path=/';
  // jsdom has no scrolling; the layout's ScrollRestoration calls it on every navigation.
  vi.stubGlobal('scrollTo', vi.fn());
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'signed_in=; Max-Age=0; path=/';
  window.history.replaceState(null, '', '/');
  useSession.setState({ status: 'loading', user: null });
});

describe('RootLayout', () => {
  it('CHR-16: a full-screen spinner shows while the current user loads, and goes once the user is known', async () => {
    let answer!: (result: { status: number; body?: unknown }) => void;
    fakeApi({ 'GET auth/me/': () => new Promise((resolve) => (answer = resolve)) });
    renderAt('/');
    expect(screen.getByTestId('fullscreen-spinner')).toHaveAccessibleName('Загрузка…');

    answer({ status: 200, body: testUser });
    await waitFor(() => expect(screen.queryByTestId('fullscreen-spinner')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Главная' })).toBeInTheDocument();
    expect(useSession.getState().status).toBe('authenticated');
  });

  it('a session known while the page is still hydrating leaves the page as the server drew it', async () => {
    // A page whose code has not finished on the client stays as the server drew it (still
    // dehydrated) until it has. The session arriving redraws the layout around it: were the page
    // given anything new, React would hydrate it at once, or draw it afresh where it cannot.
    fakeApi({ 'GET auth/me/': () => ({ status: 200, body: testUser }) });
    let onClient = false;
    const never = new Promise<never>(() => {});
    function Page() {
      if (onClient) throw never;
      return <h1>Главная</h1>;
    }
    const app = () => (
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={createMemoryRouter([{ element: <RootLayout />, children: [{ path: '/', element: <Page /> }] }], { initialEntries: ['/'] })} />
      </QueryClientProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(app());
    document.body.append(container);
    const spinners = () => container.querySelectorAll('[data-testid="fullscreen-spinner"]').length;
    expect(spinners()).toBe(1);

    onClient = true;
    const recovered: unknown[] = [];
    // React's own scheduler, as in the browser (inside act() the hydration would wait for act).
    const environment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const actEnvironment = environment.IS_REACT_ACT_ENVIRONMENT;
    environment.IS_REACT_ACT_ENVIRONMENT = false;
    let root: Root | undefined;
    try {
      startTransition(() => void (root = hydrateRoot(container, app(), { onRecoverableError: (error) => recovered.push(error) })));
      await vi.waitFor(() => expect(useSession.getState().status).toBe('authenticated'));
      // The layout's spinner goes; the page's own fallback (the same spinner) must not come.
      await vi.waitFor(() => expect(spinners()).toBe(0));
      expect(container.querySelector('h1')).toHaveTextContent('Главная');
      expect(recovered).toEqual([]);
    } finally {
      root?.unmount();
      // React's scheduler lets go of the stores it listened to in a task of its own.
      await new Promise((resolve) => setTimeout(resolve));
      environment.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
      container.remove();
    }
  });

  it('CHR-16: the spinner also goes when the session turns out to be gone (401)', async () => {
    let answer!: (result: { status: number; body?: unknown }) => void;
    fakeApi({ 'GET auth/me/': () => new Promise((resolve) => (answer = resolve)) });
    renderAt('/');
    expect(screen.getByTestId('fullscreen-spinner')).toBeInTheDocument();

    answer({ status: 401, body: { detail: 'Not authenticated' } });
    await waitFor(() => expect(screen.queryByTestId('fullscreen-spinner')).not.toBeInTheDocument());
    expect(useSession.getState().status).toBe('anonymous');
  });

  it.each(['/google/callback', '/yandex/callback'])(
    'CHR-17: no full-screen spinner on the social sign-in callback %s while the user is unknown',
    async (path) => {
      const provider = path.split('/')[1];
      const api = fakeApi({ [`GET ${provider}/callback/`]: never, 'GET auth/me/': never });
      renderAt(`${path}?code=abc`);
      await act(() => Promise.resolve());
      expect(useSession.getState().status).toBe('loading');
      expect(screen.queryByTestId('fullscreen-spinner')).not.toBeInTheDocument();
      expect(screen.getByRole('progressbar', { name: 'Завершаем вход…' })).toBeInTheDocument();
      expect(api.calls.map((call) => call.path)).toEqual([`${provider}/callback/?code=abc`]);
    },
  );
});
