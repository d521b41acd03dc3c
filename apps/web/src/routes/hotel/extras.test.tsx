/**
 * Extras with the stay on the booking's guests step and in the payment summary (issue 23, point 5;
 * decision 044): the room's extras with their pictures, prices and how they count, the running
 * total priced as the server prices it, and the booking that sends them.
 */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentMethod, StayExtra } from '@hotel/domain';
import { useBookingDraft } from '../../features/hotel/lib/booking-draft';
import { i18n } from '../../shared/i18n';
import { useSession } from '../../shared/session/session-store';
import { toast } from '../../shared/ui';
import { testFilter, testRoom, testVariant } from '../../test/hotel-fixtures';
import { fakeApi, heldAnswer, renderWithProviders, testUser, type FakeAnswer } from '../../test/render';
import { Component as GuestsPage } from './guests';
import { Component as PaymentPage } from './payment';

const card: PaymentMethod = {
  id: 1,
  payment_method_id: '0b8f7c1e-6f3e-4d55-9f7a-2b8f0e1c4a10',
  card_last4: '4242',
  brand: 'visa',
  exp_month: 12,
  exp_year: 2030,
  primary: true,
  status: 'succeeded',
  created_at: '2026-01-01T00:00:00Z',
};

const breakfast: StayExtra = {
  id: 11,
  name: { ru: 'Завтрак', en: 'Breakfast' },
  description: { ru: 'С 7:30 до 10:30', en: 'From 7:30 to 10:30' },
  price: 25_00,
  counts: 'per_guest_night',
  image: { src: 'http://localhost/api/v1/uploads/extra-breakfast.svg', widths: [], alt: { ru: 'Завтрак', en: 'Breakfast' } },
};
const transfer: StayExtra = {
  id: 12,
  name: { ru: 'Трансфер', en: 'Transfer' },
  description: { ru: '', en: '' },
  price: 60_00,
  counts: 'per_trip',
  image: null,
};

beforeEach(() => {
  sessionStorage.clear();
  useBookingDraft.getState().clear();
  useSession.setState({ status: 'authenticated', user: testUser });
});
afterEach(async () => {
  toast.clear();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('ru');
});

/** Two nights in a room of 250 BYN (500 BYN), for two guests. */
/** `extrasAnswer` holds the room's extras back until it settles. */
function renderBooking(reservation: () => FakeAnswer = () => ({ status: 201, body: { id: 501 } }), extrasAnswer?: Promise<FakeAnswer>) {
  const api = fakeApi({
    'GET hotel/rooms/3/extras/': () => extrasAnswer ?? { status: 200, body: [breakfast, transfer] },
    'GET account/guests/': () => ({ status: 200, body: [] }),
    'GET account/payments/methods/': () => ({ status: 200, body: [card] }),
    'POST hotel/reservations/': reservation,
  });
  useBookingDraft.getState().selectVariant(testFilter(2), testVariant(testRoom(), { guest_count: 2 }));
  renderWithProviders(
    <Routes>
      <Route path="/hotel/guests" element={<GuestsPage />} />
      <Route path="/hotel/payment" element={<PaymentPage />} />
      <Route path="/account/reservations" element={<p>reservations page</p>} />
    </Routes>,
    { route: '/hotel/guests' },
  );
  return { api, user: userEvent.setup() };
}

const extraItem = (name: string) => screen.getAllByTestId('extra').find((item) => item.textContent?.includes(name))!;

