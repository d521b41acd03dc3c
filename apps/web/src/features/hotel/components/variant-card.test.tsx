import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { testRoom, testVariant } from '../../../test/hotel-fixtures';
import { renderWithProviders } from '../../../test/render';
import { VariantCard } from './variant-card';

describe('a variant’s prices by date and stay rules (issue 23)', () => {
  it('lists the nights where their prices differ: 1 night × 250 and 2 nights × 400, and books', async () => {
    const onBook = vi.fn();
    const variant = testVariant(testRoom(), {
      nights: 3,
      total: 1050_00,
      price_breakdown: [
        { first_night: '2099-06-11', nights: 1, price_per_night: 250_00 },
        { first_night: '2099-06-12', nights: 2, price_per_night: 400_00 },
      ],
    });
    renderWithProviders(<VariantCard variant={variant} onBook={onBook} />);
    const lines = screen.getAllByRole('listitem').filter((item) => item.closest('[data-testid="price-breakdown"]'));
    expect(lines.map((line) => line.textContent)).toEqual([
      expect.stringContaining('1 ночь × 250'),
      expect.stringContaining('2 ночи × 400'),
    ]);
    // The room's own price would mislead beside nights priced by date.
    expect(screen.queryByTestId('variant-price')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Забронировать' }));
    expect(onBook).toHaveBeenCalledWith(variant, 'flexible');
  });

  it('one price for every night, the room’s own: no breakdown, the room’s prices', () => {
    renderWithProviders(<VariantCard variant={testVariant()} onBook={() => {}} />);
    expect(screen.queryByTestId('price-breakdown')).toBeNull();
    expect(screen.getByTestId('variant-price')).toHaveTextContent('250 BYN');
  });

  it('a broken stay rule says why instead of the Book button: "Минимум 2 ночи при заезде 12 июн. 2099 (пятница)"', () => {
    renderWithProviders(<VariantCard variant={testVariant(testRoom(), { stay_rule: { rule: 'min_nights', date: '2099-06-12', min_nights: 2 } })} onBook={() => {}} />);
    expect(screen.getByTestId('variant-stay-rule')).toHaveTextContent('Минимум 2 ночи при заезде 12 июн. 2099 (пятница)');
    expect(screen.queryByRole('button', { name: 'Забронировать' })).toBeNull();
  });

  it('closed to arrival and to departure, in words', () => {
    const { unmount } = renderWithProviders(<VariantCard variant={testVariant(testRoom(), { stay_rule: { rule: 'closed_to_arrival', date: '2099-06-13' } })} onBook={() => {}} />);
    expect(screen.getByTestId('variant-stay-rule')).toHaveTextContent('Заезд 13 июн. 2099 (суббота) невозможен');
    unmount();
    renderWithProviders(<VariantCard variant={testVariant(testRoom(), { stay_rule: { rule: 'closed_to_departure', date: '2099-06-14' } })} onBook={() => {}} />);
    expect(screen.getByTestId('variant-stay-rule')).toHaveTextContent('Выезд 14 июн. 2099 (воскресенье) невозможен');
  });
});

it('every night at one price by date: that price in one line, not the room’s own', () => {
  renderWithProviders(
    <VariantCard variant={testVariant(testRoom(), { total: 1554_00, price_breakdown: [{ first_night: '2099-06-12', nights: 2, price_per_night: 777_00 }] })} onBook={() => {}} />,
  );
  expect(screen.getByTestId('price-breakdown')).toHaveTextContent('2 ночи × 777 BYN');
  expect(screen.queryByTestId('variant-price')).toBeNull();
});

describe('the rate choice (issue 23.3)', () => {
  it('a room with a non-refundable rate offers both with their totals; the chosen one is booked', async () => {
    const onBook = vi.fn();
    const variant = testVariant(testRoom(), { non_refundable: { discount_percent: 10, discount: 50_00, total: 450_00 } });
    renderWithProviders(<VariantCard variant={variant} onBook={onBook} />);
    const rates = screen.getByRole('group', { name: 'Тариф' });
    expect(within(rates).getByRole('radio', { name: /Гибкий/ })).toBeChecked();
    const nonRefundable = within(rates).getByRole('radio', { name: /Невозвратный/ });
    expect(rates).toHaveTextContent('−10 %');
    expect(screen.getByTestId('variant-non-refundable-total')).toHaveTextContent('450 BYN');
    expect(rates).toHaveTextContent('при отмене деньги не возвращаются');
    await userEvent.setup().click(nonRefundable);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Забронировать' }));
    expect(onBook).toHaveBeenCalledWith(variant, 'non_refundable');
  });

  it('a room without one shows no choice', () => {
    renderWithProviders(<VariantCard variant={testVariant()} onBook={() => {}} />);
    expect(screen.queryByRole('group', { name: 'Тариф' })).toBeNull();
  });
});
