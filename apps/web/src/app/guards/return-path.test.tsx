import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { Component as AccountIndex } from '../../routes/account/index';
import { useSession } from '../../shared/session/session-store';
import { testUser } from '../../test/render';
import { RequireUser } from './guards';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<RequireUser />}>
          <Route path="/delivery/cart" element={<h1>Cart</h1>} />
          <Route path="/account" element={<AccountIndex />} />
          <Route path="/account/overview" element={<h1>Overview</h1>} />
        </Route>
        <Route path="/auth" element={<h1>Sign in</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('back to the guarded screen after signing in (DEL-19)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  it('an anonymous guest sent from the cart to /auth lands on the cart once signed in, once', async () => {
    useSession.setState({ status: 'anonymous', user: null });
    const first = renderAt('/delivery/cart');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    first.unmount();

    // Every way of signing in ends at /account.
    useSession.setState({ status: 'authenticated', user: testUser });
    const second = renderAt('/account');
    expect(await screen.findByRole('heading', { name: 'Cart' })).toBeInTheDocument();
    second.unmount();

    renderAt('/account');
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
  });

  it('ignores a remembered path that leaves the site', async () => {
    sessionStorage.setItem('returnAfterSignIn', JSON.stringify({ path: '//evil.example/', at: Date.now() }));
    useSession.setState({ status: 'authenticated', user: testUser });
    renderAt('/account');
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
  });
});