describe('/hotel/guests: extras with the stay', () => {
  it('says what each rate does with the extras (issue 48, point 4): paid at check-in on the flexible rate, charged at booking and not refunded on the non-refundable one', async () => {
    renderBooking();
    expect(await screen.findByTestId('extras-terms')).toHaveTextContent('оплачиваются при заселении');
    cleanup();
    const prepaid = testVariant(testRoom(), { guest_count: 2, non_refundable: { discount_percent: 10, discount: 50_00, total: 450_00 } });
    renderBooking();
    act(() => useBookingDraft.getState().selectVariant(testFilter(2), prepaid, 'non_refundable'));
    const terms = await screen.findByTestId('extras-terms');
    expect(terms).not.toHaveTextContent('при заселении');
    expect(terms).toHaveTextContent('оплачиваются картой вместе с проживанием при бронировании');
    expect(terms).toHaveTextContent('не возвращаются');
    expect(screen.getByTestId('summary-non-refundable')).not.toHaveTextContent('оплачено полностью');
  });

  it("lists the room's extras with a picture, the price and how it counts, none taken, and a total of 0", async () => {
    renderBooking();
    const picker = await screen.findByTestId('extras-picker');
    expect(within(picker).getByRole('heading', { name: 'Дополнительно к проживанию' })).toBeInTheDocument();
    expect(extraItem('Завтрак')).toHaveTextContent('25 BYN за гостя в ночь');
    expect(within(extraItem('Завтрак')).getByRole('img', { name: 'Завтрак' })).toHaveAttribute('src', breakfast.image!.src);
    expect(extraItem('Трансфер')).toHaveTextContent('60 BYN за поездку');
    expect(within(picker).getAllByRole('checkbox').map((box) => (box as HTMLInputElement).checked)).toEqual([false, false]);
    expect(screen.getByTestId('extras-total')).toHaveTextContent('0 BYN');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('500 BYN');
  });

  it('breakfast 25 × 2 guests × 2 nights = 100, one guest fewer 50; a transfer 60 × 2 trips = 120; the summary adds them: 720', async () => {
    const { user } = renderBooking();
    await screen.findByTestId('extras-picker');
    await user.click(within(extraItem('Завтрак')).getByRole('checkbox', { name: 'Завтрак' }));
    // Taken for everyone staying, at most them.
    expect(within(extraItem('Завтрак')).getByTestId('extra-quantity')).toHaveTextContent('2');
    expect(within(extraItem('Завтрак')).getByRole('button', { name: 'Больше: Завтрак' })).toBeDisabled();
    expect(within(extraItem('Завтрак')).getByTestId('extra-line-total')).toHaveTextContent('100 BYN');
    await user.click(within(extraItem('Завтрак')).getByRole('button', { name: 'Меньше: Завтрак' }));
    expect(within(extraItem('Завтрак')).getByTestId('extra-line-total')).toHaveTextContent('50 BYN');
    await user.click(within(extraItem('Завтрак')).getByRole('button', { name: 'Больше: Завтрак' }));

    await user.click(within(extraItem('Трансфер')).getByRole('checkbox', { name: 'Трансфер' }));
    await user.click(within(extraItem('Трансфер')).getByRole('button', { name: 'Больше: Трансфер' }));
    expect(within(extraItem('Трансфер')).getByTestId('extra-line-total')).toHaveTextContent('120 BYN');
    expect(screen.getByTestId('extras-total')).toHaveTextContent('220 BYN');

    const summary = screen.getByTestId('booking-summary');
    const lines = within(summary).getAllByTestId('summary-extra');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toHaveTextContent('Завтрак × 2100 BYN');
    expect(lines[1]).toHaveTextContent('Трансфер × 2120 BYN');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('720 BYN');

    // Unticked, it leaves the total.
    await user.click(within(extraItem('Трансфер')).getByRole('checkbox', { name: 'Трансфер' }));
    expect(screen.getByTestId('summary-total')).toHaveTextContent('600 BYN');
  });

  it('"Continue" is busy until the extras have come, so a tap cannot land while the page grows by their list', async () => {
    const extras = heldAnswer();
    renderBooking(undefined, extras.promise);
    const busy = await screen.findByRole('button', { name: 'Загрузка…' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByTestId('extras-picker')).not.toBeInTheDocument();

    extras.answer({ status: 200, body: [breakfast, transfer] });
    expect(await screen.findByRole('button', { name: 'Продолжить' })).toBeEnabled();
    expect(screen.getByTestId('extras-picker')).toBeInTheDocument();
  });

  it('the payment step shows the extras and books them with the total the guest saw', async () => {
    const { api, user } = renderBooking();
    await screen.findByTestId('extras-picker');
    await user.click(within(extraItem('Завтрак')).getByRole('checkbox', { name: 'Завтрак' }));
    const companion = screen.getByTestId('guest-slot');
    await user.type(within(companion).getByLabelText(/^Фамилия/), 'Ковалёва');
    await user.type(within(companion).getByLabelText(/^Имя/), 'Мария');
    await user.click(screen.getByRole('button', { name: 'Продолжить' }));

    const summary = await screen.findByTestId('booking-summary');
    await waitFor(() => expect(within(summary).getAllByTestId('summary-extra')).toHaveLength(1));
    expect(within(summary).getByTestId('summary-extra')).toHaveTextContent('Завтрак × 2');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('600 BYN');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Карта для гарантии' })).toHaveValue(card.payment_method_id));
    await user.click(screen.getByTestId('book-button'));
    await screen.findByText('reservations page');
    expect(api.calls.find((call) => call.method === 'POST')?.body).toMatchObject({ extras: [{ id: breakfast.id, quantity: 2 }], expected_total: 600_00 });
  });

  it('an extra the server refuses is said in the guest’s language beside the button, in English too', async () => {
    await i18n.changeLanguage('en');
    const { user } = renderBooking(() => ({
      status: 422,
      body: { detail: 'Extra 12 is not offered in this room', detail_ru: 'Услуга 12 недоступна в этом номере', extra_refused: { reason: 'not_offered', extra_id: 12 } },
    }));
    await screen.findByTestId('extras-picker');
    expect(screen.getByRole('heading', { name: 'Extras with your stay' })).toBeInTheDocument();
    expect(extraItem('Transfer')).toHaveTextContent('60 BYN a trip');
    await user.click(within(extraItem('Transfer')).getByRole('checkbox', { name: 'Transfer' }));
    const companion = screen.getByTestId('guest-slot');
    await user.type(within(companion).getByLabelText(/^Last name/), 'Smith');
    await user.type(within(companion).getByLabelText(/^First name/), 'Mary');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /card/i })).toHaveValue(card.payment_method_id));
    await user.click(await screen.findByTestId('book-button'));
    expect(await screen.findByTestId('extra-refused')).toHaveTextContent('An extra could not be booked: Extra 12 is not offered in this room.');
  });
});
