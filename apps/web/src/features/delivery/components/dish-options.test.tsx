/** The options dialog of a dish (issue 24, point 3): a portion (one of), additions (up to N), the price with them, a line of its own. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@hotel/domain';
import { i18n } from '../../../shared/i18n';
import { resetCartForTests, useCart } from '../../../shared/cart/cart-store';
import { fakeApi, renderWithProviders } from '../../../test/render';
import { soups, testProduct } from '../../../test/delivery-fixtures';
import { DeliveryCatalogue } from './delivery-catalogue';

const draniki: Product = testProduct(soups, { ru: 'Драники', en: 'Draniki' }, {
  price: 9_90,
  option_groups: [
    { id: 1, name: { ru: 'Порция', en: 'Portion' }, kind: 'one', max: 1, options: [{ id: 2, name: { ru: 'Обычная', en: 'Regular' }, price: 0 }, { id: 3, name: { ru: 'Большая', en: 'Large' }, price: 3_50 }] },
    {
      id: 4,
      name: { ru: 'Добавки', en: 'Additions' },
      kind: 'any',
      max: 1,
      options: [
        { id: 5, name: { ru: 'Сметана', en: 'Sour cream' }, price: 1_20 },
        { id: 6, name: { ru: 'Шкварки', en: 'Bacon' }, price: 2_75 },
      ],
    },
  ],
});

beforeEach(() => {
  localStorage.clear();
  resetCartForTests();
  fakeApi({ 'GET delivery/products/': () => ({ status: 200, body: [draniki] }) });
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetCartForTests();
});

describe('a dish with options (issue 24, point 3)', () => {
  it('the card says where the price starts when an option costs more, and only then', async () => {
    const freeChoice: Product = testProduct(soups, { ru: 'Чай', en: 'Tea' }, {
      price: 4_00,
      option_groups: [{ id: 1, name: { ru: 'Сахар', en: 'Sugar' }, kind: 'one', max: 1, options: [{ id: 2, name: { ru: 'Без сахара', en: 'No sugar' }, price: 0 }, { id: 3, name: { ru: 'С сахаром', en: 'With sugar' }, price: 0 }] }],
    });
    fakeApi({ 'GET delivery/products/': () => ({ status: 200, body: [draniki, freeChoice] }) });
    for (const [language, expected] of [['ru', ['от 9,90\u00a0BYN', '4\u00a0BYN']], ['en', ['from 9.90\u00a0BYN', '4\u00a0BYN']]] as const) {
      await i18n.changeLanguage(language);
      const view = renderWithProviders(<DeliveryCatalogue headingId="menu-title" />);
      const cards = await screen.findAllByTestId('product-card');
      expect(cards.map((card) => card.querySelector('.price')?.textContent)).toEqual(expected);
      view.unmount();
    }
  });

  for (const language of ['ru', 'en'] as const) {
    it(`opens the dialog, prices the choice, keeps each choice as its own line (${language})`, async () => {
      await i18n.changeLanguage(language);
      const user = userEvent.setup();
      renderWithProviders(<DeliveryCatalogue headingId="menu-title" />);
      const card = (await screen.findAllByTestId('product-card'))[0]!;
      await user.click(within(card).getByTestId('add-to-cart'));
      const dialog = await screen.findByRole('dialog', { name: language === 'ru' ? 'Драники' : 'Draniki' });
      // The first portion is chosen; the price says so.
      expect(within(dialog).getByRole('radio', { name: language === 'ru' ? 'Обычная' : 'Regular' })).toBeChecked();
      await user.click(within(dialog).getByRole('radio', { name: new RegExp(language === 'ru' ? 'Большая' : 'Large') }));
      await user.click(within(dialog).getByRole('checkbox', { name: new RegExp(language === 'ru' ? 'Сметана' : 'Sour cream') }));
      // One addition at most: the other one cannot be taken too.
      expect(within(dialog).getByRole('checkbox', { name: new RegExp(language === 'ru' ? 'Шкварки' : 'Bacon') })).toBeDisabled();
      expect(within(dialog).getByTestId('options-add')).toHaveTextContent(language === 'ru' ? '14,60' : '14.60');
      await user.click(within(dialog).getByTestId('options-add'));
      expect(useCart.getState().items).toEqual([expect.objectContaining({ product_id: draniki.id, quantity: 1, price: 9_90, options: [expect.objectContaining({ id: 3 }), expect.objectContaining({ id: 5 })] })]);

      // The plain portion is another line.
      await user.click(within(card).getByTestId('add-to-cart'));
      await user.click(within(await screen.findByRole('dialog')).getByTestId('options-add'));
      expect(useCart.getState().items.map((line) => line.options?.map((option) => option.id))).toEqual([[3, 5], [2]]);
      expect(within(card).getByTestId('in-cart-count')).toHaveTextContent('2');
    });
  }
});
