import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { Guest, PaymentMethod } from '@hotel/domain';
import { useBookingDraft } from '../../features/hotel/lib/booking-draft';
import { useSession } from '../../shared/session/session-store';
import { toast } from '../../shared/ui';
import { savedGuests, testFilter, testRoom, testVariant } from '../../test/hotel-fixtures';
import { fakeApi, renderWithProviders, testUser } from '../../test/render';
import { Component as GuestsPage } from './guests';
import { Component as PaymentPage } from './payment';

beforeEach(() => {
  sessionStorage.clear();
  useBookingDraft.getState().clear();
  useSession.setState({ status: 'authenticated', user: testUser });
});

afterEach(() => {
  toast.clear();
  vi.unstubAllGlobals();
});

const guaranteeCard: PaymentMethod = {
  id: 1,
  payment_method_id: '0b8f7c1e-6f3e-4d55-9f7a-2b8f0e1c4a10',
  card_last4: '4242',
  brand: 'visa',
  exp_month: 12,
  exp_year: 2030,
  primary: true,
  status: 'succeeded',
  created_at: '2026-01-01T00:00:00Z',
};

/** /hotel/guests for a room of 2 main places and 1 extra place, searched for `guests` people. */
function renderGuests({ guests, saved = [] }: { guests: number; saved?: Guest[] }) {
  const api = fakeApi({
    'GET account/guests/': () => ({ status: 200, body: saved }),
    // A room without extras: "Continue" waits for the answer (extras.test.tsx).
    'GET hotel/rooms/3/extras/': () => ({ status: 200, body: [] }),
    'POST hotel/reservations/': () => ({ status: 201, body: { id: 501 } }),
    'GET account/payments/methods/': () => ({ status: 200, body: [guaranteeCard] }),
    // Another number of guests is priced by the server (extra places; issue 23).
    'GET hotel/reservations/variants/': (call) => {
      const count = Number(new URLSearchParams(call.path.split('?')[1]).get('guest_count'));
      const room = testRoom({ primary_capacity: 2, extra_capacity: 1 });
      const perNight = count > 2 ? room.extra_price! : room.price;
      return { status: 200, body: [testVariant(room, { guest_count: count, extra_places: Math.max(0, count - 2), price_per_night: perNight, total: perNight * 2 })] };
    },
  });
  useBookingDraft.getState().selectVariant(testFilter(guests), testVariant(testRoom({ primary_capacity: 2, extra_capacity: 1 }), { guest_count: guests }));
  renderWithProviders(
    <Routes>
      <Route path="/hotel/guests" element={<GuestsPage />} />
      <Route path="/hotel/payment" element={<PaymentPage />} />
      <Route path="/account/reservations" element={<p>reservations page</p>} />
    </Routes>,
    { route: '/hotel/guests' },
  );
  return { api, user: userEvent.setup() };
}

const count = () => screen.getByTestId('guest-count');
const slots = () => screen.queryAllByTestId('guest-slot');
const addButton = () => screen.getByRole('button', { name: 'Добавить гостя' });
const removeButton = () => screen.getByRole('button', { name: 'Убрать гостя' });
const field = (slot: HTMLElement, label: RegExp) => within(slot).getByLabelText(label);

