import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DeskDay as DeskDayAnswer, DeskStay, StaffReservation } from '@hotel/domain';
import { i18n } from '../../../shared/i18n';
import { fakeApi, renderWithProviders } from '../../../test/render';
import { DeskDay } from './desk-day';

function deskStay(id: number, overrides: Partial<DeskStay> = {}): DeskStay {
  return {
    reservation_id: id,
    room: { id, name: { ru: 'Мансарда', en: 'Attic' }, state: 'clean' },
    guest_name: `Гость ${id}`,
    guest_phone: null,
    guest_count: 2,
    arrival: '2026-12-10',
    departure: '2026-12-12',
    nights: 2,
    status: 'booked',
    checked_in_at: null,
    checked_out_at: null,
    late: false,
    guarantee: { kind: 'none', card_last4: null, note: '' },
    balance: 0,
    online_check_in: { ready: false, arrival_time: null },
    actions: { check_in: true, check_out: false },
    ...overrides,
  };
}

const arrivals = [
  deskStay(1, { guarantee: { kind: 'card', card_last4: '4242', note: '' } }),
  deskStay(2, { guarantee: { kind: 'card_link', card_last4: null, note: '' } }),
  deskStay(3, { guarantee: { kind: 'desk', card_last4: null, note: 'Платит наличными при заезде' } }),
  deskStay(4),
];
const day = (overrides: Partial<DeskDayAnswer> = {}): DeskDayAnswer => ({ today: '2026-12-10', arrivals, in_house: [], departures: [], money: null, ...overrides });

const staffView = (overrides: Partial<StaffReservation> = {}): StaffReservation => ({
  id: 7,
  room: { id: 7, name: { ru: 'Мансарда', en: 'Attic' } },
  arrival: '2026-12-08',
  departure: '2026-12-10',
  nights: 2,
  guest_count: 2,
  price_per_night: 250_00,
  price: 500_00,
  price_breakdown: [{ first_night: '2026-12-08', nights: 2, price_per_night: 250_00 }],
  extras: [],
  special_requests: '',
  status: 'reserved',
  canceled_at: null,
  no_show_at: null,
  cancellation_fee: null,
  free_cancellation_until: '2026-12-07T11:00:00.000Z',
  created_at: '2026-11-20T10:00:00.000Z',
  promo_code: null,
  promo_discount: 0,
  guest: { name: 'Олег Петров', email: 'oleg@example.com', phone: null, language: 'ru' },
  guests: [],
  guarantee: { card: null, charge: null },
  rate: 'flexible',
  rate_discount: 0,
  prepayment: null,
  stay_status: 'checked_in',
  checked_in_at: '2026-12-08T12:00:00.000Z',
  checked_out_at: null,
  late: false,
  actions: { cancel: false, no_show: false, move: false, check_in: false, check_out: true },
  desk: {
    channel: 'phone',
    booked_by: null,
    guarantee: 'desk',
    guarantee_note: '',
    segments: [{ room_id: 7, arrival: '2026-12-08', departure: '2026-12-10' }],
    actions: { shorten: false, extend: true, change_room: false },
  },
  ...overrides,
});

beforeAll(async () => {
  await i18n.loadNamespaces(['desk', 'admin', 'common']);
});
afterEach(async () => {
  await i18n.changeLanguage('ru');
});

const badge = (id: number) => within(screen.getByTestId(`desk-stay-${id}`)).getByTestId('guarantee');

describe('the desk’s day (issue 45, point 8)', () => {
  it.each([
    ['ru', ['Карта •••• 4242', 'Ссылка на карту отправлена, карта ещё не сохранена', 'Оплата на стойке: Платит наличными при заезде', 'Карты нет']],
    ['en', ['Card •••• 4242', 'Card link sent, no card saved yet', 'Pays at the desk: Платит наличными при заезде', 'No card on file']],
  ] as const)('shows each guarantee in its own words (%s): a booking paid at the desk is plain, only one with none warns', async (language, words) => {
    await i18n.changeLanguage(language);
    fakeApi({ 'GET admin/desk/': () => ({ status: 200, body: day() }) });
    renderWithProviders(<DeskDay />);
    await screen.findByTestId('desk-stay-1');
    expect([1, 2, 3, 4].map((id) => badge(id).textContent)).toEqual(words);
    expect([1, 2, 3, 4].map((id) => badge(id).dataset.tone ?? null)).toEqual([null, null, null, 'warn']);
  });

  it.each([
    ['ru', /^Сократить до 9 дек\.? 2026 и выселить$/],
    ['en', /^Shorten to 9 Dec 2026 and check out$/],
  ] as const)('a guest leaving before the booked day (%s): refused, the desk shortens the stay to today and checks out', async (language, confirm) => {
    await i18n.changeLanguage(language);
    const early = deskStay(7, { arrival: '2026-12-08', departure: '2026-12-11', nights: 3, status: 'checked_in', actions: { check_in: false, check_out: true } });
    let shortened = false;
    const { calls } = fakeApi({
      'GET admin/desk/': () => ({ status: 200, body: day({ today: '2026-12-09', arrivals: [], in_house: shortened ? [] : [early] }) }),
      'POST admin/reservations/7/check-out/': () =>
        shortened
          ? { status: 200, body: staffView({ stay_status: 'checked_out', departure: '2026-12-09', nights: 1 }) }
          : {
              status: 409,
              body: { detail: 'The stay ends on 2026-12-11: shorten it first, then check out', code: 'desk:refused.stayNotOver', departure: '2026-12-11', shorten_to: '2026-12-09' },
            },
      'POST admin/reservations/7/shorten/': () => {
        shortened = true;
        return { status: 200, body: staffView({ departure: '2026-12-09', nights: 1 }) };
      },
    });
    renderWithProviders(<DeskDay />);
    const user = userEvent.setup();
    await user.click(await within(await screen.findByTestId('desk-stay-7')).findByTestId('check-out'));
    await user.click(await screen.findByRole('button', { name: confirm }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['admin/reservations/7/check-out/', {}],
      ['admin/reservations/7/shorten/', { departure: '2026-12-09' }],
      ['admin/reservations/7/check-out/', {}],
    ]));
    await waitFor(() => expect(screen.queryByTestId('desk-stay-7')).toBeNull());
  });
});
