import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_NOT_ACTIVE_DETAIL, addDays, type PaymentMethod } from '@hotel/domain';
import { useBookingDraft } from '../../features/hotel/lib/booking-draft';
import { i18n } from '../../shared/i18n';
import { useSession } from '../../shared/session/session-store';
import { toast } from '../../shared/ui';
import { testFilter, testRoom, testVariant } from '../../test/hotel-fixtures';
import { fakeApi, renderWithProviders, testUser, type FakeCall } from '../../test/render';
import { Component as PaymentPage } from './payment';
import { leaveFor } from '../../shared/api/leave-for';

// The provider's page is another site: the browser would leave for it (jsdom does not).
vi.mock('../../shared/api/leave-for', () => ({ leaveFor: vi.fn() }));

const card = (id: string, last4: string, primary: boolean): PaymentMethod => ({
  id: Number(last4),
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
  sessionStorage.clear();
  useBookingDraft.getState().clear();
  useSession.setState({ status: 'authenticated', user: testUser });
  const filter = testFilter(1);
  useBookingDraft.getState().selectVariant(filter, testVariant(testRoom()));
  useBookingDraft.getState().setBookingDetails({ arrival: filter.arrival, departure: filter.departure, specialRequests: '' });
});
afterEach(() => {
  toast.clear();
  vi.unstubAllGlobals();
});

