import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hotelMoment, hotelToday, PAYMENT_POLL_MS, type Address, type OrderingState, type PayAtDoorOffer, type PaymentMethod, type Product, type RoomServiceStays } from '@hotel/domain';
import { AppRoutes, prepareRoutes } from '../app/router';
import { testMenu } from '../test/delivery-fixtures';
import { loadCart, resetCartForTests, useCart } from '../shared/cart/cart-store';
import { i18n } from '../shared/i18n';
import { useSession } from '../shared/session/session-store';
import { toast } from '../shared/ui';
import { fakeApi, heldAnswer, renderWithProviders, testUser, type FakeAnswer, type FakeCall } from '../test/render';
import { Component as CartPage } from './cart';
import { leaveFor } from '../shared/api/leave-for';

// The provider's page is another site: the browser would leave for it (jsdom does not).
vi.mock('../shared/api/leave-for', () => ({ leaveFor: vi.fn() }));

const [salo, , mushroom] = testMenu as [Product, Product, Product, ...Product[]];

const home: Address = { id: 11, label: 'Дом', address: 'ул. Советская, 1', entrance: 2, floor: 3, apartment: 14, intercom: null, comment: null, is_primary: false };
const office: Address = { ...home, id: 12, label: 'Офис', address: 'ул. Ожешко, 22', is_primary: true };
const card = (id: string, last4: string, primary: boolean): PaymentMethod => ({
  id: last4 === '4242' ? 1 : 2,
  payment_method_id: id,
  card_last4: last4,
  brand: 'visa',
  exp_month: 12,
  exp_year: 2030,
  primary,
  status: 'succeeded',
  created_at: '2026-01-01T00:00:00Z',
});
const visa = card('0b8f7c1e-6f3e-4d55-9f7a-2b8f0e1c4a10', '4242', false);
const master = card('1c9a8d2f-7a4f-4e66-8a8b-3c9a1f2d5b21', '4444', true);

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetCartForTests();
  useSession.setState({ status: 'authenticated', user: testUser });
});
afterEach(() => {
  toast.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetCartForTests();
});

interface Setup {
  menu?: Product[];
  addresses?: Address[];
  /** The addresses' answer held back until the test gives it. */
  addressesAnswer?: Promise<FakeAnswer>;
  cards?: PaymentMethod[];
  statuses?: string[];
  /** An answer to hold back (a promise) keeps that step of paying under way until it settles. */
  payment?: FakeAnswer | Promise<FakeAnswer>;
  order?: FakeAnswer | Promise<FakeAnswer>;
  status?: Promise<FakeAnswer>;
  ordering?: OrderingState;
  /** The guest's stays in progress (room service, issue 24); none by default. */
  stays?: RoomServiceStays['stays'];
  /** Paying the courier (issue 46): not allowed by default. */
  door?: PayAtDoorOffer;
}

const noDoor: PayAtDoorOffer = { allowed: false, reason: 'door_not_allowed', methods: ['cash', 'card_terminal'], cap: 200_00 };

const openKitchen: OrderingState = { open: true, reason: null, opens_at: null, hours: { opens: '11:00', closes: '22:00' }, closed_today: false, lead_minutes: 60, min_order: 0, free_delivery_from: null, delivery_fee: 139_00, slots: [] };

function renderCart({ menu = testMenu, addresses = [home, office], addressesAnswer, cards = [visa, master], statuses = ['succeeded'], payment, order, status, ordering = openKitchen, stays = [], door = noDoor }: Setup = {}) {
  const answers = [...statuses];
  /** When each status request was made, on the test's clock. */
  const polledAt: number[] = [];
  const api = fakeApi({
    'GET delivery/products/': () => ({ status: 200, body: menu }),
    'GET delivery/ordering/': () => ({ status: 200, body: ordering }),
    'GET delivery/room-service/': () => ({ status: 200, body: { stays } }),
    'GET delivery/pay-at-door/': () => ({ status: 200, body: door }),
    'GET account/addresses/': () => addressesAnswer ?? { status: 200, body: addresses },
    'GET account/payments/methods/': () => ({ status: 200, body: cards }),
    'POST orders/': () => order ?? { status: 201, body: { id: 77 } },
    'PUT orders/77/': () => ({ status: 200, body: {} }),
    'POST payments/create/': () => payment ?? { status: 200, body: { payment_id: 'pay-1', status: 'pending', amount: 100 } },
    'GET payments/pay-1/status/': () => {
      polledAt.push(Date.now());
      return status ?? { status: 200, body: { status: answers.length > 1 ? answers.shift() : answers[0] } };
    },
  });
  const view = renderWithProviders(
    <Routes>
      <Route path="/delivery/cart" element={<CartPage />} />
      <Route path="/delivery" element={<p>menu page</p>} />
      <Route path="/account/orders" element={<p>orders page</p>} />
    </Routes>,
    { route: '/delivery/cart' },
  );
  return { api, view, polledAt, user: userEvent.setup() };
}

