import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../shared/session/session-store';
import { fakeApi, renderWithProviders, testUser } from '../../test/render';
import { Component as AdminLayout } from './layout';

afterEach(() => {
  useSession.getState().signedOut();
  // A failed logout is sent again in the background while this note stays (server-logout.ts).
  localStorage.clear();
  vi.unstubAllGlobals();
});

function renderAdminArea(route = '/admin/hotel') {
  return renderWithProviders(
    <Routes>
      <Route path="/admin" element={<AdminLayout />}>
        <Route path="hotel" element={<h1>Отель</h1>} />
        <Route path="payments" element={<h1>Платежи</h1>} />
        <Route path="orders" element={<h1>Заказы</h1>} />
      </Route>
      <Route path="/auth" element={<h1>Вход</h1>} />
    </Routes>,
    { route },
  );
}

describe('the admin area’s frame', () => {
  it('ADM-09: a logout the server fails shows the "Logout error" toast; the admin is signed out and on /auth all the same', async () => {
    const { calls } = fakeApi({ 'POST auth/logout/': () => ({ status: 500, body: { detail: 'Internal server error' } }) });
    useSession.getState().signedIn({ ...testUser, role: 'admin' });
    const user = userEvent.setup();
    renderAdminArea();
    await user.click(screen.getByRole('button', { name: 'Выйти' }));

    expect(await screen.findByRole('heading', { name: 'Вход' })).toBeInTheDocument();
    // The Russian of "Logout error" (auth:logout.error).
    expect(await screen.findByText('Ошибка выхода')).toBeInTheDocument();
    expect(screen.queryByText('Вы вышли из аккаунта')).toBeNull();
    expect(useSession.getState().user).toBeNull();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST auth/logout/']);
  });

  it('issue 49: a kitchen account sent to /admin/payments sees the translated "no access" page, not the screen, and a way to its own', async () => {
    useSession.getState().signedIn({ ...testUser, role: 'admin', roles: ['kitchen'] });
    renderAdminArea('/admin/payments');
    expect(await screen.findByRole('heading', { name: 'Нет доступа' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Платежи' })).toBeNull();
    expect(screen.getByTestId('admin-no-access')).toHaveTextContent('Ваши роли не открывают этот раздел');
    expect(within(screen.getByTestId('admin-no-access')).getByRole('link')).toHaveAttribute('href', '/admin/delivery');
  });

  it('issue 49: the screens a role may open show as they are', async () => {
    useSession.getState().signedIn({ ...testUser, role: 'admin', roles: ['kitchen'] });
    renderAdminArea('/admin/orders');
    expect(await screen.findByRole('heading', { name: 'Заказы' })).toBeInTheDocument();
    expect(screen.queryByTestId('admin-no-access')).toBeNull();
  });

  it('issue 49: a screen the roles read but do not change says so above it; one whose part they change does not', async () => {
    useSession.getState().signedIn({ ...testUser, role: 'admin', roles: ['accountant'] });
    const { unmount } = renderAdminArea('/admin/hotel');
    expect(await screen.findByTestId('admin-read-only')).toHaveTextContent('Только просмотр');
    expect(screen.getByRole('heading', { name: 'Отель' })).toBeInTheDocument();
    unmount();
    // The kitchen changes the order board's part it holds: the board is theirs, not read-only.
    useSession.getState().signedIn({ ...testUser, role: 'admin', roles: ['kitchen'] });
    renderAdminArea('/admin/orders');
    expect(await screen.findByRole('heading', { name: 'Заказы' })).toBeInTheDocument();
    expect(screen.queryByTestId('admin-read-only')).toBeNull();
  });
});
