import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROOM_TAKEN_DETAIL, type Board, type BoardHold, type BoardRoom, type Reservation, type StaffReservation } from '@hotel/domain';
import { i18n } from '../../../shared/i18n';
import { toast } from '../../../shared/ui';
import { testRoom } from '../../../test/hotel-fixtures';
import { fakeApi, renderWithProviders, type FakeCall } from '../../../test/render';
import { ReservationsBoard } from './reservations-board';
import { NewBookingDialog } from './board-new-booking';
import { DeskChanges } from './board-stay-desk';

// The board's texts are a namespace of their own, loaded where the board is shown.
beforeAll(() => i18n.loadNamespaces('reservations-board'));

// The hotel's Wednesday, 9 December 2026, noon in Minsk: the move and block forms check dates
// against the hotel's today. Only Date is frozen; timers run, so the UI can be waited for.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-09T09:00:00Z') });
});

afterEach(() => {
  // The toasts live outside the rendered tree: one test's "Cancelled" must not answer the next one's question.
  toast.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ROUTE = '/admin/reservations?from=2026-12-07&weeks=2';
const BOARD = 'GET admin/reservations/board/';

const attic = { id: 1, name: { ru: 'Мансарда', en: 'Attic' } };
const single = { id: 2, name: { ru: 'Одноместный', en: 'Single' } };
const family = { id: 3, name: { ru: 'Семейный', en: 'Family' } };

function room(base: { id: number; name: { ru: string; en: string } }, capacity: [number, number], holds: BoardHold[]): BoardRoom {
  return { ...base, primary_capacity: capacity[0], extra_capacity: capacity[1], holds, calendar_feeds: [] };
}

function stayHold(reservationId: number, guest: string, arrival: string, departure: string, nights: number, status: 'reserved' | 'active' = 'reserved'): BoardHold {
  return { kind: 'reservation', id: 100 + reservationId, reservation_id: reservationId, guest_name: guest, guest_count: 2, arrival, departure, nights, status, stay_status: 'booked', late: false };
}

const ivan = stayHold(44, 'Иван Сидоров', '2026-12-05', '2026-12-09', 4, 'active');
const anna = stayHold(45, 'Анна Новик', '2026-12-08', '2026-12-11', 3, 'active');
const oleg = stayHold(46, 'Олег Петров', '2026-12-12', '2026-12-14', 2);
const maria = stayHold(48, 'Мария Ковалёва', '2026-12-09', '2026-12-11', 2);
const repairs: BoardHold = { kind: 'block', id: 201, arrival: '2026-12-09', departure: '2026-12-12', nights: 3, note: 'Ремонт в ванной' };
const bookingCom: BoardHold = {
  kind: 'import',
  id: 202,
  arrival: '2026-12-15',
  departure: '2026-12-17',
  nights: 2,
  note: 'CLOSED - Not available',
  feed_id: 5,
  feed_name: 'Booking.com',
};

/** The board the API answers for the window of the address: three rooms, two weeks from Monday 7 December. */
function board(holds: { attic?: BoardHold[]; single?: BoardHold[]; family?: BoardHold[] } = {}): Board {
  return {
    from: '2026-12-07',
    to: '2026-12-21',
    days: 14,
    today: '2026-12-09',
    rooms: [
      room(attic, [2, 1], holds.attic ?? [ivan, anna, oleg]),
      room(single, [1, 0], holds.single ?? [repairs, bookingCom]),
      room(family, [3, 1], holds.family ?? [maria]),
    ],
    arrivals: [{ reservation_id: 48, room_id: 3, room_name: family.name, guest_name: 'Мария Ковалёва', guest_count: 2, arrival: '2026-12-09', departure: '2026-12-11', nights: 2 }],
    departures: [{ reservation_id: 44, room_id: 1, room_name: attic.name, guest_name: 'Иван Сидоров', guest_count: 2, arrival: '2026-12-05', departure: '2026-12-09', nights: 4 }],
  };
}

/** GET admin/reservations/{id}/: a stay as staff see it. */
function staffStay(overrides: Partial<StaffReservation> = {}): StaffReservation {
  return {
    id: 46,
    room: attic,
    arrival: '2026-12-12',
    departure: '2026-12-14',
    nights: 2,
    guest_count: 3,
    price_per_night: 250_00,
    price: 500_00,
    price_breakdown: [{ first_night: '2026-12-12', nights: 2, price_per_night: 250_00 }],
    extras: [],
    special_requests: 'Поздний заезд, около 23:00',
    status: 'reserved',
    canceled_at: null,
    no_show_at: null,
    cancellation_fee: null,
    free_cancellation_until: '2026-12-11T11:00:00.000Z',
    created_at: '2026-11-20T10:00:00.000Z',
    promo_code: null,
    promo_discount: 0,
    guest: { name: 'Олег Петров', email: 'oleg@example.com', phone: '+375 29 765-43-21', language: 'ru' },
    guests: [],
    guarantee: { card: { brand: 'visa', card_last4: '4242' }, charge: null },
    rate: 'flexible',
    rate_discount: 0,
    prepayment: null,
    stay_status: 'booked',
    checked_in_at: null,
    checked_out_at: null,
    late: false,
    actions: { cancel: true, no_show: false, move: true, check_in: false, check_out: false },
    desk: {
      channel: 'site',
      booked_by: null,
      guarantee: null,
      guarantee_note: '',
      segments: [{ room_id: 1, arrival: '2026-12-12', departure: '2026-12-14' }],
      actions: { shorten: false, extend: false, change_room: false },
    },
    ...overrides,
  };
}

/** What POST hotel/reservation/move/{id}/ answers: the guest's reservation in its new place. */
function movedReservation(): Reservation {
  return {
    id: 46,
    arrival: '2026-12-15',
    departure: '2026-12-18',
    arrival_at: '2026-12-15T11:00:00.000Z',
    departure_at: '2026-12-18T09:00:00.000Z',
    nights: 3,
    guest_count: 2,
    extra_places: 0,
    price_per_night: 300_00,
    price: 900_00,
    price_breakdown: [{ first_night: '2026-12-15', nights: 3, price_per_night: 300_00 }],
    extras: [],
    canceled: false,
    canceled_at: null,
    cancellation_fee: null,
    payment_method: null,
    cancellation_charge: null,
    free_cancellation_until: '2026-12-14T11:00:00.000Z',
    rate: 'flexible',
    rate_discount: 0,
    prepayment: null,
    refund: null,
    status: 'reserved',
    special_requests: '',
    created_at: '2026-11-20T10:00:00.000Z',
    promo_code: null,
    promo_discount: 0,
    room: testRoom({ ...family, slug: 'family' }),
    guests: [],
  };
}

/** A toast's message. The toasts sit outside the dialogs, which hide the rest of the page from the accessibility tree. */
const toastSaying = (message: string) => screen.findByText(message, { selector: '[data-toaster] p' });

/** The confirmation has closed, its fade-out over too: only the dialog it was asked from is left. */
const onlyDialogLeft = (dialog: HTMLElement) => waitFor(() => expect(screen.getAllByRole('dialog', { hidden: true })).toEqual([dialog]));

const boardLoads = (calls: FakeCall[]) => calls.filter((call) => call.method === 'GET' && call.path.startsWith('admin/reservations/board/')).length;
const changes = (calls: FakeCall[]) => calls.filter((call) => call.method !== 'GET');

async function renderBoard() {
  const user = userEvent.setup();
  renderWithProviders(<ReservationsBoard />, { route: ROUTE });
  const grid = await screen.findByTestId('reservations-board');
  return { user, grid };
}

/** The bars of one room's row, by the room's name (also while a dialog hides the board from the accessibility tree). */
function track(grid: HTMLElement, roomName: string) {
  return within(within(grid).getByRole('list', { name: roomName, hidden: true }));
}

async function openStay(user: ReturnType<typeof userEvent.setup>, grid: HTMLElement, roomName: string, guest: string, id: number) {
  await user.click(track(grid, roomName).getByText(guest));
  const dialog = await screen.findByRole('dialog', { name: `Бронирование №${id}` });
  await within(dialog).findByTestId('stay-details');
  return dialog;
}

describe('ReservationsBoard: the board', () => {
  it('"Later" and "Earlier" move by the weeks shown: four at a time when four are shown, not one (issue 26)', async () => {
    const { calls } = fakeApi({ [BOARD]: () => ({ status: 200, body: board() }) });
    const user = userEvent.setup();
    renderWithProviders(<ReservationsBoard />, { route: '/admin/reservations?from=2026-12-07&weeks=4' });
    await screen.findByTestId('reservations-board');
    await user.click(screen.getByRole('button', { name: 'Позже' }));
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ path: 'admin/reservations/board/?from=2027-01-04&days=28' }));
    await user.click(screen.getByRole('button', { name: 'Раньше' }));
    await user.click(screen.getByRole('button', { name: 'Раньше' }));
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ path: 'admin/reservations/board/?from=2026-11-09&days=28' }));
  });

  it('draws the rooms down and the days of the window the API returns across, marking the hotel’s today', async () => {
    const { calls } = fakeApi({ [BOARD]: () => ({ status: 200, body: board() }) });
    const { grid } = await renderBoard();

    expect(calls[0]).toMatchObject({ method: 'GET', path: 'admin/reservations/board/?from=2026-12-07&days=14' });
    expect(within(grid).getAllByTestId('board-room').map((row) => row.dataset.roomId)).toEqual(['1', '2', '3']);
    expect(within(grid).getAllByTestId('board-room')[0]).toHaveTextContent('Мансарда');
    expect(within(grid).getAllByTestId('board-room')[1]).toHaveTextContent('Одноместный');
    expect(within(grid).getAllByTestId('board-room')[2]).toHaveTextContent('Семейный');

    // The days' header: one column a day, 7 to 20 December, today (the 9th) marked.
    const today = within(grid).getByTestId('board-today');
    const days = [...today.parentElement!.children];
    expect(days).toHaveLength(14);
    expect(days[0]).toHaveTextContent(/дек.*пн.*7$/);
    expect(days[13]).toHaveTextContent(/вс.*20$/);
    expect(days.indexOf(today)).toBe(2);
    expect(today).toHaveTextContent(/ср.*9$/);
    expect(days.filter((day) => day.hasAttribute('data-today'))).toEqual([today]);
    expect(screen.getByTestId('board-period')).toHaveTextContent('7 дек. 2026 — 20 дек. 2026');
  });

  it('shows each stay as a bar with the guest’s name, a block with its note and an imported event with its site’s name', async () => {
    fakeApi({ [BOARD]: () => ({ status: 200, body: board() }) });
    const { grid } = await renderBoard();

    const atticBars = track(grid, 'Мансарда').getAllByRole('button');
    expect(atticBars.map((bar) => bar.textContent)).toEqual(['Иван Сидоров', 'Анна Новик', 'Олег Петров']);
    expect(atticBars[1]).toHaveAccessibleName('Анна Новик, 3 ночи, 8 дек. 2026 — 11 дек. 2026');
    expect(atticBars[1]).toHaveAttribute('data-status', 'active');
    expect(atticBars[2]).toHaveAccessibleName('Олег Петров, 2 ночи, 12 дек. 2026 — 14 дек. 2026');

    const [block, event] = track(grid, 'Одноместный').getAllByRole('button');
    expect(block).toHaveAttribute('data-kind', 'block');
    expect(block).toHaveTextContent('Ремонт в ванной');
    expect(block).toHaveAccessibleName('Закрыто: Ремонт в ванной, 9 дек. 2026 — 12 дек. 2026');
    expect(event).toHaveAttribute('data-kind', 'import');
    expect(event).toHaveTextContent('Booking.com');
    expect(event).not.toHaveTextContent('CLOSED');
    expect(event).toHaveAccessibleName('Booking.com: CLOSED - Not available, 15 дек. 2026 — 17 дек. 2026');

    expect(track(grid, 'Семейный').getByRole('button')).toHaveTextContent('Мария Ковалёва');
    expect(screen.queryByTestId('board-empty')).toBeNull();
  });

  it('lists today’s arrivals and departures above the board, and an arrival opens that stay', async () => {
    fakeApi({
      [BOARD]: () => ({ status: 200, body: board() }),
      'GET admin/reservations/48/': () => ({ status: 200, body: staffStay({ id: 48, room: family, arrival: '2026-12-09', departure: '2026-12-11', guest: { name: 'Мария Ковалёва', email: 'maria@example.com', phone: null, language: 'ru' } }) }),
    });
    const { user } = await renderBoard();

    const arrivals = screen.getByTestId('board-arrivals');
    expect(within(arrivals).getByRole('heading')).toHaveTextContent('Заезды сегодня 1');
    expect(within(arrivals).getByRole('listitem')).toHaveTextContent('Мария Ковалёва · Семейный · 2 ночи');
    const departures = screen.getByTestId('board-departures');
    expect(within(departures).getByRole('heading')).toHaveTextContent('Выезды сегодня 1');
    expect(within(departures).getByRole('listitem')).toHaveTextContent('Иван Сидоров · Мансарда · 4 ночи');

    await user.click(within(arrivals).getByRole('button', { name: /Мария Ковалёва/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Бронирование №48' });
    expect(await within(dialog).findByTestId('stay-guest')).toHaveTextContent('Мария Ковалёва');
  });

  it('says so when nobody arrives or leaves today and nothing holds a night of the window', async () => {
    fakeApi({ [BOARD]: () => ({ status: 200, body: { ...board({ attic: [], single: [], family: [] }), arrivals: [], departures: [] } }) });
    await renderBoard();
    expect(screen.getByTestId('board-arrivals')).toHaveTextContent('Сегодня никто не заезжает');
    expect(screen.getByTestId('board-departures')).toHaveTextContent('Сегодня никто не выезжает');
    expect(screen.getByTestId('board-empty')).toHaveTextContent('В этот период нет ни броней, ни закрытых дат');
  });

  it('a board that fails to load without a server message says so in the screen’s own words, and retries', async () => {
    let answer: { status: number; body?: unknown } = { status: 502 };
    fakeApi({ [BOARD]: () => answer });
    renderWithProviders(<ReservationsBoard />, { route: ROUTE });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Не удалось загрузить шахматку');
    expect(alert).not.toHaveTextContent('502');

    answer = { status: 200, body: board() };
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Попробовать снова' }));
    expect(await screen.findByTestId('reservations-board')).toBeInTheDocument();
  });
});

describe('ReservationsBoard: a stay’s details', () => {
  it('a bar opens the stay: guest, e-mail, phone, dates, nights, guests, price and special requests', async () => {
    const { calls } = fakeApi({
      [BOARD]: () => ({ status: 200, body: board() }),
      'GET admin/reservations/46/': () => ({ status: 200, body: staffStay() }),
    });
    const { user, grid } = await renderBoard();
    const dialog = await openStay(user, grid, 'Мансарда', 'Олег Петров', 46);

    expect(calls.at(-1)).toMatchObject({ method: 'GET', path: 'admin/reservations/46/' });
    expect(within(dialog).getByTestId('stay-status')).toHaveTextContent('Забронировано');
    expect(within(dialog).getByTestId('stay-guest')).toHaveTextContent('Олег Петров');
    expect(within(dialog).getByRole('link', { name: 'oleg@example.com' })).toHaveAttribute('href', 'mailto:oleg@example.com');
    expect(within(dialog).getByRole('link', { name: '+375 29 765-43-21' })).toHaveAttribute('href', 'tel:+375297654321');
    expect(within(dialog).getByTestId('stay-dates')).toHaveTextContent('12 дек. 2026 — 14 дек. 2026');
    expect(within(dialog).getByTestId('stay-nights')).toHaveTextContent('2');
    const details = within(dialog).getByTestId('stay-details');
    expect(details).toHaveTextContent('Гостей3');
    expect(details).toHaveTextContent('Цена за ночь250 BYN');
    expect(within(dialog).getByTestId('stay-total')).toHaveTextContent('500 BYN');
    expect(details).toHaveTextContent('Особые пожеланияПоздний заезд, около 23:00');
    expect(details).toHaveTextContent('ГарантияVISA •••• 4242');
  });

  it('issue 23.3: the stay shows its rate: non-refundable with its discount and its payment', async () => {
    fakeApi({
      [BOARD]: () => ({ status: 200, body: board() }),
      'GET admin/reservations/46/': () => ({ status: 200, body: staffStay({ rate: 'non_refundable', rate_discount: 50_00, price: 450_00, prepayment: 'succeeded' }) }),
    });
    const { user, grid } = await renderBoard();
    const dialog = await openStay(user, grid, 'Мансарда', 'Олег Петров', 46);
    expect(within(dialog).getByTestId('stay-rate')).toHaveTextContent('Невозвратный, −50 BYN: оплачено полностью, без возврата при отмене · оплачено');
  });

  it('lists the extras taken with the stay under its total (decision 044)', async () => {
    const extras = [{ extra_id: 11, name: { ru: 'Завтрак', en: 'Breakfast' }, counts: 'per_guest_night' as const, unit_price: 25_00, quantity: 3, times: 2, total: 150_00 }];
    fakeApi({
      [BOARD]: () => ({ status: 200, body: board() }),
      'GET admin/reservations/46/': () => ({ status: 200, body: staffStay({ price: 650_00, extras }) }),
    });
    const { user, grid } = await renderBoard();
    const dialog = await openStay(user, grid, 'Мансарда', 'Олег Петров', 46);
    expect(within(dialog).getByTestId('stay-total')).toHaveTextContent('650 BYN');
    expect(within(dialog).getByTestId('extra-lines')).toHaveTextContent('Завтрак · 3 × 25 BYN × 2 ночи150 BYN');
  });

  it('offers no-show only when the API allows it for the stay', async () => {
    fakeApi({
      [BOARD]: () => ({ status: 200, body: board() }),
      'GET admin/reservations/46/': () => ({ status: 200, body: staffStay({ actions: { cancel: true, no_show: false, move: true, check_in: false, check_out: false } }) }),
      'GET admin/reservations/48/': () => ({ status: 200, body: staffStay({ id: 48, room: family, arrival: '2026-12-09', departure: '2026-12-11', actions: { cancel: true, no_show: true, move: false, check_in: false, check_out: false } }) }),
    });
    const { user, grid } = await renderBoard();

    let dialog = await openStay(user, grid, 'Мансарда', 'Олег Петров', 46);
    expect(within(dialog).getByRole('button', { name: 'Перенести' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Отменить бронирование' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Неявка' })).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    dialog = await openStay(user, grid, 'Семейный', 'Мария Ковалёва', 48);
    expect(within(dialog).getByRole('button', { name: 'Неявка' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Перенести' })).toBeNull();
  });

  it('a stay the API allows nothing for offers no actions', async () => {
    fakeApi({
      [BOARD]: () => ({ status: 200, body: board() }),
      'GET admin/reservations/45/': () => ({
        status: 200,
        body: staffStay({ id: 45, status: 'cancelled', canceled_at: '2026-12-09T08:00:00.000Z', cancellation_fee: 250_00, actions: { cancel: false, no_show: false, move: false, check_in: false, check_out: false } }),
      }),
    });
    const { user, grid } = await renderBoard();
    const dialog = await openStay(user, grid, 'Мансарда', 'Анна Новик', 45);
    expect(within(dialog).getByTestId('stay-status')).toHaveTextContent('Отменено');
    expect(within(dialog).getByTestId('stay-details')).toHaveTextContent('Штраф250 BYN');
    for (const name of ['Перенести', 'Неявка', 'Отменить бронирование']) expect(within(dialog).queryByRole('button', { name })).toBeNull();
  });
});

describe('ReservationsBoard: cancel and no-show', () => {
  it('cancelling for the guest asks in the page’s dialog; Back sends nothing; yes cancels, closes the question and refreshes the board', async () => {
    let cancelled = false;
    const { calls } = fakeApi({
      [BOARD]: () => ({ status: 200, body: cancelled ? board({ attic: [ivan, anna] }) : board() }),
      'GET admin/reservations/46/': () => ({
        status: 200,
        body: cancelled ? staffStay({ status: 'cancelled', canceled_at: '2026-12-09T09:00:00.000Z', cancellation_fee: 0, actions: { cancel: false, no_show: false, move: false, check_in: false, check_out: false } }) : staffStay(),
      }),
      'POST admin/reservations/46/cancel/': () => {
        cancelled = true;
        return { status: 200, body: staffStay({ status: 'cancelled', canceled_at: '2026-12-09T09:00:00.000Z', cancellation_fee: 0 }) };
      },
    });
    const { user, grid } = await renderBoard();
    const dialog = await openStay(user, grid, 'Мансарда', 'Олег Петров', 46);

    await user.click(within(dialog).getByRole('button', { name: 'Отменить бронирование' }));
    let question = await screen.findByRole('dialog', { name: 'Отменить бронирование №46?' });
    expect(question).toHaveAccessibleDescription('Отмена бесплатная. Гость получит обычное письмо об отмене.');
    await user.click(within(question).getByRole('button', { name: 'Назад' }));
    await onlyDialogLeft(dialog);
    expect(changes(calls)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Отменить бронирование' }));
    question = await screen.findByRole('dialog', { name: 'Отменить бронирование №46?' });
    await user.click(within(question).getByRole('button', { name: 'Да, отменить' }));

    expect(await toastSaying('Отменено')).toBeInTheDocument();
    await onlyDialogLeft(dialog);
    expect(changes(calls)).toEqual([{ method: 'POST', path: 'admin/reservations/46/cancel/', body: {} }]);
    await waitFor(() => expect(track(grid, 'Мансарда').queryByText('Олег Петров')).toBeNull());
    expect(boardLoads(calls)).toBe(2);
    await waitFor(() => expect(within(dialog).getByTestId('stay-status')).toHaveTextContent('Отменено'));
    expect(within(dialog).queryByRole('button', { name: 'Отменить бронирование' })).toBeNull();
  });

  it('CON-05: cancelling after the free period warns that the first night is charged', async () => {
    fakeApi({
      [BOARD]: () => ({ status: 200, body: board() }),
      'GET admin/reservations/46/': () => ({ status: 200, body: staffStay({ free_cancellation_until: '2026-12-08T11:00:00.000Z' }) }),
    });
    const { user, grid } = await renderBoard();
    const dialog = await openStay(user, grid, 'Мансарда', 'Олег Петров', 46);
    await user.click(within(dialog).getByRole('button', { name: 'Отменить бронирование' }));
    const question = await screen.findByRole('dialog', { name: 'Отменить бронирование №46?' });
    expect(question).toHaveAccessibleDescription(/^До заезда меньше 24 часов: по условиям к оплате первая ночь, 250\sBYN/);
  });

  it('CON-05: a no-show asks in the page’s dialog with the first night’s fee; Back sends nothing; yes records it and refreshes the board', async () => {
    let noShow = false;
    const maria48 = staffStay({ id: 48, room: family, arrival: '2026-12-09', departure: '2026-12-11', price_per_night: 180_00, price: 360_00, actions: { cancel: true, no_show: true, move: false, check_in: false, check_out: false } });
    const { calls } = fakeApi({
      [BOARD]: () => ({ status: 200, body: noShow ? board({ family: [] }) : board() }),
      'GET admin/reservations/48/': () => ({
        status: 200,
        body: noShow ? { ...maria48, status: 'cancelled', no_show_at: '2026-12-09T09:00:00.000Z', canceled_at: '2026-12-09T09:00:00.000Z', actions: { cancel: false, no_show: false, move: false, check_in: false, check_out: false } } : maria48,
      }),
      'POST admin/reservations/48/no_show/': () => {
        noShow = true;
        return { status: 200, body: { ...maria48, status: 'cancelled', no_show_at: '2026-12-09T09:00:00.000Z' } };
      },
    });
    const { user, grid } = await renderBoard();
    const dialog = await openStay(user, grid, 'Семейный', 'Мария Ковалёва', 48);

    await user.click(within(dialog).getByRole('button', { name: 'Неявка' }));
    let question = await screen.findByRole('dialog', { name: 'Отметить неявку по бронированию №48?' });
    expect(question).toHaveAccessibleDescription(/По условиям к оплате первая ночь, 180\sBYN/);
    await user.click(within(question).getByRole('button', { name: 'Назад' }));
    await onlyDialogLeft(dialog);
    expect(changes(calls)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Неявка' }));
    question = await screen.findByRole('dialog', { name: 'Отметить неявку по бронированию №48?' });
    await user.click(within(question).getByRole('button', { name: 'Да, неявка' }));

    expect(await toastSaying('Неявка')).toBeInTheDocument();
    await onlyDialogLeft(dialog);
    expect(changes(calls)).toEqual([{ method: 'POST', path: 'admin/reservations/48/no_show/', body: {} }]);
    await waitFor(() => expect(track(grid, 'Семейный').queryByText('Мария Ковалёва')).toBeNull());
    expect(boardLoads(calls)).toBe(2);
    await waitFor(() => expect(within(dialog).getByTestId('stay-status')).toHaveTextContent('Неявка'));
  });

  it('the no-show question keeps its words while it fades out, instead of turning into the cancellation’s', async () => {
    fakeApi({
      [BOARD]: () => ({ status: 200, body: board() }),
      'GET admin/reservations/48/': () => ({ status: 200, body: staffStay({ id: 48, room: family, arrival: '2026-12-09', departure: '2026-12-11', actions: { cancel: true, no_show: true, move: false, check_in: false, check_out: false } }) }),
    });
    const { user, grid } = await renderBoard();
    const dialog = await openStay(user, grid, 'Семейный', 'Мария Ковалёва', 48);
    await user.click(within(dialog).getByRole('button', { name: 'Неявка' }));
    const question = await screen.findByRole('dialog', { name: 'Отметить неявку по бронированию №48?' });
    // A synchronous click: the assertions run before the fade-out's timer can end it.
    fireEvent.click(within(question).getByRole('button', { name: 'Назад' }));

    expect(question).toHaveAttribute('data-state', 'closing');
    expect(question).toHaveTextContent('Отметить неявку по бронированию №48?');
    expect(question).toHaveTextContent('Гость не приехал');
    expect(question).not.toHaveTextContent('Отменить бронирование');
    await onlyDialogLeft(dialog);
  });

  it('a refused cancellation shows the server’s message, and without one the screen’s own words', async () => {
    const answers: { status: number; body?: unknown }[] = [{ status: 409, body: { detail: 'The reservation is already cancelled' } }, { status: 502 }];
    fakeApi({
      [BOARD]: () => ({ status: 200, body: board() }),
      'GET admin/reservations/46/': () => ({ status: 200, body: staffStay() }),
      'POST admin/reservations/46/cancel/': () => answers.shift()!,
    });
    const { user, grid } = await renderBoard();
    const dialog = await openStay(user, grid, 'Мансарда', 'Олег Петров', 46);

    for (const message of ['The reservation is already cancelled', 'Не получилось. Попробуйте ещё раз.']) {
      await user.click(within(dialog).getByRole('button', { name: 'Отменить бронирование' }));
      const question = await screen.findByRole('dialog', { name: 'Отменить бронирование №46?' });
      await user.click(within(question).getByRole('button', { name: 'Да, отменить' }));
      expect(await toastSaying(message)).toHaveTextContent(message);
      await onlyDialogLeft(dialog);
    }
    expect(screen.queryByText(/HTTP 502/)).toBeNull();
  });
});

describe('ReservationsBoard: moving a stay', () => {
  it('API-32: new dates and another room go to POST hotel/reservation/move/{id}/; the board then shows the stay in its new place', async () => {
    let moved = false;
    const { calls } = fakeApi({
      [BOARD]: () => ({ status: 200, body: moved ? board({ attic: [ivan, anna], family: [maria, stayHold(46, 'Олег Петров', '2026-12-15', '2026-12-18', 3)] }) : board() }),
      'GET admin/reservations/46/': () => ({ status: 200, body: moved ? staffStay({ room: family, arrival: '2026-12-15', departure: '2026-12-18', nights: 3 }) : staffStay() }),
      'POST hotel/reservation/move/46/': () => {
        moved = true;
        return { status: 200, body: movedReservation() };
      },
    });
    const { user, grid } = await renderBoard();
    const dialog = await openStay(user, grid, 'Мансарда', 'Олег Петров', 46);

    await user.click(within(dialog).getByRole('button', { name: 'Перенести' }));
    const form = within(dialog).getByTestId('move-form');
    // The stay's own room and the rooms that hold its three guests; the single room does not.
    const roomSelect = within(form).getByLabelText('Номер');
    expect(within(roomSelect).getAllByRole('option').map((option) => option.textContent)).toEqual(['Мансарда', 'Семейный']);
    expect(roomSelect).toHaveValue('1');
    expect(within(form).getByLabelText(/Заезд/)).toHaveValue('2026-12-12');
    expect(within(form).getByLabelText(/Выезд/)).toHaveValue('2026-12-14');

    await user.clear(within(form).getByLabelText(/Заезд/));
    await user.type(within(form).getByLabelText(/Заезд/), '2026-12-15');
    await user.clear(within(form).getByLabelText(/Выезд/));
    await user.type(within(form).getByLabelText(/Выезд/), '2026-12-18');
    await user.selectOptions(roomSelect, 'Семейный');
    await user.click(within(form).getByRole('button', { name: 'Перенести' }));

    expect(await toastSaying('Проживание перенесено, гость получит письмо с новыми датами')).toBeInTheDocument();
    expect(changes(calls)).toEqual([{ method: 'POST', path: 'hotel/reservation/move/46/', body: { arrival: '2026-12-15', departure: '2026-12-18', room_id: 3 } }]);
    await waitFor(() => expect(within(dialog).queryByTestId('move-form')).toBeNull());
    await waitFor(() => expect(track(grid, 'Семейный').getByText('Олег Петров')).toBeInTheDocument());
    expect(track(grid, 'Мансарда').queryByText('Олег Петров')).toBeNull();
    expect(boardLoads(calls)).toBe(2);
    await waitFor(() => expect(within(dialog).getByTestId('stay-dates')).toHaveTextContent('15 дек. 2026 — 18 дек. 2026'));
  });

  it('API-32: a move onto taken nights (409) says which nights are taken by what, keeps what was typed, and the stay stays where it was', async () => {
    const { calls } = fakeApi({
      [BOARD]: () => ({ status: 200, body: board() }),
      'GET admin/reservations/46/': () => ({ status: 200, body: staffStay() }),
      'POST hotel/reservation/move/46/': () => ({
        status: 409,
        body: {
          detail: `${ROOM_TAKEN_DETAIL}: reservation #52 (nights 2026-12-15 to 2026-12-16); an event of the Booking.com calendar (night 2026-12-17)`,
          conflicts: [
            { kind: 'reservation', first_night: '2026-12-15', last_night: '2026-12-16', reservation_id: 52, note: '' },
            { kind: 'import', first_night: '2026-12-17', last_night: '2026-12-17', reservation_id: null, note: 'Booking.com' },
          ],
        },
      }),
    });
    const { user, grid } = await renderBoard();
    const dialog = await openStay(user, grid, 'Мансарда', 'Олег Петров', 46);
    await user.click(within(dialog).getByRole('button', { name: 'Перенести' }));
    const form = within(dialog).getByTestId('move-form');
    await user.clear(within(form).getByLabelText(/Заезд/));
    await user.type(within(form).getByLabelText(/Заезд/), '2026-12-15');
    await user.clear(within(form).getByLabelText(/Выезд/));
    await user.type(within(form).getByLabelText(/Выезд/), '2026-12-18');
    await user.click(within(form).getByRole('button', { name: 'Перенести' }));

    const taken = await within(form).findByTestId('taken-nights');
    expect(taken).toHaveRole('alert');
    expect([...taken.children].map((line) => line.textContent)).toEqual([
      'Ночи с 15 дек. 2026 по 16 дек. 2026 заняты бронированием №52',
      'Ночь на 17 дек. 2026 занята событием календаря Booking.com',
    ]);
    expect(changes(calls)).toEqual([{ method: 'POST', path: 'hotel/reservation/move/46/', body: { arrival: '2026-12-15', departure: '2026-12-18', room_id: 1 } }]);
    expect(within(form).getByLabelText(/Заезд/)).toHaveValue('2026-12-15');
    expect(within(form).getByLabelText(/Выезд/)).toHaveValue('2026-12-18');
    expect(within(dialog).getByTestId('stay-dates')).toHaveTextContent('12 дек. 2026 — 14 дек. 2026');
    expect(boardLoads(calls)).toBe(1);
    expect(track(grid, 'Мансарда').getByText('Олег Петров').closest('button')).toHaveAccessibleName('Олег Петров, 2 ночи, 12 дек. 2026 — 14 дек. 2026');
  });

  it('a refused move without a server message shows the screen’s own words; a 409 without conflicts says the dates are taken', async () => {
    const answers: { status: number; body?: unknown }[] = [{ status: 502 }, { status: 409, body: { detail: ROOM_TAKEN_DETAIL } }];
    fakeApi({
      [BOARD]: () => ({ status: 200, body: board() }),
      'GET admin/reservations/46/': () => ({ status: 200, body: staffStay() }),
      'POST hotel/reservation/move/46/': () => answers.shift()!,
    });
    const { user, grid } = await renderBoard();
    const dialog = await openStay(user, grid, 'Мансарда', 'Олег Петров', 46);
    await user.click(within(dialog).getByRole('button', { name: 'Перенести' }));
    const form = within(dialog).getByTestId('move-form');

    await user.click(within(form).getByRole('button', { name: 'Перенести' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(/^Не получилось\. Попробуйте ещё раз\.$/);
    await user.click(within(form).getByRole('button', { name: 'Перенести' }));
    await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent(/^Эти даты заняты$/));
  });
});

describe('ReservationsBoard: blocks', () => {
  async function fillBlock(user: ReturnType<typeof userEvent.setup>, form: HTMLElement) {
    await user.selectOptions(within(form).getByLabelText('Номер'), 'Семейный');
    await user.clear(within(form).getByLabelText(/^С/));
    await user.type(within(form).getByLabelText(/^С/), '2026-12-14');
    await user.clear(within(form).getByLabelText(/^По/));
    await user.type(within(form).getByLabelText(/^По/), '2026-12-16');
    await user.type(within(form).getByLabelText(/Примечание/), 'Покраска стен');
    await user.click(within(form).getByRole('button', { name: 'Закрыть даты' }));
  }

  it('blocking dates posts admin/blocks/ with the room, the nights and the note; the board then shows the block', async () => {
    let blocked = false;
    const paint: BoardHold = { kind: 'block', id: 203, arrival: '2026-12-14', departure: '2026-12-16', nights: 2, note: 'Покраска стен' };
    const { calls } = fakeApi({
      [BOARD]: () => ({ status: 200, body: blocked ? board({ family: [maria, paint] }) : board() }),
      'POST admin/blocks/': () => {
        blocked = true;
        return { status: 201, body: { id: 203, room_id: 3, arrival: '2026-12-14', departure: '2026-12-16', nights: 2, note: 'Покраска стен' } };
      },
    });
    const { user, grid } = await renderBoard();
    await user.click(screen.getByRole('button', { name: 'Закрыть даты' }));
    const dialog = await screen.findByRole('dialog', { name: 'Закрыть даты' });
    const form = within(dialog).getByTestId('block-form');
    // It opens on the first room, from the hotel's today for one night.
    expect(within(form).getByLabelText('Номер')).toHaveValue('1');
    expect(within(form).getByLabelText(/^С/)).toHaveValue('2026-12-09');
    expect(within(form).getByLabelText(/^По/)).toHaveValue('2026-12-10');

    await fillBlock(user, form);
    expect(await toastSaying('Даты закрыты')).toBeInTheDocument();
    expect(changes(calls)).toEqual([{ method: 'POST', path: 'admin/blocks/', body: { room_id: 3, arrival: '2026-12-14', departure: '2026-12-16', note: 'Покраска стен' } }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
    expect(await track(grid, 'Семейный').findByText('Покраска стен')).toBeInTheDocument();
    expect(boardLoads(calls)).toBe(2);
  });

  it('a block onto taken nights (409) says what holds them and leaves the dialog open', async () => {
    const { calls } = fakeApi({
      [BOARD]: () => ({ status: 200, body: board() }),
      'POST admin/blocks/': () => ({
        status: 409,
        body: {
          detail: `${ROOM_TAKEN_DETAIL}: reservation #49 (night 2026-12-14); a block "Замена окна" (night 2026-12-15)`,
          conflicts: [
            { kind: 'reservation', first_night: '2026-12-14', last_night: '2026-12-14', reservation_id: 49, note: '' },
            { kind: 'block', first_night: '2026-12-15', last_night: '2026-12-15', reservation_id: null, note: 'Замена окна' },
          ],
        },
      }),
    });
    const { user } = await renderBoard();
    await user.click(screen.getByRole('button', { name: 'Закрыть даты' }));
    const dialog = await screen.findByRole('dialog', { name: 'Закрыть даты' });
    const form = within(dialog).getByTestId('block-form');
    await fillBlock(user, form);

    const taken = await within(form).findByTestId('taken-nights');
    expect([...taken.children].map((line) => line.textContent)).toEqual([
      'Ночь на 14 дек. 2026 занята бронированием №49',
      'Ночь на 15 дек. 2026 занята закрытием: Замена окна',
    ]);
    expect(changes(calls)).toHaveLength(1);
    expect(within(form).getByLabelText(/Примечание/)).toHaveValue('Покраска стен');
    expect(boardLoads(calls)).toBe(1);
  });

  it('a refused block without a server message shows the screen’s own words; a 409 without conflicts says the dates are taken', async () => {
    const answers: { status: number; body?: unknown }[] = [{ status: 502 }, { status: 409, body: { detail: ROOM_TAKEN_DETAIL } }];
    fakeApi({ [BOARD]: () => ({ status: 200, body: board() }), 'POST admin/blocks/': () => answers.shift()! });
    const { user } = await renderBoard();
    await user.click(screen.getByRole('button', { name: 'Закрыть даты' }));
    const form = within(await screen.findByRole('dialog', { name: 'Закрыть даты' })).getByTestId('block-form');
    await fillBlock(user, form);
    expect(await within(form).findByRole('alert')).toHaveTextContent(/^Не получилось\. Попробуйте ещё раз\.$/);
    await user.click(within(form).getByRole('button', { name: 'Закрыть даты' }));
    await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent(/^Эти даты заняты$/));
  });

  it('unblocking asks in the page’s dialog; Back sends nothing; yes calls DELETE admin/blocks/{id}/ and the nights are free again', async () => {
    let unblocked = false;
    const { calls } = fakeApi({
      [BOARD]: () => ({ status: 200, body: unblocked ? board({ single: [bookingCom] }) : board() }),
      'DELETE admin/blocks/201/': () => {
        unblocked = true;
        return { status: 204 };
      },
    });
    const { user, grid } = await renderBoard();
    await user.click(track(grid, 'Одноместный').getByRole('button', { name: /^Закрыто: Ремонт в ванной/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Закрытые даты' });
    expect(within(dialog).getByTestId('hold-details')).toHaveTextContent('НомерОдноместныйДаты9 дек. 2026 — 12 дек. 2026Ночей3');
    expect(within(dialog).getByTestId('hold-note')).toHaveTextContent('Ремонт в ванной');

    await user.click(within(dialog).getByRole('button', { name: 'Открыть даты' }));
    let question = await screen.findByRole('dialog', { name: 'Открыть эти даты?' });
    expect(question).toHaveAccessibleDescription('Одноместный, 9 дек. 2026 — 12 дек. 2026 снова можно будет забронировать.');
    await user.click(within(question).getByRole('button', { name: 'Назад' }));
    await onlyDialogLeft(dialog);
    expect(changes(calls)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Открыть даты' }));
    question = await screen.findByRole('dialog', { name: 'Открыть эти даты?' });
    await user.click(within(question).getByRole('button', { name: 'Открыть' }));

    expect(await toastSaying('Даты снова свободны')).toBeInTheDocument();
    expect(changes(calls)).toEqual([{ method: 'DELETE', path: 'admin/blocks/201/', body: undefined }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
    await waitFor(() => expect(track(grid, 'Одноместный').queryByText('Ремонт в ванной')).toBeNull());
    expect(boardLoads(calls)).toBe(2);
  });

  it('an imported event opens with its site’s name and cannot be unblocked from the board', async () => {
    fakeApi({ [BOARD]: () => ({ status: 200, body: board() }) });
    const { user, grid } = await renderBoard();
    await user.click(track(grid, 'Одноместный').getByRole('button', { name: /^Booking\.com:/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Даты с сайта бронирования' });
    expect(within(dialog).getByTestId('hold-details')).toHaveTextContent('КалендарьBooking.com');
    expect(within(dialog).getByTestId('hold-note')).toHaveTextContent('CLOSED - Not available');
    expect(dialog).toHaveTextContent('Даты пришли из календаря Booking.com. Они освободятся, когда их освободит сайт.');
    expect(within(dialog).queryByRole('button', { name: 'Открыть даты' })).toBeNull();
  });

  it('a refused unblock without a server message shows the screen’s own words and keeps the block', async () => {
    const { calls } = fakeApi({ [BOARD]: () => ({ status: 200, body: board() }), 'DELETE admin/blocks/201/': () => ({ status: 502 }) });
    const { user, grid } = await renderBoard();
    await user.click(track(grid, 'Одноместный').getByRole('button', { name: /^Закрыто: Ремонт в ванной/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Закрытые даты' });
    await user.click(within(dialog).getByRole('button', { name: 'Открыть даты' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Открыть эти даты?' })).getByRole('button', { name: 'Открыть' }));

    expect(await toastSaying('Не получилось. Попробуйте ещё раз.')).toBeInTheDocument();
    await onlyDialogLeft(dialog);
    expect(changes(calls)).toHaveLength(1);
    expect(boardLoads(calls)).toBe(1);
    expect(track(grid, 'Одноместный').getByText('Ремонт в ванной')).toBeInTheDocument();
  });
});

describe('ReservationsBoard: importing the calendars', () => {
  /** A feed of the single room whose last import kept 2 conflicts and counted 120 more (issue 21, point 2). */
  function boardWithManyConflicts(): Board {
    const answer = board();
    const conflict = (uid: string, arrival: string, departure: string) => ({
      uid,
      arrival,
      departure,
      summary: 'CLOSED - Not available',
      holds: [{ kind: 'block' as const, first_night: arrival, last_night: arrival, reservation_id: null, note: 'Ремонт в ванной' }],
    });
    answer.rooms[1]!.calendar_feeds = [
      {
        id: 5,
        name: 'Booking.com',
        last_success_at: '2026-12-09T08:00:00.000Z',
        last_error: '',
        error_code: null,
        conflicts: [conflict('b-1', '2026-12-09', '2026-12-10'), conflict('b-2', '2026-12-10', '2026-12-11')],
        conflicts_omitted: 120,
      },
    ];
    return answer;
  }

  it('a feed with more conflicts than the server keeps says how many more, in both languages (issue 21, point 2)', async () => {
    fakeApi({ [BOARD]: () => ({ status: 200, body: boardWithManyConflicts() }) });
    await renderBoard();
    const status = screen.getByTestId('calendar-feeds-status');
    expect(within(status).getAllByTestId('calendar-feed-conflict')).toHaveLength(2);
    expect(within(status).getByTestId('calendar-feed-more-conflicts')).toHaveTextContent('Booking.com: и ещё 120 конфликтов');

    await i18n.changeLanguage('en');
    try {
      expect(await within(status).findByText('Booking.com: and 120 more conflicts')).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('ru');
    }
  });

  it('a feed whose conflicts are all listed says nothing more', async () => {
    const answer = boardWithManyConflicts();
    answer.rooms[1]!.calendar_feeds[0]!.conflicts_omitted = 0;
    fakeApi({ [BOARD]: () => ({ status: 200, body: answer }) });
    await renderBoard();
    expect(within(screen.getByTestId('calendar-feeds-status')).getAllByTestId('calendar-feed-conflict')).toHaveLength(2);
    expect(screen.queryByTestId('calendar-feed-more-conflicts')).toBeNull();
  });

  it('an import that fails without a server message shows the screen’s own words', async () => {
    fakeApi({ [BOARD]: () => ({ status: 200, body: board() }), 'POST hotel/reservations/sync/': () => ({ status: 502 }) });
    const { user } = await renderBoard();
    await user.click(screen.getByTestId('board-import-calendars'));
    expect(await toastSaying('Не удалось обновить календари. Попробуйте ещё раз.')).toBeInTheDocument();
  });
});

describe('the front desk’s forms (issue 44, point 7: <Form schema> with the routes’ schemas)', () => {
  const rooms = [room(attic, [2, 1], []), room(single, [1, 0], []), room(family, [3, 1], [])];

  it.each([
    ['ru', 'Укажите дату выезда'],
    ['en', 'Enter the check-out date'],
  ] as const)('an extension without a date is refused by the route’s schema in the screen’s language (%s) and sends nothing; with one it is sent', async (language, refusal) => {
    await i18n.changeLanguage(language);
    try {
      const stay = staffStay({ arrival: '2026-12-08', departure: '2026-12-11', desk: { ...staffStay().desk, actions: { shorten: true, extend: true, change_room: true } } });
      const { calls } = fakeApi({ 'POST admin/reservations/46/extend/': () => ({ status: 200, body: staffStay({ departure: '2026-12-13' }) }) });
      renderWithProviders(<DeskChanges stay={stay} rooms={rooms} />);
      const user = userEvent.setup();
      const extend = screen.getByTestId('desk-extend');
      fireEvent.change(within(extend).getByTestId('desk-extend-date'), { target: { value: '' } });
      await user.click(within(extend).getByTestId('desk-extend-submit'));
      expect(await within(extend).findByText(refusal)).toBeInTheDocument();
      expect(calls).toEqual([]);

      fireEvent.change(within(extend).getByTestId('desk-extend-date'), { target: { value: '2026-12-13' } });
      await user.click(within(extend).getByTestId('desk-extend-submit'));
      await waitFor(() => expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([['POST', 'admin/reservations/46/extend/', { departure: '2026-12-13' }]]));
    } finally {
      await i18n.changeLanguage('ru');
    }
  });

  it('a room change sends the room chosen and its first night; the server’s refusal is shown in the screen’s language', async () => {
    const stay = staffStay({ arrival: '2026-12-08', departure: '2026-12-11', guest_count: 1, desk: { ...staffStay().desk, actions: { shorten: false, extend: false, change_room: true } } });
    const { calls } = fakeApi({
      'POST admin/reservations/46/room/': () => ({ status: 409, body: { detail: 'The guest is already in this room on that night', detail_ru: 'Гость уже в этом номере в эту ночь' } }),
    });
    renderWithProviders(<DeskChanges stay={stay} rooms={rooms} />);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('В номер'), String(family.id));
    await user.click(screen.getByRole('button', { name: 'Сменить номер' }));
    expect(await screen.findByText('Гость уже в этом номере в эту ночь')).toBeInTheDocument();
    expect(calls.map((c) => [c.path, c.body])).toEqual([['admin/reservations/46/room/', { room_id: family.id, from: '2026-12-09' }]]);
  });

  it('a booking without the guest’s name and phone says what to fill in and sends nothing; filled, it goes with the total shown', async () => {
    const { calls } = fakeApi({
      'GET admin/extras/': () => ({ status: 200, body: [] }),
      'POST admin/reservations/quote/': () => ({ status: 200, body: { total: 250_00, price_breakdown: [{ first_night: '2026-12-10', nights: 1, price_per_night: 250_00 }] } }),
      'POST admin/reservations/': () => ({ status: 201, body: staffStay({ id: 77 }) }),
    });
    const booked = vi.fn();
    renderWithProviders(<NewBookingDialog start={{ roomId: attic.id, arrival: '2026-12-10' }} rooms={rooms} onClose={() => {}} onBooked={booked} />);
    const user = userEvent.setup();
    const form = await screen.findByTestId('new-booking-form');
    await within(form).findByText(/250/);
    await user.click(within(form).getByTestId('desk-submit'));
    expect(await within(form).findByText('Укажите имя гостя, телефон и даты')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === 'admin/reservations/')).toEqual([]);

    await user.type(within(form).getByTestId('desk-guest-name'), 'Ольга Новик');
    await user.type(within(form).getByTestId('desk-phone'), '+375 29 555-44-33');
    await user.click(within(form).getByTestId('desk-submit'));
    expect(await within(form).findByText('Для оплаты на стойке укажите причину')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === 'admin/reservations/')).toEqual([]);

    await user.type(within(form).getByTestId('desk-reason'), 'Платит наличными');
    await user.click(within(form).getByTestId('desk-submit'));
    await waitFor(() => expect(booked).toHaveBeenCalledWith(77));
    expect(calls.filter((c) => c.path === 'admin/reservations/').map((c) => c.body)).toEqual([
      {
        room_id: attic.id,
        arrival: '2026-12-10',
        departure: '2026-12-11',
        guest_name: 'Ольга Новик',
        phone: '+375 29 555-44-33',
        language: 'ru',
        guest_count: 1,
        rate: 'flexible',
        extras: [],
        note: '',
        channel: 'phone',
        guarantee: { kind: 'desk', reason: 'Платит наличными' },
        expected_total: 250_00,
      },
    ]);
  });
});
