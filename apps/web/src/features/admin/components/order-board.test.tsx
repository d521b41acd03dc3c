/**
 * The order board's cancel (issue 20, point 8): a cancel refused while the guest confirms the
 * payment with 3-D Secure says so in the staff member's language.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ORDER_DETAILS, type OrderingState, type StaffOrder } from '@hotel/domain';
import { i18next } from '../../../shared/i18n';
import { toast } from '../../../shared/ui';
import { fakeApi, renderWithProviders } from '../../../test/render';
import { OrderBoard } from './order-board';

beforeAll(async () => {
  await i18next.loadNamespaces(['order-board', 'admin']);
});
afterEach(async () => {
  toast.clear();
  vi.unstubAllGlobals();
  await i18next.changeLanguage('ru');
});

const hours = { opens: '11:00', closes: '22:00' };
const open: OrderingState = { open: true, reason: null, opens_at: null, hours, closed_today: false };

const unpaid: StaffOrder = {
  id: 41,
  status: 'pending',
  next_status: null,
  can_cancel: true,
  created_at: '2026-12-01T09:10:00.000Z',
  updated_at: '2026-12-01T09:10:00.000Z',
  paid: false,
  total: 164_00,
  items: [{ id: 1, product_id: 1, name: { ru: 'Суп', en: 'Soup' }, image: null, price: 12_50, quantity: 2 }],
  address: { id: 5, label: 'Дом', address: 'ул. Советская, 1', entrance: null, floor: null, apartment: null, intercom: null, comment: null },
  comment: '',
  cancel_reason: '',
  guest: { name: 'Анна Новик', phone: null },
};

describe('OrderBoard: a cancel refused while the guest confirms the payment (issue 20, point 8)', () => {
  const refusals = {
    ru: 'Гость сейчас подтверждает оплату в банке (3-D Secure). Отменить заказ можно, когда оплата завершится.',
    en: 'The guest is confirming the payment with their bank (3-D Secure). The order can be cancelled once the payment is settled.',
  } as const;
  for (const language of ['ru', 'en'] as const) {
    it(`tells the staff member why, in their language, and keeps the dialog with the reason (${language})`, async () => {
      await i18next.changeLanguage(language);
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
