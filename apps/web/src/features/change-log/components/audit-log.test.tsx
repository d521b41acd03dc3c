import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry, AuditPage } from '@hotel/domain';
import { i18n } from '../../../shared/i18n';
import { testAdminRoom } from '../../../test/hotel-fixtures';
import { fakeApi, renderWithProviders } from '../../../test/render';
import { AuditLog } from './audit-log';

afterEach(() => {
  vi.unstubAllGlobals();
});

let nextId = 100;
const entry = (values: Partial<AuditEntry> & Pick<AuditEntry, 'action' | 'target'>): AuditEntry => ({
  id: nextId--,
  at: '2026-11-24T10:00:00.000Z',
  actor: { id: 1, email: 'boss@example.com' },
  target_kind: null,
  target_id: null,
  target_name: null,
  before: null,
  after: null,
  ...values,
});

const feedAdded = entry({
  action: 'calendar_feed.add',
  target: 'room 2',
  target_kind: 'room',
  target_id: '2',
  target_name: { ru: 'Люкс', en: 'Deluxe' },
  after: { host: '127.0.0.1:3399', name: 'Booking.com', feed_id: 2 },
});
const roomPriced = entry({
  action: 'room.update',
  target: 'room 3',
  target_kind: 'room',
  target_id: '3',
  target_name: { ru: 'Семейный', en: '' },
  before: { price: 250_00, extra_price: null },
  after: { price: 320_50, extra_price: 380_00 },
});
const dishHidden = entry({
  action: 'product.update',
  target: 'product 7',
  target_kind: 'product',
  target_id: '7',
  target_name: { ru: 'Борщ', en: 'Borscht' },
  // `spiciness` stands for a field the server writes after this screen was made.
  before: { hidden: false, spiciness: 2 },
  after: { hidden: true, spiciness: 3 },
});
const stayCancelled = entry({
  action: 'reservation.cancel',
  target: 'reservation 5',
  target_kind: 'reservation',
  target_id: '5',
  before: { canceled_at: null },
  after: { canceled_at: '2026-11-24T09:30:00.000Z' },
});
const oddTarget = entry({ action: 'room.update', target: 'the lobby', before: { note: 'a\nb' }, after: { note: 'a' } });

const page: AuditPage = { entries: [feedAdded, roomPriced, dishHidden, stayCancelled, oddTarget], next: null };

const fields = (item: HTMLElement) => within(item).queryAllByTestId('audit-field').map((field) => field.textContent?.replace(/\s+/g, ' '));

async function renderLog() {
  fakeApi({ 'GET admin/log/': () => ({ status: 200, body: page }) });
  const view = renderWithProviders(<AuditLog />);
  const items = await screen.findAllByTestId('audit-entry');
  return { view, items };
}

