import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n';
import { fakeApi, renderWithProviders } from '../../../test/render';
import { testReservation } from '../../../test/reservation-fixtures';
import { ReservationDetails } from './reservation-details';

afterEach(() => vi.unstubAllGlobals());

const reservation = testReservation();
const refetches = {
  'GET hotel/reservations/': () => ({ status: 200, body: [reservation] }),
};

function renderDetails() {
  renderWithProviders(<ReservationDetails reservation={reservation} userName="Анна Новик" onClose={vi.fn()} />);
  return within(screen.getByTestId('reservation-details'));
}

async function cancelIt() {
  const details = renderDetails();
  const user = userEvent.setup();
  await user.click(details.getByRole('button', { name: 'Отменить бронирование' }));
  await user.click(details.getByRole('button', { name: 'Да, отменить' }));
  return details;
}

describe('ReservationDetails', () => {
  it('lists the extras taken with the stay; the price per person per night is the room’s alone (decision 044)', () => {
    const withExtras = testReservation({
      price: 750_00 + 150_00 + 60_00,
      extras: [
        { extra_id: 11, name: { ru: 'Завтрак', en: 'Breakfast' }, counts: 'per_guest_night', unit_price: 25_00, quantity: 2, times: 3, total: 150_00 },
        { extra_id: 12, name: { ru: 'Трансфер', en: 'Transfer' }, counts: 'per_trip', unit_price: 60_00, quantity: 1, times: 1, total: 60_00 },
      ],
    });
    renderWithProviders(<ReservationDetails reservation={withExtras} userName="Анна Новик" onClose={vi.fn()} />);
    const lines = within(screen.getByTestId('extra-lines')).getAllByRole('listitem');
    expect(lines[0]).toHaveTextContent('Завтрак · 2 × 25 BYN × 3 ночи150 BYN');
    expect(lines[1]).toHaveTextContent('Трансфер · 1 × 60 BYN60 BYN');
    expect(screen.getByTestId('details-total')).toHaveTextContent('960 BYN');
    // 750 BYN for 3 nights and 2 guests: 125 BYN.
    expect(screen.getByTestId('details-per-person')).toHaveTextContent('125 BYN');
  });

  it('opens with focus on its title, so Enter starts nothing, and its photo strip scrolls from the keyboard (issue 26)', async () => {
    const photo = (file: string) => ({ src: `http://localhost/uploads/${file}`, widths: [320, 640], alt: { ru: 'Садовый люкс', en: 'Garden suite' } });
    const withPhotos = testReservation({ room: { ...reservation.room, images: [photo('garden-1.webp'), photo('garden-2.webp'), photo('garden-3.webp')] } });
    renderWithProviders(<ReservationDetails reservation={withPhotos} userName="Анна Новик" onClose={vi.fn()} />);
    const details = within(screen.getByTestId('reservation-details'));
    const title = screen.getByRole('heading', { name: `Бронирование №${reservation.id}` });
    await waitFor(() => expect(title).toHaveFocus());
    await userEvent.setup().keyboard('{Enter}');
    expect(details.queryByRole('button', { name: 'Да, отменить' })).not.toBeInTheDocument();
    const photos = details.getByRole('group', { name: `Фотографии номера «${reservation.room.name.ru}»` });
    expect(photos).toHaveAttribute('tabindex', '0');
  });

  it('ERR-26, ERR-24: a failed cancellation shows the server detail, in red', async () => {
    fakeApi({
      ...refetches,
      'POST hotel/reservations/cancel/41/': () => ({ status: 409, body: { detail: 'Проживание уже началось' } }),
    });
    const details = await cancelIt();
    const error = await details.findByRole('alert');
    expect(error).toHaveTextContent(/^Проживание уже началось$/);
    // The `error` class is the danger (red) colour of the reservation screens.
    expect(error).toHaveClass('error');
  });

  it('ERR-26, ERR-24: a cancellation that got no answer shows "Failed to cancel reservation", in red', async () => {
    fakeApi({
      ...refetches,
      'POST hotel/reservations/cancel/41/': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const details = await cancelIt();
    const error = await details.findByRole('alert');
    expect(error).toHaveTextContent(/^Не удалось отменить бронирование$/);
    expect(error).toHaveClass('error');
  });

  it('ERR-24: the fallback texts of the reservation calls are the spec texts in English', async () => {
    await i18n.loadLanguages('en');
    const en = i18n.getFixedT('en', 'hotel');
    expect(
      ['fetchVariants', 'syncReservations', 'createReservation', 'cancelReservation', 'updateReservation'].map((key) =>
        en(`hotel:errors.${key}`),
      ),
    ).toEqual([
      'Failed to fetch reservation variants',
      'Failed to sync reservations',
      'Failed to create reservation',
      'Failed to cancel reservation',
      'Failed to update reservation',
    ]);
  });

  // Loading is per call in react-query, not a global flag: each button must leave its busy state.
  it('ERR-25: the cancel button stops loading after a failed call', async () => {
    let answer!: (result: { status: number; body?: unknown }) => void;
    fakeApi({
      ...refetches,
      'POST hotel/reservations/cancel/41/': () => new Promise((resolve) => (answer = resolve)),
    });
    const details = await cancelIt();
    expect(details.getByRole('button', { name: 'Загрузка…' })).toBeDisabled();
    expect(details.getByRole('button', { name: 'Не отменять' })).toBeDisabled();

    answer({ status: 500, body: { detail: 'Internal server error' } });
    await details.findByRole('alert');
    expect(details.queryByRole('button', { name: 'Загрузка…' })).not.toBeInTheDocument();
    expect(details.getByRole('button', { name: 'Да, отменить' })).toBeEnabled();
    expect(details.getByRole('button', { name: 'Не отменять' })).toBeEnabled();
  });

  it('ERR-25: the cancel button stops loading after a successful call', async () => {
    fakeApi({
      ...refetches,
      'POST hotel/reservations/cancel/41/': () => ({ status: 200, body: { ...reservation, canceled: true, status: 'cancelled' } }),
    });
    const details = await cancelIt();
    expect(await screen.findByText('Бронирование отменено')).toBeInTheDocument();
    await waitFor(() => expect(details.queryByRole('button', { name: 'Загрузка…' })).not.toBeInTheDocument());
    expect(details.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('ACC-27: with no discount in the reservation no discount is shown, and never a fixed 13 BYN', () => {
    fakeApi(refetches);
    const details = renderDetails();
    const figures = details.getAllByRole('term').map((term) => term.textContent);
    expect(figures).toEqual(['Гости', 'Ночей', 'Цена за ночь', 'За гостя за ночь', 'Итого']);
    expect(details.queryByText(/скидк/i)).not.toBeInTheDocument();
    expect(details.queryByText(/13\sBYN/)).not.toBeInTheDocument();
    expect(details.getByTestId('details-total')).toHaveTextContent(/^750\sBYN$/);
  });

  it('CHR-29: check-in, check-out and the free-cancellation date are in the Russian locale', () => {
    fakeApi(refetches);
    const details = renderDetails();
    expect(details.getByText('12 июн. 2099')).toBeInTheDocument();
    expect(details.getByText('15 июн. 2099')).toBeInTheDocument();
    expect(details.getByTestId('cancel-terms')).toHaveTextContent('Бесплатная отмена до 11 июн. 2099, 14:00.');
  });
});

describe('ReservationDetails at the non-refundable rate (issue 23.3)', () => {
  const paid = testReservation({
    rate: 'non_refundable',
    rate_discount: 75_00,
    price: 675_00,
    prepayment: { payment_id: 'p1', status: 'succeeded', confirmation_url: null, method: 'card', erip: null },
  });

  it('says in plain words it is paid in full with no refund, and warns before a cancellation', async () => {
    renderWithProviders(<ReservationDetails reservation={paid} userName="Анна Новик" onClose={vi.fn()} />);
    const details = within(screen.getByTestId('reservation-details'));
    expect(details.getByTestId('details-non-refundable')).toHaveTextContent('Невозвратный тариф: оплачено полностью, при отмене деньги не возвращаются');
    expect(details.getByTestId('details-non-refundable')).toHaveTextContent('−75 BYN');
    expect(details.getByTestId('cancel-terms')).toHaveTextContent('Невозвратный тариф: отменить бронь можно, но оплаченные 675 BYN не возвращаются.');
    expect(details.queryByTestId('details-guarantee')).toBeNull();
  });

  it('a prepaid stay shows no first night and the per-guest figure from the nights the guest was shown, before discounts (issue 48, point 5)', () => {
    // 2 nights at 538.89 and 538.88 = 1,077.77, −107.77 for the rate, −161.66 for a code, +100 breakfast: 908.34.
    const stay = testReservation({
      nights: 2,
      price_per_night: 538_89,
      price_breakdown: [
        { first_night: '2099-06-12', nights: 1, price_per_night: 538_89 },
        { first_night: '2099-06-13', nights: 1, price_per_night: 538_88 },
      ],
      rate: 'non_refundable',
      rate_discount: 107_77,
      promo_code: 'SPRING',
      promo_discount: 161_66,
      price: 908_34,
      extras: [{ extra_id: 11, name: { ru: 'Завтрак', en: 'Breakfast' }, counts: 'per_guest_night', unit_price: 25_00, quantity: 2, times: 2, total: 100_00 }],
      prepayment: { payment_id: 'p1', status: 'succeeded', confirmation_url: null, method: 'card', erip: null },
    });
    renderWithProviders(<ReservationDetails reservation={stay} userName="Анна Новик" onClose={vi.fn()} />);
    const details = within(screen.getByTestId('reservation-details'));
    expect(details.queryByText('Первая ночь')).toBeNull();
    expect(details.queryByTestId('details-price-per-night')).toBeNull();
    // 1,077.77 for 2 nights and 2 guests, not (908.34 − 100) / 4 = 202.09.
    expect(details.getByText('За гостя за ночь, до скидок')).toBeInTheDocument();
    expect(details.getByTestId('details-per-person')).toHaveTextContent('269,44 BYN');
  });

  it('says nothing is paid yet while the bank confirms the payment (issue 48, point 5)', () => {
    renderWithProviders(<ReservationDetails reservation={{ ...paid, prepayment: { payment_id: 'p1', status: 'pending', confirmation_url: null, method: 'card', erip: null } }} userName="Анна Новик" onClose={vi.fn()} />);
    const note = screen.getByTestId('details-non-refundable');
    expect(note).not.toHaveTextContent('оплачено полностью');
    expect(note).toHaveTextContent('Невозвратный тариф: проживание и услуги оплачиваются картой полностью при бронировании');
  });

  it('an ERIP bill waiting to be paid: the path in ERIP, the bill number and the sandbox’s bank app, in Russian (issue 46)', () => {
    const erip = { bill_number: '4201', service_no: 4445551, service_path: 'Гостиничные услуги → Минск → Дом 1799', expires_at: '2099-01-12T09:00:00.000Z' };
    const held = { ...paid, prepayment: { payment_id: 'p1', status: 'pending' as const, confirmation_url: 'http://localhost/api/v1/payments/sandbox/x/', method: 'erip' as const, erip } };
    renderWithProviders(<ReservationDetails reservation={held} userName="Анна Новик" onClose={vi.fn()} />);
    const block = within(screen.getByTestId('details-erip'));
    expect(block.getByTestId('details-erip-path')).toHaveTextContent('Расчёт (ЕРИП) → Гостиничные услуги → Минск → Дом 1799 → номер счёта');
    expect(block.getByTestId('details-erip-bill')).toHaveTextContent('4201');
    expect(block.getByTestId('details-erip-sandbox')).toHaveAttribute('href', held.prepayment.confirmation_url);
    expect(screen.getByTestId('details-non-refundable')).toHaveTextContent('по счёту ЕРИП');
    expect(screen.queryByTestId('details-payment-pending')).toBeNull();
  });

  it('once cancelled, says the money was not refunded', () => {
    const cancelled = { ...paid, canceled: true, canceled_at: '2099-01-11T09:00:00.000Z', cancellation_fee: 675_00, status: 'cancelled' as const };
    renderWithProviders(<ReservationDetails reservation={cancelled} userName="Анна Новик" onClose={vi.fn()} />);
    expect(screen.getByTestId('details-fee')).toHaveTextContent('Невозвратный тариф: оплаченные 675 BYN не возвращены.');
  });

  it('a payment that came after the hold ran out: says the booking was not made and when the refund is on the card (issue 42, point 5)', () => {
    const refunded = {
      ...paid,
      canceled: true,
      canceled_at: '2099-01-11T09:00:00.000Z',
      status: 'cancelled' as const,
      refund: { amount: 675_00, status: 'succeeded' as const, money_back_by: '2099-01-18' },
    };
    renderWithProviders(<ReservationDetails reservation={refunded} userName="Анна Новик" onClose={vi.fn()} />);
    expect(screen.getByTestId('details-refund')).toHaveTextContent(
      'Оплата пришла, когда время удержания номера уже истекло, поэтому бронирование не состоялось. Оплаченные 675 BYN вернутся на карту не позднее 18 янв. 2099.',
    );
    expect(screen.queryByTestId('details-non-refundable')).toBeNull();
    expect(screen.queryByTestId('details-fee')).toBeNull();
  });
});