describe('/hotel/guests', () => {
  it('HOT-20: the user picks previously saved guests, who then stay on the booking', async () => {
    const { api, user } = renderGuests({ guests: 3, saved: savedGuests });
    const [first, second] = await waitFor(() => {
      const found = slots();
      expect(within(found[0]!).getByLabelText('Выбрать из сохранённых')).toBeInTheDocument();
      return found as [HTMLElement, HTMLElement];
    });
    const firstPick = within(first).getByLabelText('Выбрать из сохранённых');
    expect(within(firstPick).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Новый гость',
      'Мария Игоревна Ковалёва',
      'Олег Новик',
    ]);

    await user.selectOptions(firstPick, 'Мария Игоревна Ковалёва');
    expect(firstPick).toHaveDisplayValue('Мария Игоревна Ковалёва');
    // A picked guest needs no typing, and cannot be picked twice.
    expect(within(first).queryByLabelText(/^Фамилия/)).not.toBeInTheDocument();
    const secondPick = within(second).getByLabelText('Выбрать из сохранённых');
    expect(within(secondPick).getAllByRole('option').map((o) => o.textContent)).toEqual(['Новый гость', 'Олег Новик']);
    await user.selectOptions(secondPick, 'Олег Новик');

    await user.click(await screen.findByRole('button', { name: 'Продолжить' }));
    const people = await screen.findByTestId('payment-guests');
    expect(within(people).getByText('Мария Игоревна Ковалёва')).toBeInTheDocument();
    expect(within(people).getByText('Олег Новик')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Забронировать' }));
    await screen.findByText('reservations page');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ guests: [41, 42], payment_method_id: guaranteeCard.payment_method_id });
  });

  it('HOT-21 (issue 26): "Continue" with a name missing focuses the first field in error; Enter in a field goes on like the button', async () => {
    const { user } = renderGuests({ guests: 2 });
    // jsdom lays nothing out and has no scrollIntoView: the test only sees that it was asked.
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    onTestFinished(() => {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    });
    // The guest is the first of the two; the companion's names are asked for.
    const [companion] = (await waitFor(() => {
      const found = slots();
      expect(found).toHaveLength(1);
      return found;
    })) as [HTMLElement];
    await user.click(await screen.findByRole('button', { name: 'Продолжить' }));
    expect(field(companion, /^Фамилия/)).toHaveFocus();
    expect(field(companion, /^Фамилия/)).toHaveAttribute('aria-invalid', 'true');
    expect(scrolled).toHaveBeenCalled();

    await user.type(field(companion, /^Фамилия/), 'Ковалёв');
    await user.type(field(companion, /^Имя/), 'Иван{Enter}');
    expect(await screen.findByTestId('payment-guests')).toHaveTextContent('Иван Ковалёв');
  });

  it('HOT-23: changing the number of guests resizes the list, keeping the entries and padding with empty ones', async () => {
    const { user } = renderGuests({ guests: 1 });
    expect(count()).toHaveTextContent('1');
    expect(slots()).toHaveLength(0);

    await user.click(addButton());
    await user.click(addButton());
    expect(count()).toHaveTextContent('3');
    expect(slots()).toHaveLength(2);
    const [first, second] = slots() as [HTMLElement, HTMLElement];
    await user.type(field(first, /^Фамилия/), 'Петров');
    await user.type(field(first, /^Имя/), 'Иван');
    await user.type(field(second, /^Фамилия/), 'Сидорова');

    await user.click(removeButton());
    expect(count()).toHaveTextContent('2');
    expect(slots()).toHaveLength(1);
    expect(field(slots()[0]!, /^Фамилия/)).toHaveValue('Петров');
    expect(field(slots()[0]!, /^Имя/)).toHaveValue('Иван');

    await user.click(addButton());
    expect(slots()).toHaveLength(2);
    expect(field(slots()[0]!, /^Фамилия/)).toHaveValue('Петров');
    expect(field(slots()[1]!, /^Фамилия/)).toHaveValue('');
    expect(field(slots()[1]!, /^Имя/)).toHaveValue('');
  });

  it('HOT-24: at the room\'s maximum capacity adding another guest is blocked', async () => {
    const { user } = renderGuests({ guests: 2 });
    expect(addButton()).toBeEnabled();
    expect(screen.queryByText('Больше гостей этот номер не вместит.')).not.toBeInTheDocument();

    await user.click(addButton());
    expect(count()).toHaveTextContent('3');
    expect(addButton()).toBeDisabled();
    expect(screen.getByText('Больше гостей этот номер не вместит.')).toBeInTheDocument();
    await user.click(addButton());
    expect(count()).toHaveTextContent('3');
    expect(slots()).toHaveLength(2);

    await user.click(removeButton());
    expect(addButton()).toBeEnabled();
  });

  it('HOT-24: a search for more guests than the room holds starts at its capacity', () => {
    renderGuests({ guests: 5 });
    expect(count()).toHaveTextContent('3');
    expect(addButton()).toBeDisabled();
  });

  it('HOT-25: guests beyond the room\'s primary capacity bring up the extra-place warning', async () => {
    const { user } = renderGuests({ guests: 2 });
    const warning = 'Гостей больше, чем основных мест (2): понадобится 1 доп. место, действует цена с доп. местом.';
    expect(screen.queryByText(warning)).not.toBeInTheDocument();
    expect(screen.getByTestId('summary-price-per-night')).toHaveTextContent('250 BYN');

    await user.click(addButton());
    expect(screen.getByText(warning)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('summary-price-per-night')).toHaveTextContent('320 BYN'));

    await user.click(removeButton());
    expect(screen.queryByText(warning)).not.toBeInTheDocument();
  });
});
