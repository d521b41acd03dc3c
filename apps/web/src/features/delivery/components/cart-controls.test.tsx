import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY } from '@hotel/domain';
import { resetCartForTests, useCart } from '../../../shared/cart/cart-store';
import { fakeApi, renderWithProviders } from '../../../test/render';
import { testMenu } from '../../../test/delivery-fixtures';
import { DeliveryCatalogue } from './delivery-catalogue';

beforeEach(() => {
  localStorage.clear();
  resetCartForTests();
  fakeApi({ 'GET delivery/products/': () => ({ status: 200, body: testMenu }) });
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetCartForTests();
});

const card = (name: string) => screen.getAllByTestId('product-card').find((c) => within(c).queryByRole('heading', { name }))!;

describe('the plus button of a dish (DEL-12, DEL-13, DEL-14, DEL-15)', () => {
  it('adds the dish; then minus, the quantity and plus; adding again raises the quantity; down to zero removes it (DEL-12, DEL-13, DEL-14)', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DeliveryCatalogue headingId="menu-title" />);
    await screen.findAllByTestId('product-card');
    const soup = () => card('Грибной суп');

    await user.click(within(soup()).getByRole('button', { name: 'Добавить «Грибной суп» в корзину' }));
    expect(within(soup()).getByRole('group', { name: '«Грибной суп» в корзине: 1' })).toBeInTheDocument();
    expect(within(soup()).getByTestId('quantity')).toHaveTextContent('1');

    await user.click(within(soup()).getByRole('button', { name: 'Добавить ещё порцию «Грибной суп»' }));
    expect(within(soup()).getByTestId('quantity')).toHaveTextContent('2');
    expect(useCart.getState().items).toEqual([expect.objectContaining({ name: { ru: 'Грибной суп', en: 'Mushroom soup' }, quantity: 2, price: 12_50 })]);

    await user.click(within(soup()).getByRole('button', { name: 'Убрать одну порцию «Грибной суп»' }));
    await user.click(within(soup()).getByRole('button', { name: 'Убрать одну порцию «Грибной суп»' }));
    expect(within(soup()).getByRole('button', { name: 'Добавить «Грибной суп» в корзину' })).toBeInTheDocument();
    expect(useCart.getState().items).toEqual([]);
  });

  it('shows what the saved cart already holds', async () => {
    const dish = testMenu[4]!;
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({ items: [{ product_id: dish.id, quantity: 3, price: dish.price, name: dish.name, image: null }], selectedAddressId: null, selectedPaymentMethodId: null, comment: '' }),
    );
    renderWithProviders(<DeliveryCatalogue headingId="menu-title" />);
    await screen.findAllByTestId('product-card');
    // The saved cart is read after the first render: its quantity is awaited, not assumed drawn with the cards.
    expect(await within(card(dish.name.ru)).findByTestId('quantity')).toHaveTextContent('3');
  });
});
