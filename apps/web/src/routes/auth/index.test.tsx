import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { RequireUser } from '../../app/guards/guards';
import { i18n } from '../../shared/i18n';
import { peekReturnPath } from '../../shared/session/return-path';
import { useSession } from '../../shared/session/session-store';
import { renderWithProviders } from '../../test/render';
import { Component as SignIn } from './index';

beforeEach(() => useSession.setState({ status: 'anonymous', user: null }));

function arriveFrom(path: string) {
  renderWithProviders(
    <Routes>
      <Route path="/auth" element={<SignIn />} />
      <Route element={<RequireUser />}>
        <Route path="/hotel/guests" element={<p>guests step</p>} />
        <Route path="/delivery/cart" element={<p>cart</p>} />
        <Route path="/account/overview" element={<p>account</p>} />
      </Route>
    </Routes>,
    { route: path },
  );
}

describe('/auth says why a guest was sent to it (issue 26)', () => {
  it('after "Book" signed out: to book, and the choice waits', async () => {
    arriveFrom('/hotel/guests');
    expect(await screen.findByTestId('auth-reason')).toHaveTextContent('Чтобы забронировать номер, войдите или создайте аккаунт: выбранный номер и даты сохранятся.');
  });

  it('from the cart: to place the order, in English too', async () => {
    await i18n.changeLanguage('en');
    try {
      arriveFrom('/delivery/cart');
      expect(await screen.findByTestId('auth-reason')).toHaveTextContent('To place your order, sign in or create an account: your cart will wait for you.');
    } finally {
      await i18n.changeLanguage('ru');
    }
  });

  it('sent by the server from the cart (/auth?from=/cart): says why, and the cart is where signing in leads back to', async () => {
    sessionStorage.clear();
    arriveFrom(`/auth?from=${encodeURIComponent('/cart')}`);
    expect(await screen.findByTestId('auth-reason')).toHaveTextContent('Чтобы оформить заказ, войдите');
    expect(peekReturnPath()).toBe('/cart');
  });

  it('opened directly: no reason to give', async () => {
    arriveFrom('/auth');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByTestId('auth-reason')).not.toBeInTheDocument();
  });
});