function fillCart() {
  loadCart();
  const cart = useCart.getState();
  cart.add(salo);
  cart.add(salo);
  cart.add(mushroom);
}

/** An API answer held back until the test gives it. */
const calls = (api: { calls: FakeCall[] }, key: string) => api.calls.filter((c) => `${c.method} ${c.path}` === key);
const payButton = () => screen.getByTestId('pay-button');

describe('/delivery/cart', () => {
  it('DEL-37: an empty cart says so and leads to the menu', async () => {
    const { user } = renderCart();
    const empty = await screen.findByTestId('empty-cart');
    expect(within(empty).getByRole('heading', { name: 'Корзина пуста' })).toBeInTheDocument();
    expect(empty).toHaveTextContent('Самое время что-нибудь заказать!');
    await user.click(within(empty).getByRole('link', { name: 'Перейти в меню' }));
    expect(await screen.findByText('menu page')).toBeInTheDocument();
  });

  it('DEL-21, DEL-23, DEL-24, DEL-25: lines with their totals, the goods total, 139 BYN delivery and the total to pay', async () => {
    fillCart();
    renderCart();
    const lines = await screen.findAllByTestId('cart-line');
    expect(lines).toHaveLength(2);
    expect(within(lines[0]!).getByRole('heading', { name: 'Сало с чесноком' })).toBeInTheDocument();
    expect(within(lines[0]!).getByTestId('quantity')).toHaveTextContent('2');
    expect(within(lines[0]!).getByTestId('line-total')).toHaveTextContent('29 BYN');
    expect(within(lines[1]!).getByTestId('line-total')).toHaveTextContent('12,50 BYN');
    expect(screen.getByTestId('goods-total')).toHaveTextContent('41,50 BYN');
    expect(screen.getByTestId('delivery-fee')).toHaveTextContent('139 BYN');
    expect(screen.getByTestId('order-total')).toHaveTextContent('180,50 BYN');
    expect(payButton()).toHaveTextContent('Оплатить 180,50 BYN');
  });

  it('DEL-24 (issue 48, point 13): the delivery fee is the one staff set, in the line and the total', async () => {
    fillCart();
    renderCart({ ordering: { ...openKitchen, delivery_fee: 25_50 } });
    await waitFor(() => expect(screen.getByTestId('delivery-fee')).toHaveTextContent('25,50 BYN'));
    expect(screen.getByTestId('order-total')).toHaveTextContent('67 BYN');
    expect(payButton()).toHaveTextContent('Оплатить 67 BYN');
  });

  it('DEL-12, DEL-13, DEL-14, DEL-21: plus and minus change a line; down to zero removes it', async () => {
    fillCart();
    const { user } = renderCart();
    await screen.findAllByTestId('cart-line');
    await user.click(screen.getByRole('button', { name: 'Добавить ещё порцию «Грибной суп»' }));
    expect(useCart.getState().items[1]!.quantity).toBe(2);
    await user.click(screen.getByRole('button', { name: 'Убрать одну порцию «Грибной суп»' }));
    await user.click(screen.getByRole('button', { name: 'Убрать одну порцию «Грибной суп»' }));
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Убрать «Сало с чесноком» из корзины' }));
    expect(await screen.findByTestId('empty-cart')).toBeInTheDocument();
  });

  it('DEL-22: the clear button empties items, address, card and comment', async () => {
    fillCart();
    useCart.getState().setComment('Позвонить');
    const { user } = renderCart();
    await screen.findAllByTestId('cart-line');
    await user.click(screen.getByTestId('clear-cart'));
    expect(useCart.getState()).toMatchObject({ items: [], selectedAddressId: null, selectedPaymentMethodId: null, comment: '' });
    expect(await screen.findByTestId('empty-cart')).toBeInTheDocument();
  });

  it('an emptied cart can be put back with one tap (issue 26)', async () => {
    fillCart();
    const { user } = renderCart();
    const before = (await screen.findAllByTestId('cart-line')).map((line) => line.textContent);
    await user.click(screen.getByTestId('clear-cart'));
    const emptied = await screen.findByTestId('cart-emptied');
    expect(emptied).toHaveTextContent('Корзина очищена.');
    await user.click(within(emptied).getByRole('button', { name: 'Вернуть блюда' }));
    expect((await screen.findAllByTestId('cart-line')).map((line) => line.textContent)).toEqual(before);
    expect(screen.queryByTestId('cart-emptied')).not.toBeInTheDocument();
  });

  it('DEL-26, DEL-27: the saved addresses and cards by their last four digits, the primary ones chosen first', async () => {
    fillCart();
    renderCart();
    const addressSelect = await screen.findByRole('combobox', { name: 'Адрес доставки' });
    const cardSelect = await screen.findByRole('combobox', { name: 'Способ оплаты' });
    expect(within(addressSelect).getAllByRole('option').map((o) => o.textContent)).toEqual(['Выберите адрес', 'Дом — ул. Советская, 1', 'Офис — ул. Ожешко, 22']);
    expect(within(cardSelect).getAllByRole('option').map((o) => o.textContent)).toEqual(['Выберите карту', 'VISA •••• 4242', 'VISA •••• 4444 · основная']);
    await waitFor(() => expect(cardSelect).toHaveValue(master.payment_method_id));
    expect(addressSelect).toHaveValue(String(office.id));
    expect(useCart.getState()).toMatchObject({ selectedAddressId: office.id, selectedPaymentMethodId: master.payment_method_id });
  });

  it('DEL-26, DEL-31: Pay waits for the addresses: a tap cannot meet "choose an address" while the primary one is on its way', async () => {
    fillCart();
    const addresses = heldAnswer();
    const { api, user } = renderCart({ addressesAnswer: addresses.promise });
    const cardSelect = await screen.findByRole('combobox', { name: 'Способ оплаты' });
    await waitFor(() => expect(cardSelect).toHaveValue(master.payment_method_id));
    expect(payButton()).toBeDisabled();

    await act(async () => addresses.answer({ status: 200, body: [home, office] }));
    await waitFor(() => expect(payButton()).toBeEnabled());
    await user.click(payButton());
    await waitFor(() => expect(calls(api, 'POST orders/')).toHaveLength(1));
    expect(calls(api, 'POST orders/')[0]!.body).toMatchObject({ address_id: office.id });
    expect(screen.queryByText('Пожалуйста, выберите адрес и способ оплаты.')).not.toBeInTheDocument();
  });

  it('DEL-31: without an address or a card, paying says so and creates no order', async () => {
    fillCart();
    const { api, user } = renderCart({ addresses: [], cards: [] });
    await screen.findByRole('combobox', { name: 'Способ оплаты' });
    await user.click(payButton());
    expect(await screen.findByText('Пожалуйста, выберите адрес и способ оплаты.')).toBeInTheDocument();
    expect(calls(api, 'POST orders/')).toHaveLength(0);
  });

  it('DEL-28, DEL-29, DEL-32, DEL-34, DEL-35: creates the order, then the payment, polls every 2 s while pending, then clears the cart and opens the orders', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fillCart();
    const { api, polledAt } = renderCart({ statuses: ['pending', 'pending', 'succeeded'] });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await screen.findByRole('combobox', { name: 'Способ оплаты' });
    await waitFor(() => expect(useCart.getState().selectedPaymentMethodId).toBe(master.payment_method_id));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Способ оплаты' }), visa.payment_method_id);
    await user.type(screen.getByRole('textbox', { name: 'Комментарий для курьера' }), 'Домофон 14');
    await user.click(payButton());

    await waitFor(() => expect(calls(api, 'GET payments/pay-1/status/')).toHaveLength(1));
    expect(payButton()).toHaveTextContent('Обработка...');
    expect(payButton()).toBeDisabled();
    expect(calls(api, 'POST orders/')[0]!.body).toEqual({
      address_id: office.id,
      payment_method_id: visa.payment_method_id,
      items: [
        { product_id: String(salo.id), quantity: 2, options: [] },
        { product_id: String(mushroom.id), quantity: 1, options: [] },
      ],
      comment: 'Домофон 14',
      // The total the guest saw: another one at the server is asked again (issue 20, point 3).
      expected_total: 180_50,
      // As soon as possible: no slot chosen (issue 24).
      deliver_at: null,
    });
    expect(calls(api, 'POST payments/create/')[0]!.body).toEqual({ order_id: 77, payment_method_id: visa.payment_method_id });
    // Each decision to pay is an attempt of its own (issue 20, point 2).
    expect(calls(api, 'POST payments/create/')[0]!.headers?.['idempotency-key']).toMatch(/^[\w-]{8,}$/);
    // Polled every 2 seconds while pending. The clock also runs in real time (the user events
    // wait on it), so the gaps are judged by when each request was made, not counted at an
    // instant a busy machine may have passed.
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS));
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS));
    expect(polledAt).toHaveLength(3);
    for (const [i, at] of polledAt.slice(1).entries()) {
      expect(at - polledAt[i]!).toBeGreaterThanOrEqual(PAYMENT_POLL_MS);
      expect(at - polledAt[i]!).toBeLessThan(2 * PAYMENT_POLL_MS);
    }
    expect(await screen.findByText('Оплата прошла успешно!')).toBeInTheDocument();
    expect(await screen.findByText('orders page')).toBeInTheDocument();
    expect(useCart.getState().items).toEqual([]);
  });

  it('DEL-30: the pay button stays disabled while the order is created, while the payment is created and while the payment is tracked', async () => {
    const order = heldAnswer();
    const payment = heldAnswer();
    const status = heldAnswer();
    fillCart();
    const { api, user } = renderCart({ order: order.promise, payment: payment.promise, status: status.promise });
    await waitFor(() => expect(useCart.getState().selectedPaymentMethodId).not.toBeNull());
    expect(payButton()).toBeEnabled();
    await user.click(payButton());

    // The order is being created.
    await waitFor(() => expect(calls(api, 'POST orders/')).toHaveLength(1));
    expect(payButton()).toBeDisabled();
    expect(calls(api, 'POST payments/create/')).toHaveLength(0);

    // The payment is being created.
    order.answer({ status: 201, body: { id: 77 } });
    await waitFor(() => expect(calls(api, 'POST payments/create/')).toHaveLength(1));
    expect(payButton()).toBeDisabled();
    expect(calls(api, 'GET payments/pay-1/status/')).toHaveLength(0);

    // The payment is being tracked.
    payment.answer({ status: 200, body: { payment_id: 'pay-1', status: 'pending', amount: 100 } });
    await waitFor(() => expect(calls(api, 'GET payments/pay-1/status/')).toHaveLength(1));
    expect(payButton()).toBeDisabled();

    // Tracking over (declined): the button is free again.
    status.answer({ status: 200, body: { status: 'canceled' } });
    await waitFor(() => expect(payButton()).toBeEnabled());
    expect(calls(api, 'POST orders/')).toHaveLength(1);
  });

  it('DEL-36: a declined payment says so, stops asking and lets the guest pay again with another card, for the same order', async () => {
    fillCart();
    const { api, user } = renderCart({ statuses: ['canceled'] });
    await waitFor(() => expect(useCart.getState().selectedPaymentMethodId).toBe(master.payment_method_id));
    await user.click(payButton());
    expect(await screen.findByText('Оплата не удалась. Попробуйте другой способ оплаты.')).toBeInTheDocument();
    await waitFor(() => expect(payButton()).toBeEnabled());
    expect(calls(api, 'GET payments/pay-1/status/')).toHaveLength(1);
    expect(useCart.getState().items).toHaveLength(2);
    // The message stays beside the card choice, which is marked, after the toast has gone (issue 26).
    const cardChoice = screen.getByRole('combobox', { name: 'Способ оплаты' });
    expect(cardChoice).toHaveAttribute('aria-invalid', 'true');
    expect(cardChoice).toHaveAccessibleDescription(expect.stringContaining('Оплата не удалась'));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Способ оплаты' }), visa.payment_method_id);
    await user.click(payButton());
    await waitFor(() => expect(calls(api, 'POST payments/create/')).toHaveLength(2));
    // The same order is paid again, brought up to date, not placed twice.
    expect(calls(api, 'POST orders/')).toHaveLength(1);
    expect(calls(api, 'PUT orders/77/')).toHaveLength(1);
    expect(calls(api, 'POST payments/create/')[1]!.body).toEqual({ order_id: 77, payment_method_id: visa.payment_method_id });
  });

  it('DEL-33: when the answer has a confirmation_url, the browser goes there and tracking resumes on return', async () => {
    fillCart();
    const { user, view } = renderCart({
      payment: { status: 200, body: { payment_id: 'pay-1', status: 'pending', amount: 100, confirmation_url: 'http://localhost/api/v1/payments/sandbox/abc/' } },
      statuses: ['succeeded'],
    });
    await waitFor(() => expect(useCart.getState().selectedPaymentMethodId).not.toBeNull());
    await user.click(payButton());
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('http://localhost/api/v1/payments/sandbox/abc/'));
    expect(payButton()).toHaveTextContent('Обработка...');
    expect(sessionStorage.getItem('checkoutPayment')).toBe('"pay-1"');
    view.unmount();

    // Back from the confirmation page.
    renderCart({ statuses: ['succeeded'] });
    expect(await screen.findByText('Оплата прошла успешно!')).toBeInTheDocument();
    expect(await screen.findByText('orders page')).toBeInTheDocument();
    expect(sessionStorage.getItem('checkoutPayment')).toBeNull();
  });

  it('ERR-32: a failed order or payment creation shows its toast and frees the button', async () => {
    fillCart();
    const { user } = renderCart({ order: { status: 422, body: { detail: 'body.items: Unknown dish' } } });
    await waitFor(() => expect(useCart.getState().selectedPaymentMethodId).not.toBeNull());
    await user.click(payButton());
    expect(await screen.findByText('Произошла ошибка при создании заказа или платежа.')).toBeInTheDocument();
    await waitFor(() => expect(payButton()).toBeEnabled());
  });

  it.each([
    [{ status: 409, body: { detail: 'You have 3 unpaid orders: pay or cancel one before placing another' } }, 'Неоплаченных заказов у вас уже 3.'],
    [{ status: 429, body: { detail: 'Too many requests, retry in 40 s' } }, 'Слишком много заказов за минуту.'],
  ])('issue 21: an order refused by a limit says which, in the page’s language (%#)', async (order, text) => {
    fillCart();
    const { user } = renderCart({ order });
    await waitFor(() => expect(useCart.getState().selectedPaymentMethodId).not.toBeNull());
    await user.click(payButton());
    expect(await screen.findByText(new RegExp(`^${text}`))).toBeInTheDocument();
  });

  it('shows a dish whose price changed or that left the menu, and pays only once the guest has seen it', async () => {
    fillCart();
    const today = testMenu.filter((p) => p.id !== mushroom.id).map((p) => (p.id === salo.id ? { ...p, price: 16_00 } : p));
    const { user } = renderCart({ menu: today });
    expect(await screen.findByTestId('price-changed')).toHaveTextContent('Цена изменилась: было 14,50 BYN, теперь 16 BYN');
    expect(screen.getByTestId('unavailable')).toHaveTextContent('Этого блюда сейчас нет в меню');
    expect(screen.getByTestId('goods-total')).toHaveTextContent('32 BYN');
    expect(payButton()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Обновить корзину' }));
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
    expect(screen.queryByTestId('menu-changed')).not.toBeInTheDocument();
    expect(useCart.getState().items[0]).toMatchObject({ product_id: salo.id, price: 16_00, quantity: 2 });
    expect(payButton()).toBeEnabled();
  });

  it('a price changed in the admin meanwhile: the order answers 409, the cart shows the new prices and what changed, and pays the new total only once the guest agrees (issue 20, point 3)', async () => {
    fillCart();
    const menu = testMenu.map((p) => ({ ...p }));
    let orders = 0;
    const { api, user } = renderCart({ menu });
    await waitFor(() => expect(payButton()).toBeEnabled());
    // The server's menu changed after the cart read it: the order is refused with today's prices.
    api.handlers['POST orders/'] = () => {
      orders += 1;
      if (orders === 1) {
        menu.find((p) => p.id === salo.id)!.price = 145_00;
        return {
          status: 409,
          body: { detail: 'The prices have changed since you saw them: check the new total and confirm the order again', total: 2 * 145_00 + 12_50 + 139_00, items: [{ product_id: salo.id, price: 145_00 }, { product_id: mushroom.id, price: 12_50 }] },
        };
      }
      return { status: 201, body: { id: 77 } };
    };
    await user.click(payButton());
    expect(await screen.findByText('Цены изменились, пока вы собирали корзину. Проверьте новые цены и итог и оплатите снова.')).toBeInTheDocument();
    expect(await screen.findByTestId('price-changed')).toHaveTextContent('Цена изменилась: было 14,50 BYN, теперь 145 BYN');
    expect(screen.getByTestId('order-total')).toHaveTextContent('441,50 BYN');
    expect(calls(api, 'POST payments/create/')).toHaveLength(0);
    expect(payButton()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Обновить корзину' }));
    await waitFor(() => expect(payButton()).toBeEnabled());
    await user.click(payButton());
    await waitFor(() => expect(calls(api, 'POST payments/create/')).toHaveLength(1));
    expect(calls(api, 'POST orders/')[1]!.body).toMatchObject({ expected_total: 441_50 });
  });

  it('outside the kitchen\'s hours the cart says when ordering opens and does not pay (issue 20, point 11)', async () => {
    fillCart();
    const opens = new Date(Date.now() + 3 * 3_600_000);
    renderCart({ ordering: { ...openKitchen, open: false, reason: 'hours', opens_at: opens.toISOString() } });
    const banner = await screen.findByTestId('ordering-closed');
    expect(banner).toHaveTextContent('Заказы принимаются ежедневно с 11:00 до 22:00.');
    expect(banner).toHaveTextContent(/Заказы начнут принимать (сегодня|завтра) в \d{2}:\d{2}\./);
    expect(payButton()).toBeDisabled();
  });

  it('a kitchen closed by staff for the day says so (issue 20, point 11)', async () => {
    fillCart();
    renderCart({ ordering: { ...openKitchen, open: false, reason: 'closed_today', closed_today: true, opens_at: new Date(Date.now() + 86_400_000).toISOString() } });
    expect(await screen.findByTestId('ordering-closed')).toHaveTextContent('Сегодня кухня не принимает заказы.');
    expect(payButton()).toBeDisabled();
  });

  it('an order over 3,000 BYN says so and does not pay (issue 20, point 9)', async () => {
    loadCart();
    for (let i = 0; i < 30; i += 1) useCart.getState().add({ ...salo, price: 100_00 });
    renderCart({ menu: testMenu.map((p) => (p.id === salo.id ? { ...p, price: 100_00 } : p)) });
    expect(await screen.findByTestId('order-too-large')).toHaveTextContent(/Заказ может стоить не больше 3\s000 BYN/);
    expect(payButton()).toBeDisabled();
  });

  it('is complete in English', async () => {
    fillCart();
    await i18n.changeLanguage('en');
    try {
      renderCart();
      expect(await screen.findByRole('heading', { level: 1, name: 'Cart' })).toBeInTheDocument();
      expect(await screen.findByRole('combobox', { name: 'Payment method' })).toBeInTheDocument();
      expect(screen.getByRole('combobox', { name: 'Delivery address' })).toBeInTheDocument();
      expect(screen.getByTestId('delivery-fee')).toHaveTextContent('139 BYN');
    } finally {
      await i18n.changeLanguage('ru');
    }
  });
});