describe('AuditLog', () => {
  it('reads in Russian: the target by kind, id and name, fields by their labels, prices in roubles, yes and no', async () => {
    const { items } = await renderLog();
    const [feed, room, dish, stay, odd] = items as [HTMLElement, HTMLElement, HTMLElement, HTMLElement, HTMLElement];

    expect(feed).toHaveTextContent('Календарь сайта бронирования добавлен · Номер 2 «Люкс»');
    expect(fields(feed)).toEqual(['Название:Booking.com', 'Адрес сайта:127.0.0.1:3399', 'Календарь:№2']);
    expect(feed).not.toHaveTextContent(/host|feed_id|room 2/);

    expect(room).toHaveTextContent('Номер изменён · Номер 3 «Семейный»');
    expect(fields(room)).toEqual(['Цена:250 BYN → 320,50 BYN', 'Цена с доп. местом:— → 380 BYN']);
    expect(within(room).getAllByTitle('Было').map((value) => value.textContent)).toEqual(['250\u00a0BYN', '—']);
    expect(within(room).getAllByTitle('Стало').map((value) => value.textContent)).toEqual(['320,50\u00a0BYN', '380\u00a0BYN']);

    expect(dish).toHaveTextContent('Блюдо изменено · Блюдо 7 «Борщ»');
    // A field this screen does not know yet reads under its own name.
    expect(fields(dish)).toEqual(['Скрыто из меню:нет → да', 'spiciness:2 → 3']);

    expect(stay).toHaveTextContent('Бронирование отменено за гостя · Бронирование №5');
    expect(fields(stay)).toEqual(['Отменено:— → 24 нояб. 2026 г., 12:30']);

    expect(odd).toHaveTextContent('Номер изменён · the lobby');
    expect(fields(odd)).toEqual(['Примечание:a b → a']);
  });

  it('reads in English, a room without an English name by its Russian one', async () => {
    await i18n.changeLanguage('en');
    try {
      await i18n.loadNamespaces(['common', 'admin']);
      const { items } = await renderLog();
      const [feed, room, dish, stay] = items as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
      expect(feed).toHaveTextContent('Booking-site calendar added · Room 2 “Deluxe”');
      expect(fields(feed)).toEqual(['Name:Booking.com', 'Site address:127.0.0.1:3399', 'Calendar:#2']);
      expect(room).toHaveTextContent('Room changed · Room 3 “Семейный”');
      expect(fields(room)).toEqual(['Price:250 BYN → 320.50 BYN', 'Price with an extra bed:— → 380 BYN']);
      expect(dish).toHaveTextContent('Dish changed · Dish 7 “Borscht”');
      expect(fields(dish)).toEqual(['Hidden from the menu:no → yes', 'spiciness:2 → 3']);
      expect(stay).toHaveTextContent('Booking cancelled for the guest · Booking #5');
    } finally {
      await i18n.changeLanguage('ru');
    }
  });

  it('tells of ordering closed for the day and opened again from the order board, in both languages (issue 20, point 11)', async () => {
    const kitchen = (action: 'kitchen.close' | 'kitchen.open', closed: boolean) =>
      entry({ action, target: 'kitchen 2026-12-01', target_kind: 'kitchen', target_id: '2026-12-01', before: { closed_today: !closed }, after: { closed_today: closed } });
    const expected = {
      ru: [['Приём заказов закрыт на сегодня · Кухня, 1 дек. 2026', 'Приём заказов закрыт на день:нет → да'], ['Приём заказов открыт снова · Кухня, 1 дек. 2026', 'Приём заказов закрыт на день:да → нет']],
      en: [['Ordering closed for today · Kitchen, 1 Dec 2026', 'Ordering closed for the day:no → yes'], ['Ordering opened again · Kitchen, 1 Dec 2026', 'Ordering closed for the day:yes → no']],
    } as const;
    for (const language of ['ru', 'en'] as const) {
      await i18n.changeLanguage(language);
      try {
        await i18n.loadNamespaces(['common', 'admin']);
        fakeApi({ 'GET admin/log/': () => ({ status: 200, body: { entries: [kitchen('kitchen.close', true), kitchen('kitchen.open', false)], next: null } }) });
        const view = renderWithProviders(<AuditLog />);
        const items = await screen.findAllByTestId('audit-entry');
        expect(items.map((item) => [item.querySelector('span')?.textContent, ...fields(item)]), language).toEqual(expected[language]);
        view.unmount();
      } finally {
        await i18n.changeLanguage('ru');
      }
    }
  });

  it('has a label, in both languages, for every field the server writes in the log', async () => {
    // Every key of the `before` and `after` objects in apps/api/src/modules/admin (grep `audit(`).
    const written = [
      'role', 'price', 'extra_price', 'convenience_ids', 'name', 'description', 'images', 'image', 'room_ids', 'status',
      'reason', 'room_id', 'arrival', 'departure', 'price_per_night', 'canceled_at', 'no_show_at', 'cancellation_fee',
      'renewed', 'feed_id', 'host', 'block_id', 'note', 'category_id', 'hidden', 'title', 'closed_today',
    ];
    const everything = entry({ action: 'room.update', target: 'room 1', after: Object.fromEntries(written.map((key) => [key, null])) });
    for (const language of ['ru', 'en']) {
      await i18n.changeLanguage(language);
      try {
        await i18n.loadNamespaces(['common', 'admin']);
        fakeApi({ 'GET admin/log/': () => ({ status: 200, body: { entries: [everything], next: null } }) });
        const view = renderWithProviders(<AuditLog />);
        const labels = (await screen.findAllByTestId('audit-field')).map((field) => field.querySelector('dt')?.textContent?.replace(/:$/, ''));
        expect(labels).toHaveLength(written.length);
        expect(labels.filter((label) => !label || written.includes(label)), language).toEqual([]);
        view.unmount();
      } finally {
        await i18n.changeLanguage('ru');
      }
    }
  });

  it('shows the statuses, roles, dates, photos and long texts of other entries readably', async () => {
    fakeApi({
      'GET admin/log/': () => ({
        status: 200,
        body: {
          entries: [
            entry({ action: 'order.next', target: 'order 9', target_kind: 'order', target_id: '9', before: { status: 'accepted' }, after: { status: 'in_progress' } }),
            entry({ action: 'admin.add', target: 'user a@example.com', target_kind: 'user', target_id: 'a@example.com', before: { role: 'user' }, after: { role: 'admin' } }),
            entry({ action: 'block.create', target: 'room 1', target_kind: 'room', target_id: '1', after: { arrival: '2026-12-12', departure: '2026-12-15', note: 'Ремонт' } }),
            entry({ action: 'room.images', target: 'room 1', target_kind: 'room', target_id: '1', before: { images: ['a.webp'] }, after: { images: ['a.webp', 'b.webp'] } }),
            entry({
              action: 'convenience.update',
              target: 'amenity 4',
              target_kind: 'amenity',
              target_id: '4',
              target_name: { ru: 'Кондиционер', en: 'Air conditioning' },
              before: { description: { ru: 'Кондиционер', en: '' } },
              after: { description: { ru: 'Кондиционер с тихим ночным режимом и пультом', en: 'Air conditioning with a quiet night mode' } },
            }),
          ],
          next: null,
        } satisfies AuditPage,
      }),
    });
    renderWithProviders(<AuditLog />);
    const [order, admin, block, photos, amenity] = (await screen.findAllByTestId('audit-entry')) as [HTMLElement, HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(order).toHaveTextContent('Заказ переведён дальше · Заказ №9');
    expect(fields(order)).toEqual(['Статус:принят → готовится']);
    expect(admin).toHaveTextContent('Администратор добавлен · Пользователь a@example.com');
    expect(fields(admin)).toEqual(['Роль:Пользователь → Администратор']);
    expect(fields(block)).toEqual(['Заезд:12 дек. 2026', 'Выезд:15 дек. 2026', 'Примечание:Ремонт']);
    expect(fields(photos)).toEqual(['Фото:1 фото → 2 фото']);
    // A long text puts before and after one under the other, each wrapping on a phone.
    expect(amenity).toHaveTextContent('Удобство изменено · Удобство 4 «Кондиционер»');
    expect(fields(amenity)).toEqual(['Описание:Кондиционер → Кондиционер с тихим ночным режимом и пультом / Air conditioning with a quiet night mode']);
    expect(within(amenity).getByRole('definition')).toHaveClass('stacked');
    expect(within(admin).getByRole('definition')).not.toHaveClass('stacked');
  });

  it('names rooms instead of numbering them, says what changed in photos of the same number, and marks a long text’s new words (issue 26)', async () => {
    fakeApi({
      'GET admin/log/': () => ({
        status: 200,
        body: {
          entries: [
            entry({ action: 'reservation.move', target: 'reservation 5', target_kind: 'reservation', target_id: '5', before: { room_id: 3 }, after: { room_id: 2 } }),
            entry({ action: 'room.images', target: 'room 1', target_kind: 'room', target_id: '1', before: { images: ['a.webp', 'b.webp'] }, after: { images: ['b.webp', 'a.webp'] } }),
            entry({ action: 'room.images', target: 'room 1', target_kind: 'room', target_id: '1', before: { images: ['a.webp', 'b.webp', 'c.webp'] }, after: { images: ['a.webp', 'c.webp', 'b.webp'] } }),
            entry({
              action: 'convenience.update',
              target: 'amenity 4',
              target_kind: 'amenity',
              target_id: '4',
              before: { description: { ru: 'Кондиционер с пультом и ночным режимом', en: '' } },
              after: { description: { ru: 'Кондиционер с пультом и тихим ночным режимом', en: '' } },
            }),
          ],
          next: null,
        } satisfies AuditPage,
      }),
      'GET admin/rooms/': () => ({
        status: 200,
        body: [testAdminRoom({ id: 2, name: { ru: 'Мансарда', en: 'Attic' } }), testAdminRoom({ id: 3, name: { ru: 'Семейный', en: 'Family' } })],
      }),
    });
    renderWithProviders(<AuditLog />);
    const [move, cover, order, amenity] = (await screen.findAllByTestId('audit-entry')) as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    await waitFor(() => expect(fields(move)).toEqual(['Номер:Семейный → Мансарда']));
    expect(fields(cover)).toEqual(['Фото:2 фото → 2 фото · новая обложка']);
    expect(fields(order)).toEqual(['Фото:3 фото → 3 фото · другой порядок']);
    expect(within(amenity).getAllByRole('mark').map((mark) => mark.textContent)).toEqual(['тихим']);
  });
});
