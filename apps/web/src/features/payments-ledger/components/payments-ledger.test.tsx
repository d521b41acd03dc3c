import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MoneyEntry, MoneyPage } from '@hotel/domain';
import { fakeApi, renderWithProviders } from '../../../test/render';
import { PaymentsLedger } from './payments-ledger';

afterEach(() => {
  vi.unstubAllGlobals();
});

const base: Omit<MoneyEntry, 'id' | 'kind' | 'status'> = {
  at: '2026-11-24T10:00:00.000Z',
  day: '2026-11-24',
  guest: { id: 7, email: 'anna@example.com', name: 'Анна Новик' },
  order_id: null,
  reservation_id: null,
  card: { brand: 'visa', last4: '4242' },
  method: 'card',
  erip_bill: null,
  amount: 168_00,
  currency: 'BYN',
  provider: 'bepaid',
  provider_ref: 'c0ffee00-1d5a-4c8e-9a43-0e7c8f7c2f10',
  failure_reason: null,
  awaiting_guest: false,
  needs_attention: false,
  payment_id: 'c0ffee00-1d5a-4c8e-9a43-0e7c8f7c2f10',
  attempts: null,
  resolution_note: null,
};
const charge: MoneyEntry = { ...base, id: base.payment_id, kind: 'order', status: 'succeeded', order_id: 12 };
const refund: MoneyEntry = {
  ...base,
  id: 'refund-3',
  kind: 'refund',
  status: 'failed',
  order_id: 11,
  provider_ref: null,
  failure_reason: 'Refund refused by the acquirer',
  needs_attention: true,
  attempts: 5,
};
const fee: MoneyEntry = { ...base, id: '5eed0000-1d5a-4c8e-9a43-0e7c8f7c2f10', kind: 'fee', status: 'pending', reservation_id: 4, amount: 250_00, awaiting_guest: true, needs_attention: true };
const page: MoneyPage = {
  from: '2026-11-18',
  to: '2026-11-24',
  attention: [refund, fee],
  entries: [charge],
  totals: [{ day: '2026-11-24', charged: 168_00, refunded: 0, net: 168_00, count: 1 }],
};

describe('PaymentsLedger', () => {
  it('shows what needs a person on top, the totals, and each charge with its card and reference', async () => {
    fakeApi({ 'GET admin/payments/': () => ({ status: 200, body: page }) });
    renderWithProviders(<PaymentsLedger />);
    const [failedRefund, unpaidFee] = (await screen.findAllByTestId('attention-entry')) as [HTMLElement, HTMLElement];
    expect(failedRefund).toHaveTextContent('Возврат · заказ №11');
    expect(failedRefund).toHaveTextContent('Refund refused by the acquirer · 5 попыток');
    expect(within(failedRefund).getByRole('button', { name: 'Вернуть ещё раз' })).toBeVisible();
    expect(unpaidFee).toHaveTextContent('Ждёт подтверждения гостя');
    // A fee waiting for the guest's 3-D Secure cannot be charged again, only settled outside.
    expect(within(unpaidFee).queryByRole('button', { name: 'Списать ещё раз' })).toBeNull();
    const row = screen.getByTestId('payment-entry');
    expect(row).toHaveTextContent('Оплата · заказ №12');
    expect(row).toHaveTextContent('VISA •••• 4242');
    expect(within(row).getByTestId('payment-reference')).toHaveTextContent(charge.provider_ref!);
    expect(screen.getByTestId('payments-totals')).toHaveTextContent('168 BYN');
  });

  it('an ERIP payment stands beside cards with its method and bill number (issue 46)', async () => {
    const erip: MoneyEntry = { ...base, id: 'e41b0000-1d5a-4c8e-9a43-0e7c8f7c2f10', kind: 'stay', status: 'succeeded', reservation_id: 123, card: null, method: 'erip', erip_bill: '12301' };
    fakeApi({ 'GET admin/payments/': () => ({ status: 200, body: { ...page, entries: [charge, erip] } }) });
    renderWithProviders(<PaymentsLedger />);
    const methods = await screen.findAllByTestId('payment-method');
    expect(methods.map((cell) => cell.textContent)).toEqual(['VISA •••• 4242', 'ЕРИПсчёт 12301']);
    expect(screen.getByRole('columnheader', { name: 'Способ' })).toBeInTheDocument();
  });

  it('an ERIP refund tried again is taken as pending: staff are told it completes within days (issue 46)', async () => {
    fakeApi({
      'GET admin/payments/': () => ({ status: 200, body: { ...page, attention: [{ ...refund, method: 'erip', card: null }] } }),
      'POST admin/payments/refunds/3/retry/': () => ({ status: 200, body: { ...refund, method: 'erip', card: null, status: 'pending', needs_attention: false } }),
    });
    renderWithProviders(<PaymentsLedger />);
    const [failedRefund] = (await screen.findAllByTestId('attention-entry')) as [HTMLElement];
    await userEvent.click(within(failedRefund).getByRole('button', { name: 'Вернуть ещё раз' }));
    expect(await screen.findByText('Принято: ЕРИП проводит возврат в течение нескольких дней')).toBeInTheDocument();
  });

  it('settling outside asks for a note, then sends it', async () => {
    const api = fakeApi({
      'GET admin/payments/': () => ({ status: 200, body: page }),
      'POST admin/payments/refunds/3/resolve/': () => ({ status: 200, body: { ...refund, status: 'settled_outside', needs_attention: false, resolution_note: 'Переводом' } }),
    });
    renderWithProviders(<PaymentsLedger />);
    const [failedRefund] = (await screen.findAllByTestId('attention-entry')) as [HTMLElement];
    await userEvent.click(within(failedRefund).getByRole('button', { name: 'Отметить улаженным' }));
    await userEvent.click(await screen.findByTestId('resolve-confirm'));
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    await userEvent.type(screen.getByRole('textbox', { name: /Примечание/ }), '  Переводом ');
    await userEvent.click(screen.getByTestId('resolve-confirm'));
    await waitFor(() => expect(api.calls.find((call) => call.method === 'POST')).toMatchObject({ path: 'admin/payments/refunds/3/resolve/', body: { note: 'Переводом' } }));
  });

  it('asks the server again with the status chosen', async () => {
    const api = fakeApi({ 'GET admin/payments/': () => ({ status: 200, body: page }) });
    renderWithProviders(<PaymentsLedger />);
    await screen.findAllByTestId('attention-entry');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Статус' }), 'failed');
    await waitFor(() => expect(api.calls.at(-1)!.path).toMatch(/^admin\/payments\/\?from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d&status=failed$/));
  });
});
