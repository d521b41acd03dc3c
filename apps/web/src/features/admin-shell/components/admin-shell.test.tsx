import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '@hotel/domain';
import { renderWithProviders, testUser } from '../../../test/render';
import { AdminShell } from './admin-shell';

const admin: User = { ...testUser, role: 'admin' };

// jsdom lays nothing out: which of the two bars shows at a width is the stylesheet's, at 768 px
// (dashboard-shell.module.css); the end-to-end tests' mobile project uses the bottom bar.
describe('AdminShell', () => {
  it('ADM-07: the bottom bar has four screens and More; the More dialog holds the rest, the language and the logout', async () => {
    const onLogout = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <AdminShell user={admin} onLogout={onLogout}>
        <h1>Отель</h1>
      </AdminShell>,
      { route: '/admin/hotel' },
    );
    const bottom = screen.getByTestId('admin-bottom-nav');
    // A manager (an administrator before roles): everything but staff and the change log.
    expect(within(bottom).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/admin/hotel',
      '/admin/reservations',
      '/admin/delivery',
      '/admin/orders',
    ]);
    expect(within(bottom).getByRole('link', { name: 'Отель' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('dialog')).toBeNull();

    const more = within(bottom).getByRole('button', { name: 'Ещё' });
    await user.click(more);
    const dialog = await screen.findByRole('dialog', { name: 'Ещё' });
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(within(dialog).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/admin/restaurant', '/admin/payments', '/admin/reports', '/admin/desk', '/admin/housekeeping', '/admin/reviews', '/admin/promo', '/account', '/admin/hotel?lang=en', '/contacts', '/terms']);
    expect(within(dialog).getByTestId('language-toggle')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Выйти' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('ADM-07: a superuser finds the change log under More, and going to a screen from it closes the dialog', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <AdminShell user={{ ...admin, role: 'superuser', roles: ['superuser'] }} onLogout={vi.fn()}>
        <h1>Отель</h1>
      </AdminShell>,
      { route: '/admin/hotel' },
    );
    await user.click(within(screen.getByTestId('admin-bottom-nav')).getByRole('button', { name: 'Ещё' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ещё' });
    expect(within(dialog).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/admin/orders', '/admin/restaurant', '/admin/payments', '/admin/reports', '/admin/desk', '/admin/housekeeping', '/admin/reviews', '/admin/promo', '/admin/log', '/account', '/admin/hotel?lang=en', '/contacts', '/terms']);
    await user.click(within(dialog).getByRole('link', { name: 'Журнал изменений' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it.each([
    ['kitchen', ['/admin/delivery', '/admin/orders']],
    ['housekeeping', ['/admin/housekeeping']],
    ['reception', ['/admin/reservations', '/admin/restaurant', '/admin/desk', '/admin/housekeeping', '/admin/reviews']],
    ['accountant', ['/admin/hotel', '/admin/reservations', '/admin/delivery', '/admin/orders', '/admin/restaurant', '/admin/payments', '/admin/reports', '/admin/desk', '/admin/reviews', '/admin/promo']],
  ] as const)('issue 49: the navigation of a %s shows only the screens their role may open', (role, screens) => {
    renderWithProviders(
      <AdminShell user={{ ...admin, roles: [role] }} onLogout={vi.fn()}>
        <h1>—</h1>
      </AdminShell>,
      { route: '/admin/orders' },
    );
    const side = screen.getByTestId('admin-side-nav');
    expect(within(side).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([...screens, '/account']);
  });
});