describe('the way to the cart', () => {
  /** The whole route table, with the site header and the redirect of unknown paths. */
  async function renderApp(path: string) {
    // A browser that signed in before: the app asks who it is (shared/session/load-session).
    document.cookie = 'signed_in=1; path=/';
    // jsdom has no scrolling; the root layout's ScrollRestoration calls it on every navigation.
    vi.stubGlobal('scrollTo', vi.fn());
    fakeApi({
      'GET auth/me/': () => ({ status: 200, body: testUser }),
      'GET delivery/products/': () => ({ status: 200, body: testMenu }),
      'GET account/addresses/': () => ({ status: 200, body: [home] }),
      'GET account/payments/methods/': () => ({ status: 200, body: [visa] }),
    });
    // The first page's code is lazy: render once it has loaded, as the app does before it hydrates.
    await prepareRoutes(path);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const shown = { pathname: '' };
    function Address() {
      shown.pathname = useLocation().pathname;
      return null;
    }
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <Address />
          <AppRoutes />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    return { shown, user: userEvent.setup() };
  }

  afterEach(() => {
    document.cookie = 'signed_in=; Max-Age=0; path=/';
  });

  it('DEL-20: the header cart link opens the cart screen', async () => {
    fillCart();
    const { shown, user } = await renderApp('/terms');
    await user.click(await screen.findByTestId('cart-link'));
    expect(await screen.findByTestId('cart-page')).toBeInTheDocument();
    expect(await screen.findAllByTestId('cart-line')).toHaveLength(2);
    expect(['/cart', '/delivery/cart']).toContain(shown.pathname);
  });

  it('DEL-20: /cart, where the spec points the header link, opens the cart screen instead of redirecting home', async () => {
    fillCart();
    const { shown } = await renderApp('/cart');
    expect(await screen.findByTestId('cart-page')).toBeInTheDocument();
    expect(await screen.findAllByTestId('cart-line')).toHaveLength(2);
    expect(shown.pathname).toBe('/cart');
  });
});

