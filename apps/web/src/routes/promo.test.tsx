/**
 * Promo codes on the web (issue 23, point 4; decision 043): the code field on the booking's
 * payment step and in the cart (apply, the discount in the summary, the code sent with the
 * booking or the order, a refusal in the guest's words, remove), and /admin/promo's form. A code
 * the guest cannot use has one answer (issue 42, point 11).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Address, OrderingState, PaymentMethod, Product, PromoCodeView } from '@hotel/domain';
import { useBookingDraft } from '../features/hotel/lib/booking-draft';
import { AdminPromo } from '../features/promo/components/admin-promo';
import { loadCart, resetCartForTests, useCart } from '../shared/cart/cart-store';
import { i18n } from '../shared/i18n';
import { useSession } from '../shared/session/session-store';
import { toast } from '../shared/ui';
import { testMenu } from '../test/delivery-fixtures';
import { testFilter, testRoom, testVariant } from '../test/hotel-fixtures';
import { fakeApi, renderWithProviders, testUser, type FakeCall } from '../test/render';
import { Component as CartPage } from './cart';
import { Component as PaymentPage } from './hotel/payment';

vi.mock('../shared/api/leave-for', () => ({ leaveFor: vi.fn() }));

const card: PaymentMethod = {
  id: 1,
  payment_method_id: '1c9a8d2f-7a4f-4e66-8a8b-3c9a1f2d5b21',
  card_last4: '4444',
  brand: 'visa',
  exp_month: 12,
  exp_year: 2030,
  primary: true,
  status: 'succeeded',
  created_at: '2026-01-01T00:00:00Z',
};
const home: Address = { id: 11, label: 'Дом', address: 'ул. Советская, 1', entrance: 2, floor: 3, apartment: 14, intercom: null, comment: null, is_primary: true };
const openKitchen: OrderingState = { open: true, reason: null, opens_at: null, hours: { opens: '11:00', closes: '22:00' }, closed_today: false, lead_minutes: 60, min_order: 0, free_delivery_from: null, delivery_fee: 139_00, slots: [] };
const calls = (api: { calls: FakeCall[] }, key: string) => api.calls.filter((c) => `${c.method} ${c.path}` === key);

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  useSession.setState({ status: 'authenticated', user: testUser });
});
afterEach(async () => {
  toast.clear();
  vi.unstubAllGlobals();
  resetCartForTests();
  await i18n.changeLanguage('ru');
});

describe('the payment step with a promo code', () => {
  beforeEach(() => {
    useBookingDraft.getState().clear();
    const filter = testFilter(1);
    useBookingDraft.getState().selectVariant(filter, testVariant(testRoom()));
    useBookingDraft.getState().setBookingDetails({ arrival: filter.arrival, departure: filter.departure, specialRequests: '' });
  });

  function renderPayment(check: () => { status: number; body: unknown }) {
    const api = fakeApi({
      'GET account/payments/methods/': () => ({ status: 200, body: [card] }),
      'POST promo/check/': check,
      'POST hotel/reservations/': () => ({ status: 201, body: { id: 501 } }),
    });
    renderWithProviders(
      <Routes>
        <Route path="/hotel/payment" element={<PaymentPage />} />
        <Route path="/account/reservations" element={<p>reservations page</p>} />
      </Routes>,
      { route: '/hotel/payment' },
    );
    return { api, user: userEvent.setup() };
  }

  it('2 nights × 250.00 = 500.00, SUMMER10 takes 50.00 off: the summary shows 450.00, and the booking sends the code and 450.00', async () => {
    const { api, user } = renderPayment(() => ({ status: 200, body: { code: 'SUMMER10', discount: 50_00 } }));
    await user.type(await screen.findByTestId('promo-input'), 'summer10');
    await user.click(screen.getByTestId('promo-apply'));
    expect(await screen.findByTestId('summary-promo')).toHaveTextContent('Скидка по промокоду SUMMER10−50 BYN');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('450 BYN');
    expect(calls(api, 'POST promo/check/')[0]!.body).toMatchObject({ code: 'summer10', scope: 'rooms', amount: 500_00 });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Карта для гарантии' })).toHaveValue(card.payment_method_id));
    await user.click(screen.getByTestId('book-button'));
    await screen.findByText('reservations page');
    expect(calls(api, 'POST hotel/reservations/')[0]!.body).toMatchObject({ promo_code: 'SUMMER10', expected_total: 450_00 });
  });

  it('a refused code is said in the guest’s language (ru, en), and Remove takes an applied code off', async () => {
    let refuse = true;
    const { user } = renderPayment(() =>
      refuse ? { status: 422, body: { detail: 'This promo code has expired', promo_refusal: 'expired' } } : { status: 200, body: { code: 'OK5', discount: 25_00 } },
    );
    await user.type(await screen.findByTestId('promo-input'), 'old');
    await user.click(screen.getByTestId('promo-apply'));
    expect(await screen.findByText('Срок действия промокода истёк')).toBeInTheDocument();
    await i18n.changeLanguage('en');
    await user.click(screen.getByTestId('promo-apply'));
    expect(await screen.findByText('This promo code has expired')).toBeInTheDocument();
    refuse = false;
    await user.clear(screen.getByTestId('promo-input'));
    await user.type(screen.getByTestId('promo-input'), 'ok5');
    await user.click(screen.getByTestId('promo-apply'));
    expect(await screen.findByTestId('promo-applied')).toHaveTextContent('OK5');
    await user.click(screen.getByTestId('promo-remove'));
    expect(screen.queryByTestId('summary-promo')).toBeNull();
    expect(screen.getByTestId('summary-total')).toHaveTextContent('500 BYN');
  });

  it('a code the guest cannot use gets one answer in both languages; too many tries and an account not activated are said too (issue 42, point 11)', async () => {
    let answer: { status: number; body: unknown } = { status: 422, body: { detail: 'This promo code cannot be used', promo_refusal: 'unavailable' } };
    const { user } = renderPayment(() => answer);
    await user.type(await screen.findByTestId('promo-input'), 'guess');
    await user.click(screen.getByTestId('promo-apply'));
    expect(await screen.findByText('Этот промокод нельзя применить')).toBeInTheDocument();
    await i18n.changeLanguage('en');
    await user.click(screen.getByTestId('promo-apply'));
    expect(await screen.findByText('This promo code cannot be used')).toBeInTheDocument();
    answer = { status: 429, body: { detail: 'Too many promo codes tried: try again in 2 s' } };
    await user.click(screen.getByTestId('promo-apply'));
    expect(await screen.findByText('Too many promo codes tried. Please try again later')).toBeInTheDocument();
    answer = { status: 403, body: { detail: 'Activate your account to use promo codes' } };
    await i18n.changeLanguage('ru');
    await user.click(screen.getByTestId('promo-apply'));
    expect(await screen.findByText('Подтвердите e-mail, чтобы применять промокоды')).toBeInTheDocument();
  });
});

describe('a stay the code and the rate take whole (issue 42)', () => {
  it.each([
    ['ru', 'Забронировать — оплата не нужна', 'Промокод и тариф покрывают всё проживание', 'Забронировано! Ничего не списано'],
    ['en', 'Book — nothing to pay', 'The promo code and the rate cover the whole stay', 'Booked! Nothing was charged'],
  ] as const)('2 × 250.00 at the 15-percent rate with a 1,000 BYN code: the code line shows the 425.00 left, the total 0, nothing to pay (%s), and the booking sends 0', async (language, button, text, booked) => {
    await i18n.changeLanguage(language);
    useBookingDraft.getState().clear();
    const filter = testFilter(1);
    const variant = testVariant(testRoom(), { non_refundable: { discount_percent: 15, discount: 75_00, total: 425_00 } });
    useBookingDraft.getState().selectVariant(filter, variant, 'non_refundable');
    useBookingDraft.getState().setBookingDetails({ arrival: filter.arrival, departure: filter.departure, specialRequests: '' });
    const api = fakeApi({
      'GET account/payments/methods/': () => ({ status: 200, body: [card] }),
      // The check prices the code on the nights' sum: 500.00 at most.
      'POST promo/check/': () => ({ status: 200, body: { code: 'BIG', discount: 500_00 } }),
      'POST hotel/reservations/': () => ({ status: 201, body: { id: 502, rate: 'non_refundable', price: 0, prepayment: null } }),
    });
    renderWithProviders(
      <Routes>
        <Route path="/hotel/payment" element={<PaymentPage />} />
        <Route path="/account/reservations" element={<p>reservations page</p>} />
      </Routes>,
      { route: '/hotel/payment' },
    );
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('promo-input'), 'big');
    await user.click(screen.getByTestId('promo-apply'));
    expect(await screen.findByTestId('summary-promo')).toHaveTextContent('−425');
    expect(screen.getByTestId('summary-total')).toHaveTextContent(/^0\sBYN$/);
    expect(screen.getByTestId('non-refundable-terms')).toHaveTextContent(text);
    expect(screen.getByTestId('book-button')).toHaveTextContent(button);
    await waitFor(() => expect(screen.getByTestId('book-button')).toBeEnabled());
    await user.click(screen.getByTestId('book-button'));
    await screen.findByText('reservations page');
    expect(calls(api, 'POST hotel/reservations/')[0]!.body).toMatchObject({ rate: 'non_refundable', promo_code: 'BIG', expected_total: 0 });
    expect(await screen.findByText(new RegExp(booked))).toBeInTheDocument();
  });
});

describe('the cart with a promo code', () => {
  it('2 × 14.50 + 12.50 = 41.50 of dishes, FOOD10 takes 4.15 off: the totals show it and the order sends the code', async () => {
    loadCart();
    const [salo, , mushroom] = testMenu as [Product, Product, Product];
    useCart.getState().add(salo);
    useCart.getState().add(salo);
    useCart.getState().add(mushroom);
    const api = fakeApi({
      'GET delivery/products/': () => ({ status: 200, body: testMenu }),
      'GET delivery/ordering/': () => ({ status: 200, body: openKitchen }),
      'GET account/addresses/': () => ({ status: 200, body: [home] }),
      'GET account/payments/methods/': () => ({ status: 200, body: [card] }),
      'POST promo/check/': () => ({ status: 200, body: { code: 'FOOD10', discount: 4_15 } }),
      'POST orders/': () => ({ status: 422, body: { detail: 'This promo code has been used up', promo_refusal: 'used_up' } }),
    });
    renderWithProviders(
      <Routes>
        <Route path="/delivery/cart" element={<CartPage />} />
      </Routes>,
      { route: '/delivery/cart' },
    );
    const user = userEvent.setup();
    await screen.findAllByTestId('cart-line');
    await user.type(await screen.findByTestId('promo-input'), 'food10');
    await user.click(screen.getByTestId('promo-apply'));
    expect(await screen.findByTestId('promo-discount')).toHaveTextContent(/FOOD10\s*−4,15/);
    // 41.50 + 139.00 delivery − 4.15 = 176.35
    expect(screen.getByTestId('order-total')).toHaveTextContent('176,35');
    expect(calls(api, 'POST promo/check/')[0]!.body).toMatchObject({ code: 'food10', scope: 'delivery', amount: 41_50 });
    await waitFor(() => expect(screen.getByTestId('pay-button')).toBeEnabled());
    await user.click(screen.getByTestId('pay-button'));
    await waitFor(() => expect(calls(api, 'POST orders/')).toHaveLength(1));
    expect(calls(api, 'POST orders/')[0]!.body).toMatchObject({ promo_code: 'FOOD10', expected_total: 176_35 });
    // Used up meanwhile: said, and the code is taken off.
    expect(await screen.findByText('Этот промокод уже израсходован')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('promo-discount')).toBeNull());
  });
});

describe('an order the code takes whole (issue 42)', () => {
  it.each([
    ['ru', 'Оформить заказ — оплата не нужна', 'Промокод покрывает весь заказ', 'Заказ оформлен! Ничего не списано'],
    ['en', 'Place the order — nothing to pay', 'The promo code covers the whole order', 'Order placed! Nothing was charged'],
  ] as const)('free delivery and a 100-percent code: the total is 0, the button says nothing to pay (%s), and no payment is asked for', async (language, button, hint, placed) => {
    await i18n.changeLanguage(language);
    loadCart();
    const [salo] = testMenu as [Product];
    useCart.getState().add(salo);
    const api = fakeApi({
      'GET delivery/products/': () => ({ status: 200, body: testMenu }),
      'GET delivery/ordering/': () => ({ status: 200, body: { ...openKitchen, free_delivery_from: 0 } }),
      'GET account/addresses/': () => ({ status: 200, body: [home] }),
      'GET account/payments/methods/': () => ({ status: 200, body: [card] }),
      'POST promo/check/': () => ({ status: 200, body: { code: 'ALL', discount: salo.price } }),
      'POST orders/': () => ({ status: 201, body: { id: 77 } }),
    });
    renderWithProviders(
      <Routes>
        <Route path="/delivery/cart" element={<CartPage />} />
        <Route path="/account/orders" element={<p>orders page</p>} />
      </Routes>,
      { route: '/delivery/cart' },
    );
    const user = userEvent.setup();
    await screen.findAllByTestId('cart-line');
    await user.type(await screen.findByTestId('promo-input'), 'all');
    await user.click(screen.getByTestId('promo-apply'));
    await screen.findByTestId('promo-discount');
    expect(screen.getByTestId('order-total')).toHaveTextContent(/^0\s/);
    expect(screen.getByTestId('nothing-to-pay')).toHaveTextContent(hint);
    expect(screen.getByTestId('pay-button')).toHaveTextContent(button);
    await waitFor(() => expect(screen.getByTestId('pay-button')).toBeEnabled());
    await user.click(screen.getByTestId('pay-button'));
    await screen.findByText('orders page');
    expect(calls(api, 'POST orders/')[0]!.body).toMatchObject({ promo_code: 'ALL', expected_total: 0 });
    expect(calls(api, 'POST payments/create/')).toHaveLength(0);
    expect(await screen.findByText(new RegExp(placed))).toBeInTheDocument();
  });
});

describe('/admin/promo', () => {
  const existing: PromoCodeView = {
    id: 3,
    code: 'SUMMER10',
    kind: 'percent',
    value: 10,
    scope: 'rooms',
    valid_from: null,
    valid_to: null,
    stay_from: null,
    stay_to: null,
    min_amount: 0,
    max_uses: 5,
    max_uses_per_guest: null,
    active: true,
    uses: 2,
    created_at: '2026-11-01T00:00:00Z',
  };

  function renderAdmin() {
    const api = fakeApi({
      'GET admin/promo/': () => ({ status: 200, body: [existing] }),
      'POST admin/promo/': ({ body }) => ({ status: 201, body: { ...existing, ...(body as object), id: 4, uses: 0 } }),
      'PUT admin/promo/3/': ({ body }) => ({ status: 200, body: { ...existing, ...(body as object) } }),
    });
    renderWithProviders(<AdminPromo />);
    return { api, user: userEvent.setup() };
  }

  it('lists the codes with their uses; deactivating sends the whole code with active: false', async () => {
    const { api, user } = renderAdmin();
    const row = await screen.findByTestId('promo-row');
    expect(row).toHaveTextContent('SUMMER10');
    expect(within(row).getByTestId('promo-uses')).toHaveTextContent('2 из 5');
    await user.click(within(row).getByTestId('promo-toggle'));
    await waitFor(() => expect(calls(api, 'PUT admin/promo/3/')).toHaveLength(1));
    expect(calls(api, 'PUT admin/promo/3/')[0]!.body).toMatchObject({ code: 'SUMMER10', active: false, max_uses: 5 });
  });

  it.each([
    ['ru', 'Срок действия кончается раньше, чем начинается'],
    ['en', 'The validity ends before it starts'],
  ] as const)('dates ending before they start are said beside the field (%s), and nothing is sent', async (language, text) => {
    await i18n.changeLanguage(language);
    const { api, user } = renderAdmin();
    await user.click(await screen.findByTestId('promo-create'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByTestId('promo-field-code'), 'winter');
    await user.type(within(dialog).getByTestId('promo-field-value'), '15');
    await user.type(within(dialog).getByTestId('promo-field-valid_from'), '2027-01-10');
    await user.type(within(dialog).getByTestId('promo-field-valid_to'), '2027-01-05');
    await user.click(within(dialog).getByTestId('promo-save'));
    expect(await within(dialog).findByText(text)).toBeInTheDocument();
    expect(calls(api, 'POST admin/promo/')).toHaveLength(0);
  });

  it('creates a fixed 20.00 BYN code for delivery from 50.00, sent in kopecks as the server’s schema reads it (the code in capitals)', async () => {
    const { api, user } = renderAdmin();
    await user.click(await screen.findByTestId('promo-create'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByTestId('promo-field-code'), 'food20');
    await user.selectOptions(within(dialog).getByTestId('promo-field-kind'), 'fixed');
    await user.type(within(dialog).getByTestId('promo-field-value'), '20');
    await user.selectOptions(within(dialog).getByTestId('promo-field-scope'), 'delivery');
    await user.type(within(dialog).getByTestId('promo-field-min_amount'), '50');
    await user.click(within(dialog).getByTestId('promo-save'));
    await waitFor(() => expect(calls(api, 'POST admin/promo/')).toHaveLength(1));
    expect(calls(api, 'POST admin/promo/')[0]!.body).toMatchObject({ code: 'FOOD20', kind: 'fixed', value: 20_00, scope: 'delivery', min_amount: 50_00, max_uses: null });
  });
});