function renderPayment(cards: PaymentMethod[] = [visa, master]) {
  const api = fakeApi({
    'GET account/payments/methods/': () => ({ status: 200, body: cards }),
    'POST hotel/reservations/': () => ({ status: 201, body: { id: 501 } }),
    'POST payments/methods/init/': () => ({ status: 201, body: { confirmation_url: 'http://localhost/api/v1/payments/sandbox/x/', payment_method_id: 'new-card' } }),
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

const calls = (api: { calls: FakeCall[] }, key: string) => api.calls.filter((c) => `${c.method} ${c.path}` === key);

describe('/hotel/payment: the booking summary', () => {
  it('HOT-33: the summary says the prices are in Belarusian roubles and include VAT and service', async () => {
    renderPayment();
    expect(screen.getByTestId('booking-summary')).toHaveTextContent('Цены указаны в белорусских рублях и включают НДС и обслуживание.');
    await screen.findByRole('combobox', { name: 'Карта для гарантии' });
  });

  it('HOT-34: special requests are a free-text box, and what the guest writes there goes with the booking', async () => {
    const { api, user } = renderPayment();
    const requests = screen.getByRole('textbox', { name: 'Особые пожелания' });
    expect(requests.tagName).toBe('TEXTAREA');
    await user.type(requests, 'Поздний заезд, около 23:00; детская кроватка');
    expect(requests).toHaveValue('Поздний заезд, около 23:00; детская кроватка');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Карта для гарантии' })).toHaveValue(master.payment_method_id));
    await user.click(screen.getByTestId('book-button'));
    await screen.findByText('reservations page');
    expect(calls(api, 'POST hotel/reservations/')[0]!.body).toMatchObject({ special_requests: 'Поздний заезд, около 23:00; детская кроватка' });
  });

  it('HOT-35: the summary has a Book button and the booking disclaimer', async () => {
    renderPayment();
    // Busy until the saved cards have come and the picker has chosen one: a press then is never
    // answered "choose a card" for a card on its way.
    expect(screen.getByTestId('book-button')).toHaveAttribute('aria-busy', 'true');
    expect(
      screen.getByText(
        'Нажимая «Забронировать», вы соглашаетесь с правилами проживания. Оплата — в белорусских рублях при заселении. Бесплатная отмена — не позднее чем за 24 часа до заезда; позже стоимость первой ночи списывается с карты.',
      ),
    ).toBeInTheDocument();
    await screen.findByRole('combobox', { name: 'Карта для гарантии' });
    expect(await screen.findByRole('button', { name: 'Забронировать' })).toBe(screen.getByTestId('book-button'));
  });
});

describe('/hotel/payment: the card that guarantees the booking (CON-05, PUB-13)', () => {
  it('says what the card is for and the first night it would cost, with the primary card chosen', async () => {
    renderPayment();
    const section = screen.getByTestId('guarantee');
    expect(section).toHaveTextContent('Гарантия бронирования');
    expect(section).toHaveTextContent('при отмене позднее чем за 24 часа до заезда или незаезде с неё спишется стоимость первой ночи, 250 BYN');
    const select = await within(section).findByRole('combobox', { name: 'Карта для гарантии' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Выберите карту', 'VISA •••• 4242', 'VISA •••• 4444 · Основная']);
    await waitFor(() => expect(select).toHaveValue(master.payment_method_id));
  });

  it('books with the chosen card', async () => {
    const { api, user } = renderPayment();
    const select = await screen.findByRole('combobox', { name: 'Карта для гарантии' });
    await user.selectOptions(select, visa.payment_method_id);
    await user.click(screen.getByTestId('book-button'));
    await screen.findByText('reservations page');
    expect(calls(api, 'POST hotel/reservations/')[0]!.body).toMatchObject({ payment_method_id: visa.payment_method_id });
  });

  it('HOT-36 (issue 26): a double click on Book books once, with an Idempotency-Key, and the guest lands on the booking', async () => {
    const { api, user } = renderPayment();
    let answer!: () => void;
    api.handlers['POST hotel/reservations/'] = () => new Promise((resolve) => (answer = () => resolve({ status: 201, body: { id: 501 } })));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Карта для гарантии' })).toHaveValue(master.payment_method_id));
    // Both clicks land while the first booking is on its way.
    await user.dblClick(screen.getByTestId('book-button'));
    await waitFor(() => expect(calls(api, 'POST hotel/reservations/')).toHaveLength(1));
    answer();
    await screen.findByText('reservations page');
    expect(calls(api, 'POST hotel/reservations/')).toHaveLength(1);
    expect(calls(api, 'POST hotel/reservations/')[0]!.headers?.['idempotency-key']).toMatch(/^[\x21-\x7e]{8,100}$/);
  });

  it('a booking sent again after a failed answer carries the same Idempotency-Key; a changed booking a new one', async () => {
    const { api, user } = renderPayment();
    let bookings = 0;
    api.handlers['POST hotel/reservations/'] = () => {
      bookings += 1;
      return bookings < 3 ? { status: 503, body: { detail: 'Service unavailable' } } : { status: 201, body: { id: 501 } };
    };
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Карта для гарантии' })).toHaveValue(master.payment_method_id));
    await user.click(screen.getByTestId('book-button'));
    await waitFor(() => expect(calls(api, 'POST hotel/reservations/')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('book-button')).toBeEnabled());
    await user.click(screen.getByTestId('book-button'));
    await waitFor(() => expect(calls(api, 'POST hotel/reservations/')).toHaveLength(2));
    const [first, second] = calls(api, 'POST hotel/reservations/');
    expect(second!.headers?.['idempotency-key']).toBe(first!.headers?.['idempotency-key']);

    await waitFor(() => expect(screen.getByTestId('book-button')).toBeEnabled());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Карта для гарантии' }), visa.payment_method_id);
    await user.click(screen.getByTestId('book-button'));
    await screen.findByText('reservations page');
    expect(calls(api, 'POST hotel/reservations/')[2]!.headers?.['idempotency-key']).not.toBe(first!.headers?.['idempotency-key']);
  });

  it('a guest who has not confirmed the e-mail sees the code banner from this step, and a refused Book stays said beside the button (issue 26)', async () => {
    useSession.setState({ status: 'authenticated', user: { ...testUser, is_active: false } });
    const { api, user } = renderPayment();
    api.handlers['POST hotel/reservations/'] = () => ({ status: 403, body: { detail: ACCOUNT_NOT_ACTIVE_DETAIL } });
    expect(screen.getByTestId('activation-banner')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Карта для гарантии' })).toHaveValue(master.payment_method_id));
    await user.click(screen.getByTestId('book-button'));
    expect(await screen.findByTestId('booking-refused')).toHaveTextContent('Чтобы забронировать, подтвердите e-mail: введите код из письма в поле выше.');
    toast.clear();
    expect(screen.getByTestId('booking-refused')).toBeInTheDocument();
  });

  it('sends the total the guest saw; a price changed meanwhile is shown and booked only when the guest books again (issue 20, point 3)', async () => {
    const { api, user } = renderPayment();
    const variant = useBookingDraft.getState().selectedVariant!;
    let bookings = 0;
    api.handlers['POST hotel/reservations/'] = () => {
      bookings += 1;
      return bookings === 1
        ? { status: 409, body: { detail: 'The price of the stay has changed since you saw it: check the new total and confirm the booking again', total: variant.total * 2, price_per_night: variant.price_per_night * 2 } }
        : { status: 201, body: { id: 501 } };
    };
    await screen.findByRole('combobox', { name: 'Карта для гарантии' });
    await user.click(screen.getByTestId('book-button'));
    expect(await screen.findByTestId('price-changed')).toHaveTextContent(/Цена изменилась: было .+, стало .+/);
    expect(screen.getByText('Цена проживания изменилась. Проверьте новый итог и забронируйте снова.')).toBeInTheDocument();
    expect(calls(api, 'POST hotel/reservations/')[0]!.body).toMatchObject({ expected_total: variant.total });
    expect(screen.queryByText('reservations page')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('book-button'));
    await screen.findByText('reservations page');
    expect(calls(api, 'POST hotel/reservations/')[1]!.body).toMatchObject({ expected_total: variant.total * 2 });
  });

  it('a booking inside the 24 hours before check-in says there is no free cancellation (issue 20, point 4)', async () => {
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/Minsk' });
    const late = { arrival: today, departure: addDays(today, 1), specialRequests: '' };
    useBookingDraft.getState().setBookingDetails(late);
    renderPayment();
    expect(await screen.findByTestId('late-booking')).toHaveTextContent('До заезда меньше 24 часов: бесплатной отмены у этого бронирования нет.');
    expect(screen.queryByText(/Бесплатная отмена/)).not.toBeInTheDocument();
  });

  it('a booking days ahead promises no such thing', async () => {
    renderPayment();
    await screen.findByRole('combobox', { name: 'Карта для гарантии' });
    expect(screen.queryByTestId('late-booking')).not.toBeInTheDocument();
  });

  it('without a saved card says to add one and books nothing', async () => {
    const { api, user } = renderPayment([]);
    await screen.findByRole('combobox', { name: 'Карта для гарантии' });
    await user.click(screen.getByTestId('book-button'));
    expect(await screen.findByText('Выберите карту для гарантии бронирования или добавьте новую.')).toBeInTheDocument();
    expect(calls(api, 'POST hotel/reservations/')).toHaveLength(0);
  });

  it('adds a card on the provider\'s page and comes back to this step', async () => {
    const { api, user } = renderPayment([]);
    await user.click(await screen.findByTestId('add-card'));
    await waitFor(() => expect(leaveFor).toHaveBeenCalled());
    expect(calls(api, 'POST payments/methods/init/')[0]!.body).toEqual({ return_path: '/hotel/payment' });
    expect(sessionStorage.getItem('pendingPaymentMethodId')).toBe('new-card');
  });

  it('is complete in English', async () => {
    await i18n.changeLanguage('en');
    try {
      renderPayment();
      expect(screen.getByTestId('guarantee')).toHaveTextContent('Booking guarantee');
      expect(await screen.findByRole('combobox', { name: 'Card for the guarantee' })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('ru');
    }
  });
});

describe('/hotel/payment at the non-refundable rate (issue 23.3)', () => {
  const nonRefundable = { discount_percent: 10, discount: 50_00, total: 450_00 };
  beforeEach(() => {
    const filter = testFilter(1);
    useBookingDraft.getState().selectVariant(filter, testVariant(testRoom(), { non_refundable: nonRefundable }), 'non_refundable');
    useBookingDraft.getState().setBookingDetails({ arrival: filter.arrival, departure: filter.departure, specialRequests: '' });
  });

  it('says the whole stay is paid now with no refund, shows the discount, and pays the rate’s total', async () => {
    const { api, user } = renderPayment();
    api.handlers['POST hotel/reservations/'] = () => ({
      status: 201,
      body: { id: 502, rate: 'non_refundable', prepayment: { payment_id: 'p1', status: 'succeeded', confirmation_url: null } },
    });
    expect(screen.getByTestId('non-refundable-terms')).toHaveTextContent('Невозвратный тариф: 450 BYN списывается полностью сейчас с выбранной карты. Отменить бронь можно, но деньги не возвращаются.');
    expect(screen.getByTestId('summary-discount')).toHaveTextContent('−50 BYN');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('450 BYN');
    const select = await screen.findByRole('combobox', { name: 'Карта для оплаты' });
    await waitFor(() => expect(select).toHaveValue(master.payment_method_id));
    expect(screen.getByTestId('book-button')).toHaveTextContent('Оплатить 450 BYN и забронировать');
    await user.click(screen.getByTestId('book-button'));
    await screen.findByText('reservations page');
    expect(calls(api, 'POST hotel/reservations/')[0]!.body).toMatchObject({ rate: 'non_refundable', expected_total: 450_00 });
  });

  it('a bank asking for 3-D Secure sends the guest to its page', async () => {
    const { api, user } = renderPayment();
    const page = 'http://localhost/api/v1/payments/sandbox/3ds/';
    api.handlers['POST hotel/reservations/'] = () => ({
      status: 201,
      body: { id: 503, rate: 'non_refundable', prepayment: { payment_id: 'p2', status: 'pending', confirmation_url: page } },
    });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Карта для оплаты' })).toHaveValue(master.payment_method_id));
    await user.click(screen.getByTestId('book-button'));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(page));
  });

  it('a declined card books nothing: the guest is told beside the button and may pick another card', async () => {
    const { api, user } = renderPayment();
    api.handlers['POST hotel/reservations/'] = () => ({ status: 402, body: { detail: 'declined', payment_status: 'canceled' } });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Карта для оплаты' })).toHaveValue(master.payment_method_id));
    await user.click(screen.getByTestId('book-button'));
    expect(await screen.findByTestId('payment-declined')).toHaveTextContent('Банк отклонил платёж: ничего не забронировано и не списано. Попробуйте другую карту.');
    expect(screen.queryByText('reservations page')).toBeNull();
  });

  it('a changed price is shown with the new total before anything is paid', async () => {
    const { api, user } = renderPayment();
    api.handlers['POST hotel/reservations/'] = () => ({ status: 409, body: { detail: 'changed', total: 540_00, subtotal: 600_00, price_per_night: 300_00 } });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Карта для оплаты' })).toHaveValue(master.payment_method_id));
    await user.click(screen.getByTestId('book-button'));
    expect(await screen.findByTestId('price-changed')).toHaveTextContent('450 BYN');
    expect(screen.getByTestId('price-changed')).toHaveTextContent('540 BYN');
    expect(screen.getByTestId('book-button')).toHaveTextContent('Оплатить 540 BYN и забронировать');
    expect(screen.getByTestId('summary-discount')).toHaveTextContent('−60 BYN');
  });
});
