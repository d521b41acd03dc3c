import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithProviders, testUser } from '../../../test/render';
import { AccountShell } from './account-shell';

describe('AccountShell', () => {
  it('ACC-04, ACC-05: side navigation in the spec order, then the reviews (issue 25.2); no admin link for a user', () => {
    renderWithProviders(<AccountShell user={testUser} onLogout={vi.fn()} />, { route: '/account/profile' });
    const side = screen.getByTestId('account-side-nav');
    expect(within(side).getAllByRole('link').map((link) => link.textContent)).toEqual(['Обзор', 'Профиль', 'Бронирования', 'Заказы', 'Адреса', 'Карты', 'Отзывы']);
    expect(within(side).getByRole('link', { name: 'Профиль' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('link', { name: 'Администрирование' })).not.toBeInTheDocument();
  });

  it.each(['admin', 'superuser'] as const)('ACC-05, ACC-07: a %s sees the admin link in the side navigation and in More', async (role) => {
    fakeApi({});
    renderWithProviders(<AccountShell user={{ ...testUser, role }} onLogout={vi.fn()} />, { route: '/account/overview' });
    expect(within(screen.getByTestId('account-side-nav')).getByRole('link', { name: 'Администрирование' })).toHaveAttribute('href', '/admin');
    await userEvent.click(within(screen.getByTestId('account-bottom-nav')).getByRole('button', { name: 'Ещё' }));
    expect(within(await screen.findByRole('dialog')).getByRole('link', { name: 'Администрирование' })).toBeInTheDocument();
  });

  it('ACC-06, ACC-07: the bottom bar has overview, profile, bookings, orders and More; More holds the rest and logs out', async () => {
    const onLogout = vi.fn();
    renderWithProviders(<AccountShell user={testUser} onLogout={onLogout} />, { route: '/account/overview' });
    const bottom = screen.getByTestId('account-bottom-nav');
    expect(within(bottom).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/account/overview',
      '/account/profile',
      '/account/reservations',
      '/account/orders',
    ]);
    await userEvent.click(within(bottom).getByRole('button', { name: 'Ещё' }));
    const more = await screen.findByRole('dialog', { name: 'Ещё' });
    for (const name of ['Отель', 'Доставка', 'Адреса', 'Отзывы', 'Контакты', 'Помощь и правила']) {
      expect(within(more).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(more).getByTestId('language-toggle')).toBeInTheDocument();
    expect(within(more).queryByRole('link', { name: 'Администрирование' })).not.toBeInTheDocument();
    await userEvent.click(within(more).getByRole('button', { name: 'Выйти' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});
