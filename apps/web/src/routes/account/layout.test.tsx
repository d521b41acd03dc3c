import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '../../shared/session/session-store';
import { renderWithProviders, testUser } from '../../test/render';
import { Component as AccountLayout } from './layout';

afterEach(() => {
  useSession.getState().signedOut();
});

function renderAccountPage(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/account" element={<AccountLayout />}>
        <Route path="overview" element={<h1>Обзор</h1>} />
        <Route path="reservations" element={<h1>Бронирования</h1>} />
      </Route>
    </Routes>,
    { route: path },
  );
}

describe('the account area (AUTH-37)', () => {
  it.each(['/account/overview', '/account/reservations'])('shows the activation banner to an inactive user on %s', async (path) => {
    useSession.getState().signedIn({ ...testUser, is_active: false });
    renderAccountPage(path);
    expect(await screen.findByTestId('activation-banner')).toHaveTextContent('Подтвердите e-mail');
  });

  it('shows no banner to an active user', async () => {
    useSession.getState().signedIn({ ...testUser, is_active: true });
    renderAccountPage('/account/overview');
    expect(await screen.findByRole('heading', { name: 'Обзор' })).toBeInTheDocument();
    expect(screen.queryByTestId('activation-banner')).not.toBeInTheDocument();
  });
});
