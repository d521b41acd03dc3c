import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testCategory, testProduct } from '../../test/admin-fixtures';
import { fakeApi, renderWithProviders, testUser } from '../../test/render';
import { useSession } from '../../shared/session/session-store';
import { Component as AdminDeliveryPage } from './delivery';

// The admin area is a manager's here: they may change everything on the screen (issue 49).
beforeEach(() => useSession.getState().signedIn({ ...testUser, role: 'admin', roles: ['manager'] }));
afterEach(() => {
  useSession.getState().signedOut();
  vi.unstubAllGlobals();
});

const soups = testCategory();
const borscht = testProduct();

describe('/admin/delivery', () => {
  it('ADM-26: has a Products and a Categories tab; Products is open first and Categories shows the categories', async () => {
    fakeApi({
      'GET admin/menu/products/': () => ({ status: 200, body: [borscht] }),
      'GET admin/menu/categories/': () => ({ status: 200, body: [soups] }),
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminDeliveryPage />, { route: '/admin/delivery' });
    expect(screen.getByRole('heading', { level: 1, name: 'Доставка' })).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist', { name: 'Доставка' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Блюда', 'Категории']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByTestId('admin-product-card')).toHaveTextContent('Борщ');
    expect(screen.queryByTestId('category-form')).toBeNull();

    await user.click(tabs[1]!);
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByTestId('admin-categories')).toHaveTextContent('Супы');
    expect(screen.getByTestId('category-form')).toBeInTheDocument();
    expect(screen.queryByTestId('admin-products')).toBeNull();
  });
});
