/**
 * The order board's kitchen day and its cancel (issue 20, points 8 and 11): staff close ordering
 * for the day after a confirmation and open it again, in both languages, and hear when the server
 * refuses; a cancel refused while the guest confirms the payment with 3-D Secure says so in the
 * staff member's language.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ORDER_DETAILS, type OrderingState, type StaffOrder } from '@hotel/domain';
import { i18n } from '../../../shared/i18n';
import { toast } from '../../../shared/ui';
import { fakeApi, renderWithProviders, type FakeCall } from '../../../test/render';
import { OrderBoard } from './order-board';

beforeAll(async () => {
  await i18n.loadNamespaces(['order-board', 'admin']);
});
afterEach(async () => {
  toast.clear();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('ru');
});

const hours = { opens: '11:00', closes: '22:00' } as const;
const open: OrderingState = { open: true, reason: null, opens_at: null, hours, closed_today: false, lead_minutes: 60, min_order: 0, free_delivery_from: null, delivery_fee: 139_00, slots: [] };
const closed: OrderingState = { open: false, reason: 'closed_today', opens_at: '2026-12-02T08:00:00.000Z', hours, closed_today: true, lead_minutes: 60, min_order: 0, free_delivery_from: null, delivery_fee: 139_00, slots: [] };

const unpaid: StaffOrder = {
  id: 41,
  status: 'pending',
  next_status: null,
  can_cancel: true,
  created_at: '2026-12-01T09:10:00.000Z',
  updated_at: '2026-12-01T09:10:00.000Z',
  paid: false,
  total: 164_00,
  items: [{ id: 1, product_id: 1, name: { ru: 'Суп', en: 'Soup' }, image: null, price: 12_50, quantity: 2, options: [] }],
  address: { id: 5, label: 'Дом', address: 'ул. Советская, 1', entrance: null, floor: null, apartment: null, intercom: null, comment: null },
  room: null,
  comment: '',
  cancel_reason: '',
  promo_code: null,
  promo_discount: 0,
  guest: { name: 'Анна Новик', phone: null },
  deliver_at: null,
  due_at: '2026-12-01T10:10:00.000Z',
  pay_at_door: null,
};

const puts = (calls: FakeCall[]) => calls.filter((call) => call.method === 'PUT' && call.path === 'admin/orders/kitchen/').map((call) => call.body);

/** The board with its kitchen in `state`; PUT answers as the server would, unless `refuse` is given. */
function renderBoard(state: OrderingState, options: { refuse?: { status: number; body: unknown }; orders?: StaffOrder[] } = {}) {
  let kitchen = state;
  const api = fakeApi({
    'GET admin/orders/': () => ({ status: 200, body: options.orders ?? [] }),
    'GET admin/orders/kitchen/': () => ({ status: 200, body: kitchen }),
    'PUT admin/orders/kitchen/': (call) => {
      if (options.refuse) return options.refuse;
      kitchen = (call.body as { closed_today: boolean }).closed_today ? closed : open;
      return { status: 200, body: kitchen };
    },
  });
  renderWithProviders(<OrderBoard title="Orders" />);
  return { api, user: userEvent.setup() };
}

const texts = {
  ru: {
    open: 'Кухня принимает заказы сегодня, 11:00–22:00.',
    closed: 'Приём заказов на сегодня закрыт: гости смогут заказать завтра.',
    close: 'Закрыть приём заказов на сегодня',
    reopen: 'Снова принимать заказы',
    question: 'Закрыть приём заказов на сегодня?',
    lead: 'До завтра гости не смогут заказать доставку; уже принятые заказы готовятся и доставляются как обычно.',
    back: 'Назад',
  },
  en: {
    open: 'The kitchen takes orders today, 11:00–22:00.',
    closed: 'Ordering is closed for today: guests cannot order until tomorrow.',
    close: 'Close ordering for today',
    reopen: 'Take orders again',
    question: 'Close ordering for today?',
    lead: 'Guests cannot order delivery until tomorrow; orders already placed are cooked and delivered as usual.',
    back: 'Back',
  },
} as const;

