import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DeskMoney } from '@hotel/domain';
import { i18n } from '../../../shared/i18n';
import { renderWithProviders } from '../../../test/render';
import { MoneyBlock } from './desk-day';

const money: DeskMoney = {
  day: '2026-11-29',
  methods: [
    { method: 'cash', count: 3, total: 151_00 },
    { method: 'card_terminal', count: 1, total: 60_00 },
    { method: 'bank_transfer', count: 0, total: 0 },
    { method: 'saved_card', count: 1, total: 30_00 },
  ],
  taken: { count: 5, total: 241_00 },
  refunds: { count: 1, total: 5_00 },
  net: 236_00,
  corrections: { count: 1, total: -12_50 },
};

beforeAll(async () => {
  await i18n.loadNamespaces(['desk']);
});
afterEach(async () => {
  await i18n.changeLanguage('ru');
});

describe('the day’s money at the desk (issue 45, point 8)', () => {
  it('a row per method with its count and sum; taken 241 − refunds 5 = net 236; a correction of −12.50 (ru)', async () => {
    await i18n.changeLanguage('ru');
    renderWithProviders(<MoneyBlock money={money} language="ru" />);
    const block = screen.getByRole('region', { name: 'Деньги за день на стойке' });
    const cash = within(block).getByRole('row', { name: /Наличные/ });
    expect(cash).toHaveTextContent(/^Наличные\s*3\s*151\sBYN$/);
    expect(within(block).getByTestId('desk-money-bank_transfer')).toHaveTextContent('0');
    expect(within(block).getByTestId('desk-money-taken')).toHaveTextContent(/Всего принято\s*5\s*241 BYN/);
    expect(within(block).getByTestId('desk-money-refunds')).toHaveTextContent('−5 BYN');
    expect(within(block).getByTestId('desk-money-net')).toHaveTextContent('236 BYN');
    expect(within(block).getByTestId('desk-money-corrections')).toHaveTextContent('−12,50 BYN');
  });

  it('in English', async () => {
    await i18n.changeLanguage('en');
    renderWithProviders(<MoneyBlock money={money} language="en" />);
    const block = screen.getByRole('region', { name: "The day's money at the desk" });
    expect(within(block).getByRole('columnheader', { name: 'Method' })).toBeInTheDocument();
    expect(within(block).getByRole('rowheader', { name: 'Saved card charged at the desk' })).toBeInTheDocument();
    expect(within(block).getByTestId('desk-money-net')).toHaveTextContent('236 BYN');
  });
});
