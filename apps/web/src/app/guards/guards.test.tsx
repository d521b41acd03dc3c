import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { User } from '@hotel/domain';
import { forgetReturnPath, peekReturnPath } from '../../shared/session/return-path';
import { useSession } from '../../shared/session/session-store';
import { RedirectIfSignedIn, RequireAdmin, RequireUser } from './guards';

const user: User = {
  id: 1,
  email: 'anna@example.com',
  is_active: true,
  role: 'user',
  username: null,
  first_name: 'Анна',
  last_name: null,
  phone: null,
  extra_phone: null,
  gender: null,
  birthday: null,
  language: 'ru',
};

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/auth" element={<RedirectIfSignedIn />}>
          <Route index element={<h1>Sign in</h1>} />
        </Route>
        <Route path="/account" element={<RequireUser />}>
          <Route index element={<h1>Account</h1>} />
        </Route>
        <Route
          path="/admin"
          element={
            <RequireAdmin>
              <h1>Admin</h1>
            </RequireAdmin>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('guards', () => {
  beforeEach(() => useSession.setState({ status: 'loading', user: null }));

  it.each(['/auth', '/account', '/admin'])('wait with a spinner while the session loads (%s)', (path) => {
    renderAt(path);
    expect(screen.getByTestId('fullscreen-spinner')).toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  it('ACC-01: RequireUser sends an anonymous visitor to /auth', () => {
    useSession.setState({ status: 'anonymous' });
    renderAt('/account');
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('ADM-01, ADM-02, ADM-03: RequireAdmin: anonymous → /auth (and back after signing in), a user → /account, an admin or superuser passes', () => {
    useSession.setState({ status: 'anonymous' });
    const { unmount } = renderAt('/admin');
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(peekReturnPath()).toBe('/admin');
    forgetReturnPath();
    unmount();

    useSession.setState({ status: 'authenticated', user });
    renderAt('/admin');
    expect(screen.getByRole('heading', { name: 'Account' })).toBeInTheDocument();
    cleanup();

    for (const role of ['admin', 'superuser'] as const) {
      useSession.setState({ status: 'authenticated', user: { ...user, role } });
      const view = renderAt('/admin');
      expect(screen.getByRole('heading', { name: 'Admin' })).toBeInTheDocument();
      view.unmount();
    }
  });

  it('AUTH-03: RedirectIfSignedIn sends a signed-in user from /auth to /account', () => {
    useSession.setState({ status: 'authenticated', user });
    renderAt('/auth');
    expect(screen.getByRole('heading', { name: 'Account' })).toBeInTheDocument();
  });
});
