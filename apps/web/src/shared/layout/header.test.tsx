import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { Header } from './header';

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}

afterEach(() => scrollTo(0));

describe('the header’s room search', () => {
  it('appears after 90 px of scrolling on the site’s pages (CHR-05)', async () => {
    renderWithProviders(<Header />, { route: '/restaurant' });
    expect(screen.queryByTestId('header-room-search')).toBeNull();
    scrollTo(91);
    expect(await screen.findByTestId('header-room-search')).toBeVisible();
  });

  it.each(['/hotel/rooms', '/admin/reservations', '/admin/orders'])('is never shown on %s, which has a filter of its own or is the staff’s', (route) => {
    renderWithProviders(<Header />, { route });
    scrollTo(400);
    expect(screen.getByTestId('site-header')).toHaveAttribute('data-search', 'false');
    expect(screen.queryByTestId('header-room-search')).toBeNull();
  });

  it.each(['/delivery', '/delivery/cart', '/account/profile', '/auth', '/auth/password'])(
    'is not shown on %s, where a guest is ordering, filling in a form or signing in and a second bar would only cover it (issue 26)',
    (route) => {
      renderWithProviders(<Header />, { route });
      scrollTo(400);
      expect(screen.getByTestId('site-header')).toHaveAttribute('data-search', 'false');
      expect(screen.queryByTestId('header-room-search')).toBeNull();
    },
  );
});
