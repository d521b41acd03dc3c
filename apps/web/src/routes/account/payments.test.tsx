import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_POLL_MS, type PaymentMethod } from '@hotel/domain';
import { useSession } from '../../shared/session/session-store';
import { toast } from '../../shared/ui';
import { fakeApi, renderWithProviders, testUser, type FakeCall } from '../../test/render';
import { Component as PaymentsPage } from './payments';
import { leaveFor } from '../../shared/api/leave-for';

// The provider's page is another site: the browser would leave for it (jsdom does not).
vi.mock('../../shared/api/leave-for', () => ({ leaveFor: vi.fn() }));

const card = (id: string, last4: string, primary: boolean): PaymentMethod => ({
  id: Number(last4),
  payment_method_id: id,
  card_last4: last4,
  brand: 'visa',
  exp_month: 7,
  exp_year: 2031,
  primary,
  status: 'succeeded',
  created_at: '2026-01-01T00:00:00Z',
});
const primaryCard = card('0b8f7c1e-6f3e-4d55-9f7a-2b8f0e1c4a10', '4242', true);
const otherCard = card('1c9a8d2f-7a4f-4e66-8a8b-3c9a1f2d5b21', '4444', false);
const newCard = '2d0b9e3a-8b5a-4f77-9b9c-4d0b2a3e6c32';

beforeEach(() => {
  sessionStorage.clear();
  useSession.setState({ status: 'authenticated', user: testUser });
});
afterEach(() => {
  toast.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderPage({ cards = [primaryCard, otherCard], statuses = ['succeeded'], init = { status: 201, body: { confirmation_url: 'http://localhost/api/v1/payments/sandbox/x/', payment_method_id: newCard } }, remove = { status: 204 } } = {}) {
  let list = cards;
  const answers = [...statuses];
  const api = fakeApi({
    'GET account/payments/methods/': () => ({ status: 200, body: list }),
    'POST payments/methods/init/': () => init,
    [`GET payments/methods/${newCard}/status/`]: () => {
      const status = answers.length > 1 ? answers.shift()! : answers[0]!;
      if (status === 'succeeded') list = [...cards, card(newCard, '3220', false)];
      return { status: 200, body: { status } };
    },
    [`POST account/payments/methods/${otherCard.payment_method_id}/set_primary/`]: () => ({ status: 200, body: { ...otherCard, primary: true } }),
    [`DELETE account/payments/methods/${otherCard.payment_method_id}/`]: () => remove,
  });
  renderWithProviders(<PaymentsPage />, { route: '/account/payments' });
  return { api, user: userEvent.setup() };
}

const calls = (api: { calls: FakeCall[] }, key: string) => api.calls.filter((c) => `${c.method} ${c.path}` === key);

describe('/account/payments', () => {
  it('ACC-42: lists the saved cards by their last four digits and marks the primary one', async () => {
    renderPage();
    const cards = await screen.findAllByTestId('saved-card');
    expect(cards.map((c) => within(c).getByText(/•••• \d{4}/).textContent)).toEqual(['•••• 4242', '•••• 4444']);
    expect(within(cards[0]!).getByText('Основная')).toBeInTheDocument();
    expect(within(cards[1]!).queryByText('Основная')).not.toBeInTheDocument();
    expect(within(cards[0]!).getByText('до 07/31')).toBeInTheDocument();
  });

  it('shows an empty state with the way to add a card', async () => {
    renderPage({ cards: [] });
    const empty = await screen.findByTestId('cards-empty');
    expect(empty).toHaveTextContent('Сохранённых карт нет');
    expect(within(empty).getByTestId('add-card')).toBeInTheDocument();
  });

  it('ACC-44: a card can be made primary', async () => {
    const { api, user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Сделать основной: VISA •••• 4444' }));
    await waitFor(() => expect(calls(api, `POST account/payments/methods/${otherCard.payment_method_id}/set_primary/`)).toHaveLength(1));
    expect(await screen.findByText('Основная карта изменена')).toBeInTheDocument();
  });

  it('ACC-43, ERR-30: a card can be deleted after confirming; a failed delete shows a toast', async () => {
    const { api, user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Удалить: VISA •••• 4444' }));
    expect(screen.getByRole('dialog', { name: 'Удалить карту?' })).toHaveTextContent('Карта •••• 4444 будет удалена из аккаунта.');
    await user.click(screen.getByTestId('confirm-delete-card'));
    await waitFor(() => expect(calls(api, `DELETE account/payments/methods/${otherCard.payment_method_id}/`)).toHaveLength(1));
    expect(await screen.findByText('Карта удалена')).toBeInTheDocument();
  });

  it('ERR-30: a card that guarantees a booking cannot be deleted, and the toast says why', async () => {
    const { user } = renderPage({ remove: { status: 409, body: { detail: 'This card guarantees a booking and cannot be removed' } } as never });
    await user.click(await screen.findByRole('button', { name: 'Удалить: VISA •••• 4444' }));
    await user.click(screen.getByTestId('confirm-delete-card'));
    expect(await screen.findByText('Не удалось удалить карту: This card guarantees a booking and cannot be removed')).toBeInTheDocument();
  });

  it('ACC-45: adding keeps the new card id in session storage and goes to the provider\'s page', async () => {
    const { api, user } = renderPage();
    await user.click(await screen.findByTestId('add-card'));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('http://localhost/api/v1/payments/sandbox/x/'));
    expect(calls(api, 'POST payments/methods/init/')[0]!.body).toEqual({ return_path: '/account/payments' });
    expect(sessionStorage.getItem('pendingPaymentMethodId')).toBe(newCard);
  });

  it('ERR-30: a failed start of adding a card shows a toast', async () => {
    const { user } = renderPage({ init: { status: 500, body: { detail: 'Internal server error' } } as never });
    await user.click(await screen.findByTestId('add-card'));
    expect(await screen.findByText('Не удалось добавить карту')).toBeInTheDocument();
    expect(sessionStorage.getItem('pendingPaymentMethodId')).toBeNull();
  });

  it('ACC-46, ACC-47: back from the provider, asks every 2 s until the card is saved, then says so, refreshes the list and forgets the id', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    sessionStorage.setItem('pendingPaymentMethodId', newCard);
    const { api } = renderPage({ statuses: ['pending', 'succeeded'] });
    expect(await screen.findByText('Проверяем новую карту…')).toBeInTheDocument();
    await waitFor(() => expect(calls(api, `GET payments/methods/${newCard}/status/`)).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS - 50));
    expect(calls(api, `GET payments/methods/${newCard}/status/`)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(await screen.findByText('Карта добавлена')).toBeInTheDocument();
    expect(calls(api, `GET payments/methods/${newCard}/status/`)).toHaveLength(2);
    expect(sessionStorage.getItem('pendingPaymentMethodId')).toBeNull();
    await waitFor(() => expect(screen.getAllByTestId('saved-card')).toHaveLength(3));
  });

  it('ACC-48, ERR-30: a cancelled card shows an error toast and forgets the id', async () => {
    sessionStorage.setItem('pendingPaymentMethodId', newCard);
    renderPage({ statuses: ['canceled'] });
    expect(await screen.findByText('Карта не добавлена: оплата отменена')).toBeInTheDocument();
    expect(sessionStorage.getItem('pendingPaymentMethodId')).toBeNull();
    expect(screen.queryByText('Проверяем новую карту…')).not.toBeInTheDocument();
  });
});