describe('OrderBoard: closing ordering for the day (issue 20, point 11)', () => {
  for (const language of ['ru', 'en'] as const) {
    const t = texts[language];
    it(`closes ordering for today only after the confirmation, then opens it again at once (${language})`, async () => {
      await i18n.changeLanguage(language);
      const { api, user } = renderBoard(open);
      const day = await screen.findByTestId('kitchen-day');
      expect(day).toHaveTextContent(t.open);

      await user.click(within(day).getByRole('button', { name: t.close }));
      const dialog = await screen.findByRole('dialog', { name: t.question });
      expect(dialog).toHaveAccessibleDescription(t.lead);
      expect(puts(api.calls)).toEqual([]);
      await user.click(within(dialog).getByRole('button', { name: t.close }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(puts(api.calls)).toEqual([{ closed_today: true }]);
      expect(screen.getByTestId('kitchen-day')).toHaveTextContent(t.closed);
      expect(screen.getByTestId('kitchen-day')).toHaveAttribute('data-state', 'closedToday');

      // Opening again turns nobody away: no question.
      await user.click(screen.getByRole('button', { name: t.reopen }));
      await waitFor(() => expect(screen.getByTestId('kitchen-day')).toHaveTextContent(t.open));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(puts(api.calls)).toEqual([{ closed_today: true }, { closed_today: false }]);
    });
  }

  it('"Back" in the question keeps the kitchen open and sends nothing', async () => {
    const { api, user } = renderBoard(open);
    await user.click(await screen.findByRole('button', { name: texts.ru.close }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: texts.ru.back }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts(api.calls)).toEqual([]);
    expect(screen.getByTestId('kitchen-day')).toHaveTextContent(texts.ru.open);
  });

  it('a refused change says so in the staff member\'s language and leaves the state as the server has it', async () => {
    const { user } = renderBoard(closed, { refuse: { status: 403, body: { detail: 'Insufficient rights to perform the operation' } } });
    await user.click(await screen.findByRole('button', { name: texts.ru.reopen }));
    expect(await screen.findByText('Не удалось изменить приём заказов. Попробуйте ещё раз.')).toBeInTheDocument();
    expect(screen.getByTestId('kitchen-day')).toHaveTextContent(texts.ru.closed);
    expect(screen.getByRole('button', { name: texts.ru.reopen })).toBeEnabled();
  });
});

describe('OrderBoard: a cancel refused while the guest confirms the payment (issue 20, point 8)', () => {
  const refusals = {
    ru: 'Гость сейчас подтверждает оплату в банке (3-D Secure). Отменить заказ можно, когда оплата завершится.',
    en: 'The guest is confirming the payment with their bank (3-D Secure). The order can be cancelled once the payment is settled.',
  } as const;
  for (const language of ['ru', 'en'] as const) {
    it(`tells the staff member why, in their language, and keeps the dialog with the reason (${language})`, async () => {
      await i18n.changeLanguage(language);
      const api = fakeApi({
        'GET admin/orders/': () => ({ status: 200, body: [unpaid] }),
        'GET admin/orders/kitchen/': () => ({ status: 200, body: open }),
        [`POST admin/orders/${unpaid.id}/cancel/`]: () => ({ status: 409, body: { detail: ORDER_DETAILS.paymentUnderWay } }),
      });
      renderWithProviders(<OrderBoard title="Orders" />);
      const user = userEvent.setup();
      const card = await screen.findByTestId('order-card');
      await user.click(within(card).getByRole('button', { name: language === 'ru' ? 'Отменить…' : 'Cancel…' }));
      const dialog = await screen.findByRole('dialog');
      await user.type(within(dialog).getByRole('textbox'), language === 'ru' ? 'Кухня закрыта' : 'The kitchen is closed');
      await user.click(within(dialog).getByTestId('order-cancel-confirm'));
      expect(await within(dialog).findByText(refusals[language])).toBeInTheDocument();
      expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
      expect(screen.getByRole('dialog')).toBeInTheDocument();
      expect(within(dialog).getByRole('textbox')).toHaveValue(language === 'ru' ? 'Кухня закрыта' : 'The kitchen is closed');
    });
  }

  it('another 409 still says the board was out of date', async () => {
    fakeApi({
      'GET admin/orders/': () => ({ status: 200, body: [unpaid] }),
      'GET admin/orders/kitchen/': () => ({ status: 200, body: open }),
      [`POST admin/orders/${unpaid.id}/cancel/`]: () => ({ status: 409, body: { detail: 'The order changed meanwhile; reload it' } }),
    });
    renderWithProviders(<OrderBoard title="Orders" />);
    const user = userEvent.setup();
    await user.click(within(await screen.findByTestId('order-card')).getByRole('button', { name: 'Отменить…' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), 'Кухня закрыта');
    await user.click(within(dialog).getByTestId('order-cancel-confirm'));
    expect(await within(dialog).findByText('Заказ уже изменился; доска обновлена.')).toBeInTheDocument();
  });
});

describe('OrderBoard: orders by their time, with options; the delivery settings (issue 24)', () => {
  const later = new Date(Date.now() + 3 * 3_600_000);
  later.setUTCMinutes(later.getUTCMinutes() < 30 ? 0 : 30, 0, 0);
  const paid = (id: number, dueInMinutes: number, deliverAt: string | null): StaffOrder => ({
    ...unpaid,
    id,
    status: 'accepted',
    next_status: 'in_progress',
    paid: true,
    deliver_at: deliverAt,
    due_at: deliverAt ?? new Date(Date.now() + dueInMinutes * 60_000).toISOString(),
  });
  const withOptions: StaffOrder = {
    ...paid(51, 0, later.toISOString()),
    items: [
      {
        id: 9,
        product_id: 3,
        name: { ru: 'Драники', en: 'Draniki' },
        image: null,
        price: 14_60,
        quantity: 1,
        options: [
          { id: 3, group: { ru: 'Порция', en: 'Portion' }, name: { ru: 'Большая', en: 'Large' }, price: 3_50 },
          { id: 5, group: { ru: 'Добавки', en: 'Additions' }, name: { ru: 'Сметана', en: 'Sour cream' }, price: 1_20 },
        ],
      },
    ],
  };

  it('sorts each column by when the order is due and colours it by how near that is; the slot and the options are on the card', async () => {
    await i18n.changeLanguage('ru');
    renderBoard(open, { orders: [withOptions, paid(52, -5, null), paid(53, 20, null)] });
    const cards = await within(await screen.findByTestId('order-column-accepted')).findAllByTestId('order-card');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['№52', '№53', '№51']);
    expect(cards.map((card) => card.getAttribute('data-urgency'))).toEqual(['late', 'soon', 'later']);
    expect(within(cards[1]!).getByTestId('order-slot')).toHaveTextContent(/^Как можно скорее · к \d\d:\d\d$/);
    expect(within(cards[2]!).getByTestId('order-slot')).toHaveTextContent(/\d\d:\d\d–\d\d:\d\d$/);
    expect(cards[2]).toHaveAttribute('data-scheduled', 'true');
    expect(within(cards[2]!).getByTestId('order-item-options')).toHaveTextContent('Большая, Сметана');
  });

  for (const language of ['ru', 'en'] as const) {
    it(`staff change the delivery settings; a bad value is said before anything is sent (${language})`, async () => {
      await i18n.changeLanguage(language);
      let saved: unknown = null;
      const api = fakeApi({
        'GET admin/orders/': () => ({ status: 200, body: [] }),
        'GET admin/orders/kitchen/': () => ({ status: 200, body: open }),
        'GET admin/orders/kitchen/settings/': () => ({ status: 200, body: { lead_minutes: 60, slot_capacity: 5, min_order: 0, free_delivery_from: null, delivery_fee: 139_00, door_payment: false, door_methods: ['cash', 'card_terminal'], door_cap: 100_00 } }),
        'PUT admin/orders/kitchen/settings/': (call) => {
          saved = call.body;
          return { status: 200, body: call.body };
        },
      });
      renderWithProviders(<OrderBoard title="Orders" />);
      const user = userEvent.setup();
      await user.click(await screen.findByTestId('kitchen-settings'));
      const dialog = await screen.findByRole('dialog', { name: language === 'ru' ? 'Настройки доставки' : 'Delivery settings' });
      const field = (name: RegExp) => within(dialog).getByRole('textbox', { name });
      const capacity = field(language === 'ru' ? /Заказов на 30-минутный интервал/ : /Orders per 30-minute slot/);
      await user.clear(capacity);
      await user.type(capacity, '0');
      await user.click(within(dialog).getByTestId('kitchen-settings-save'));
      expect(await within(dialog).findByText(language === 'ru' ? 'От 1 до 100 заказов' : 'From 1 to 100 orders')).toBeInTheDocument();
      expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([]);
      await user.clear(capacity);
      await user.type(capacity, '3');
      await user.type(field(language === 'ru' ? /Минимальный заказ/ : /Minimum order/), '25,50');
      await user.type(field(language === 'ru' ? /Бесплатная доставка от/ : /Free delivery from/), '100');
      // The fee is a setting too (issue 48, point 13): 139 until changed.
      const fee = field(language === 'ru' ? /Стоимость доставки/ : /Delivery fee/);
      expect(fee).toHaveValue('139');
      await user.clear(fee);
      await user.type(fee, '600');
      await user.click(within(dialog).getByTestId('kitchen-settings-save'));
      expect(await within(dialog).findByText(language === 'ru' ? /от 0 до 500 BYN/ : /0 to 500 BYN/)).toBeInTheDocument();
      await user.clear(fee);
      await user.type(fee, '49,90');
      await user.click(within(dialog).getByTestId('kitchen-settings-save'));
      await waitFor(() => expect(saved).toEqual({ lead_minutes: 60, slot_capacity: 3, min_order: 25_50, free_delivery_from: 100_00, delivery_fee: 49_90, door_payment: false, door_methods: ['cash', 'card_terminal'], door_cap: 100_00 }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });
  }
});

describe('OrderBoard: room service (issue 24, point 4)', () => {
  for (const [language, text] of [
    ['ru', 'Обслуживание в номере: Люкс с камином'],
    ['en', 'Room service: Suite with a fireplace'],
  ] as const) {
    it(`a room-service order names the room instead of an address (${language})`, async () => {
      await i18n.changeLanguage(language);
      const toRoom: StaffOrder = { ...unpaid, id: 61, room: { reservation_id: 31, name: { ru: 'Люкс с камином', en: 'Suite with a fireplace' } } };
      renderBoard(open, { orders: [toRoom, { ...unpaid, id: 62 }] });
      const cards = await screen.findAllByTestId('order-card');
      const card = cards.find((c) => within(c).queryByText('№61'))!;
      expect(within(card).getByTestId('order-room')).toHaveTextContent(text);
      expect(card).not.toHaveTextContent('ул. Советская, 1');
      const other = cards.find((c) => within(c).queryByText('№62'))!;
      expect(other).toHaveTextContent('ул. Советская, 1');
      expect(within(other).queryByTestId('order-room')).toBeNull();
    });
  }
});

describe('OrderBoard: an order paid at the door (issue 46, part 2)', () => {
  const atDoor: StaffOrder = {
    ...unpaid,
    id: 61,
    status: 'delivering',
    next_status: 'completed',
    can_cancel: false,
    paid: true,
    total: 18_00,
    pay_at_door: { method: 'cash', settled: null },
  };

  for (const language of ['ru', 'en'] as const) {
    it(`says it is unpaid at the door; delivering it asks how it was paid and sends that with the step (${language})`, async () => {
      await i18n.changeLanguage(language);
      let sent: unknown = null;
      const api = fakeApi({
        'GET admin/orders/': () => ({ status: 200, body: [atDoor] }),
        'GET admin/orders/kitchen/': () => ({ status: 200, body: open }),
        [`POST admin/orders/${atDoor.id}/next/`]: (call) => {
          sent = call.body;
          return { status: 200, body: { ...atDoor, status: 'completed', next_status: null, pay_at_door: { method: 'cash', settled: { method: 'card_terminal', amount: 18_00, at: atDoor.created_at, reason: null } } } };
        },
      });
      renderWithProviders(<OrderBoard title="Orders" />);
      const user = userEvent.setup();
      const card = await screen.findByTestId('order-card');
      expect(within(card).getByTestId('order-door')).toHaveTextContent(language === 'ru' ? 'Не оплачен · курьеру (наличные)' : 'Unpaid · at the door (cash)');
      await user.click(within(card).getByTestId('order-next'));
      const dialog = await screen.findByRole('dialog');
      // Another amount without a reason is said before anything is sent.
      await user.clear(within(dialog).getByTestId('door-amount'));
      await user.type(within(dialog).getByTestId('door-amount'), '17');
      await user.click(within(dialog).getByTestId('door-confirm'));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(language === 'ru' ? 'укажите причину' : 'give the reason');
      expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
      await user.clear(within(dialog).getByTestId('door-amount'));
      await user.type(within(dialog).getByTestId('door-amount'), '18');
      await user.click(within(dialog).getByTestId('door-method-card_terminal'));
      await user.click(within(dialog).getByTestId('door-confirm'));
      await waitFor(() => expect(sent).toEqual({ from: 'delivering', door: { method: 'card_terminal', amount: 18_00 } }));
    });
  }

  it('a refusal from the server is shown in the board’s language', async () => {
    await i18n.changeLanguage('ru');
    fakeApi({
      'GET admin/orders/': () => ({ status: 200, body: [atDoor] }),
      'GET admin/orders/kitchen/': () => ({ status: 200, body: open }),
      [`POST admin/orders/${atDoor.id}/next/`]: () => ({ status: 409, body: { detail: 'The payment at the door of this order is already recorded', detail_ru: 'Оплата курьеру по этому заказу уже отмечена' } }),
    });
    renderWithProviders(<OrderBoard title="Orders" />);
    const user = userEvent.setup();
    await user.click(within(await screen.findByTestId('order-card')).getByTestId('order-next'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByTestId('door-confirm'));
    expect(await within(dialog).findByText('Оплата курьеру по этому заказу уже отмечена')).toBeInTheDocument();
  });
});