describe('/delivery/cart: delivery time and the owner\'s amounts (issue 24, point 2)', () => {
  // Goods 41,50 BYN: 2 × salo 14,50 and a mushroom soup 12,50.
  // Tomorrow 18:30 on the hotel's clock, whatever day the test runs.
  const tomorrow = new Date(Date.parse(`${hotelToday()}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const at = hotelMoment(tomorrow, '18:30').toISOString();
  const kitchen = (change: Partial<OrderingState>): OrderingState => ({
    open: true,
    reason: null,
    opens_at: null,
    hours: { opens: '11:00', closes: '22:00' },
    closed_today: false,
    lead_minutes: 45,
    min_order: 0,
    free_delivery_from: null,
    delivery_fee: 139_00,
    slots: [{ at, day: tomorrow, time: '18:30', free: 3 }],
    ...change,
  });

  it('offers as soon as possible (the current lead time) or a slot, and sends the chosen slot', async () => {
    fillCart();
    const { api, user } = renderCart({ ordering: kitchen({}) });
    const when = await screen.findByRole('combobox', { name: 'Время доставки' });
    expect(within(when).getAllByRole('option').map((o) => o.textContent)).toEqual(['Как можно скорее (около 45 мин)', 'Завтра, 18:30–19:00']);
    await user.selectOptions(when, at);
    expect(screen.getByText('Курьер привезёт заказ: Завтра, 18:30–19:00.')).toBeInTheDocument();
    await waitFor(() => expect(useCart.getState().selectedPaymentMethodId).toBe(master.payment_method_id));
    await user.click(payButton());
    await waitFor(() => expect(calls(api, 'POST orders/')).toHaveLength(1));
    expect(calls(api, 'POST orders/')[0]!.body).toMatchObject({ deliver_at: at, expected_total: 41_50 + 139_00 });
  });

  it('says how much more for free delivery, and delivers free from the amount on', async () => {
    fillCart();
    renderCart({ ordering: kitchen({ free_delivery_from: 50_00 }) });
    expect(await screen.findByTestId('free-delivery-hint')).toHaveTextContent('Добавьте ещё на 8,50 BYN — и доставка будет бесплатной.');
    act(() => useCart.getState().add(mushroom));
    await waitFor(() => expect(screen.getByTestId('delivery-fee')).toHaveTextContent('Бесплатно'));
    expect(screen.queryByTestId('free-delivery-hint')).toBeNull();
    expect(screen.getByTestId('order-total')).toHaveTextContent('54 BYN');
  });

  it('below the minimum order says how much is missing and does not pay', async () => {
    fillCart();
    const { api, user } = renderCart({ ordering: kitchen({ min_order: 60_00 }) });
    expect(await screen.findByTestId('below-minimum')).toHaveTextContent('Минимальный заказ — 60 BYN: добавьте ещё на 18,50 BYN.');
    expect(payButton()).toBeDisabled();
    await user.click(payButton());
    expect(calls(api, 'POST orders/')).toHaveLength(0);
  });

  it('a slot that filled up meanwhile is said so and the slots are asked again', async () => {
    fillCart();
    const { api, user } = renderCart({ ordering: kitchen({}), order: { status: 409, body: { detail: 'This delivery slot is full: choose another', reason: 'slot_full', slots: [] } } });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Время доставки' }), at);
    await waitFor(() => expect(useCart.getState().selectedPaymentMethodId).toBe(master.payment_method_id));
    const asked = calls(api, 'GET delivery/ordering/').length;
    await user.click(payButton());
    expect(await screen.findByText('На это время заказы уже не принимаются. Выберите другое.')).toBeInTheDocument();
    await waitFor(() => expect(calls(api, 'GET delivery/ordering/').length).toBeGreaterThan(asked));
  });
});

describe('/delivery/cart: room service during a stay (issue 24, point 4)', () => {
  const stay = { reservation_id: 31, room: { ru: 'Люкс с камином', en: 'Suite with a fireplace' }, check_out_at: '2026-12-03T09:00:00.000Z', payment_method_id: visa.payment_method_id };
  const where = () => screen.getByRole('combobox', { name: 'Куда' });

  it('outside a stay, no room is offered and delivery costs its fee', async () => {
    fillCart();
    renderCart();
    const select = await screen.findByRole('combobox', { name: 'Адрес доставки' });
    await waitFor(() => expect(within(select).getAllByRole('option').length).toBeGreaterThan(1));
    expect(within(select).queryByRole('option', { name: /В мой номер/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('delivery-fee')).toHaveTextContent('139 BYN');
  });

  it('during a stay, "to my room" is chosen first: no delivery fee line, the stay\'s card, and the order names the room', async () => {
    fillCart();
    const { api, user } = renderCart({ stays: [stay] });
    await waitFor(() => expect(where()).toHaveValue('room:31'));
    expect(within(where()).getByRole('option', { name: 'В мой номер (Люкс с камином)' })).toBeInTheDocument();
    expect(screen.queryByTestId('delivery-fee')).not.toBeInTheDocument();
    expect(screen.getByTestId('room-no-fee')).toHaveTextContent('Доставка в номер бесплатна.');
    expect(screen.getByTestId('order-total')).toHaveTextContent('41,50 BYN');
    // The primary card would come first; to the room, the card that guarantees the stay does.
    await waitFor(() => expect(useCart.getState().selectedPaymentMethodId).toBe(visa.payment_method_id));

    await user.click(payButton());
    await waitFor(() => expect(calls(api, 'POST orders/')).toHaveLength(1));
    const body = calls(api, 'POST orders/')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ destination: { kind: 'room', reservation_id: 31 }, payment_method_id: visa.payment_method_id, expected_total: 41_50 });
    expect(body).not.toHaveProperty('address_id');
    await waitFor(() => expect(calls(api, 'POST payments/create/')[0]!.body).toEqual({ order_id: 77, payment_method_id: visa.payment_method_id }));
  });

  it('the guest may choose an address instead: the fee comes back and the order goes there', async () => {
    fillCart();
    const { api, user } = renderCart({ stays: [stay] });
    await waitFor(() => expect(where()).toHaveValue('room:31'));
    await user.selectOptions(where(), String(home.id));
    expect(screen.getByTestId('delivery-fee')).toHaveTextContent('139 BYN');
    expect(screen.getByTestId('order-total')).toHaveTextContent('180,50 BYN');
    await user.click(payButton());
    await waitFor(() => expect(calls(api, 'POST orders/')).toHaveLength(1));
    expect(calls(api, 'POST orders/')[0]!.body).toMatchObject({ address_id: home.id, expected_total: 180_50 });
  });

  it('a refusal outside the stay is said in the guest\'s language', async () => {
    fillCart();
    const { user } = renderCart({ stays: [stay], order: { status: 422, body: { detail: 'Room service is only for a stay in progress', reason: 'not_staying' } } });
    await waitFor(() => expect(where()).toHaveValue('room:31'));
    await user.click(payButton());
    expect(await screen.findByText(/Доставка в номер — только во время проживания/)).toBeInTheDocument();
  });

  it('issue 45: "put on the room bill" beside the cards, chosen by keyboard: the total the guest agrees to, the order on the bill, no card and no payment', async () => {
    fillCart();
    const { api, user } = renderCart({ stays: [stay] });
    await waitFor(() => expect(where()).toHaveValue('room:31'));
    const cards = screen.getByRole('combobox', { name: 'Способ оплаты' });
    await waitFor(() => expect(cards).toHaveValue(visa.payment_method_id));
    expect(within(cards).getByRole('option', { name: 'Записать на счёт номера' })).toBeInTheDocument();
    expect(screen.queryByTestId('room-bill-hint')).not.toBeInTheDocument();
    // By keyboard: the card choice in focus, the last option (the room bill) with the arrow key.
    cards.focus();
    await user.selectOptions(cards, 'room-bill');
    expect(cards).toHaveValue('room-bill');
    expect(screen.getByTestId('room-bill-hint')).toHaveTextContent('41,50 BYN запишем на счёт номера');
    expect(payButton()).toHaveTextContent('Записать 41,50 BYN на счёт номера');
    payButton().focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(calls(api, 'POST orders/')).toHaveLength(1));
    const body = calls(api, 'POST orders/')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ destination: { kind: 'room', reservation_id: 31, on_room_bill: true }, expected_total: 41_50 });
    expect(body).not.toHaveProperty('payment_method_id');
    expect(await screen.findByText('orders page')).toBeInTheDocument();
    expect(calls(api, 'POST payments/create/')).toHaveLength(0);
    expect(useCart.getState().items).toEqual([]);
  });

  it('issue 45: outside a stay (to an address) the room bill is not offered, in English too', async () => {
    await i18n.changeLanguage('en');
    try {
      fillCart();
      renderCart({ stays: [stay] });
      const cards = await screen.findByRole('combobox', { name: 'Payment method' });
      await waitFor(() => expect(within(cards).getByRole('option', { name: 'Put on the room bill' })).toBeInTheDocument());
      await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Where' }), String(home.id));
      expect(within(cards).queryByRole('option', { name: 'Put on the room bill' })).not.toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('ru');
    }
  });
});

describe('/delivery/cart: paying the courier (issue 46, part 2)', () => {
  const allowed: PayAtDoorOffer = { allowed: true, reason: null, methods: ['cash', 'card_terminal'], cap: 200_00 };
  const doorOptions = () => within(screen.getByTestId('card-select')).queryAllByRole('option').filter((option) => (option as HTMLOptionElement).value.startsWith('door:'));

  it('is offered as cash or the card terminal when the guest may; the order is placed with it and no payment is asked for', async () => {
    fillCart();
    const { api, user } = renderCart({ door: allowed });
    await waitFor(() => expect(doorOptions().map((option) => option.textContent)).toEqual(['Оплата курьеру: наличными', 'Оплата курьеру: картой через терминал']));
    await user.selectOptions(screen.getByTestId('card-select'), 'door:cash');
    expect(screen.getByTestId('door-hint')).toHaveTextContent('Вы платите курьеру при получении: 180,50 BYN');
    expect(payButton()).toHaveTextContent('Оформить заказ · 180,50 BYN');
    await user.click(payButton());
    expect(await screen.findByText('orders page')).toBeInTheDocument();
    const [placed] = calls(api, 'POST orders/');
    expect(placed!.body).toMatchObject({ pay_at_door: 'cash', expected_total: 180_50 });
    expect(placed!.body).not.toHaveProperty('payment_method_id');
    expect(calls(api, 'POST payments/create/')).toEqual([]);
  });

  it('is not offered to a guest the server does not allow, nor over the cap', async () => {
    fillCart();
    renderCart();
    await screen.findByTestId('checkout-panel');
    await waitFor(() => expect(within(screen.getByTestId('card-select')).getAllByRole('option').length).toBeGreaterThan(1));
    expect(doorOptions()).toEqual([]);
  });

  it('is not offered over the cap (180.50 BYN against 100 BYN)', async () => {
    fillCart();
    renderCart({ door: { ...allowed, cap: 100_00 } });
    await waitFor(() => expect(within(screen.getByTestId('card-select')).getAllByRole('option').length).toBeGreaterThan(1));
    expect(doorOptions()).toEqual([]);
  });
});
