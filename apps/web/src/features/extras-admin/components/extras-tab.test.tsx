import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminExtra } from '@hotel/domain';
import { testAdminRoom } from '../../../test/hotel-fixtures';
import { fakeApi, renderWithProviders } from '../../../test/render';
import { ExtrasTab } from './extras-tab';

afterEach(() => {
  vi.unstubAllGlobals();
});

const breakfast: AdminExtra = {
  id: 11,
  name: { ru: 'Завтрак', en: 'Breakfast' },
  description: { ru: 'С 7:30', en: 'From 7:30' },
  price: 25_00,
  counts: 'per_guest_night',
  image: null,
  active: true,
  sort_order: 0,
  room_ids: null,
};
const parking: AdminExtra = { ...breakfast, id: 12, name: { ru: 'Парковка', en: '' }, description: { ru: '', en: '' }, price: 10_00, counts: 'per_night', active: false, room_ids: [3] };
const rooms = [testAdminRoom(), testAdminRoom({ id: 4, slug: 'garden', name: { ru: 'Садовый', en: 'Garden' } })];

describe('ExtrasTab (decision 044)', () => {
  it('lists the extras with their price and how they count, the inactive one marked', async () => {
    fakeApi({
      'GET admin/extras/': () => ({ status: 200, body: [breakfast, parking] }),
      'GET admin/rooms/': () => ({ status: 200, body: rooms }),
    });
    renderWithProviders(<ExtrasTab />);
    const cards = await screen.findAllByTestId('admin-extra-card');
    expect(cards[0]).toHaveTextContent('Во всех номерах');
    expect(cards[0]).toHaveTextContent('25 BYN за гостя в ночь');
    expect(cards[1]).toHaveTextContent('Не предлагается');
    expect(cards[1]).toHaveTextContent('10 BYN за ночь');
    await waitFor(() => expect(cards[1]).toHaveTextContent('1 из 2 номеров'));
  });

  it('creates an extra offered in the rooms ticked, price in kopecks; a price of 0 is refused before sending', async () => {
    const api = fakeApi({
      'GET admin/extras/': () => ({ status: 200, body: [] }),
      'GET admin/rooms/': () => ({ status: 200, body: rooms }),
      'POST admin/extras/': (call) => ({ status: 201, body: { ...breakfast, ...(call.body as object), id: 20 } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ExtrasTab />);
    expect(await screen.findByText('Услуг пока нет')).toBeInTheDocument();
    await user.click(screen.getByTestId('add-extra'));
    const form = await screen.findByTestId('extra-form');
    const [names] = within(form).getAllByRole('group');
    await user.type(within(names!).getByLabelText(/По-русски/), 'Трансфер');
    await user.type(within(names!).getByLabelText(/In English/), 'Transfer');
    await user.type(within(form).getByLabelText(/Цена, BYN/), '0');
    await user.selectOptions(within(form).getByLabelText(/Как считается/), 'per_trip');
    await user.click(within(form).getByTestId('extra-every-room'));
    await user.click(within(form).getByRole('checkbox', { name: 'Садовый' }));
    await user.click(within(form).getByRole('button', { name: 'Создать' }));
    expect(await within(form).findByText('Цена должна быть больше 0')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.clear(within(form).getByLabelText(/Цена, BYN/));
    await user.type(within(form).getByLabelText(/Цена, BYN/), '60,50');
    await user.click(within(form).getByRole('button', { name: 'Создать' }));
    await waitFor(() => expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(api.calls.find((call) => call.method === 'POST')!.body).toEqual({
      name: { ru: 'Трансфер', en: 'Transfer' },
      price: 60_50,
      counts: 'per_trip',
      sort_order: 0,
      active: true,
      room_ids: [4],
    });
  });

  it('deactivates an extra: only `active` is sent', async () => {
    const api = fakeApi({
      'GET admin/extras/': () => ({ status: 200, body: [breakfast] }),
      'GET admin/rooms/': () => ({ status: 200, body: rooms }),
      'PUT admin/extras/11/': () => ({ status: 200, body: { ...breakfast, active: false } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ExtrasTab />);
    await user.click(await screen.findByTestId('admin-extra-card'));
    const form = await screen.findByTestId('extra-form');
    await user.click(within(form).getByTestId('extra-active'));
    await user.click(within(form).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(api.calls.find((call) => call.method === 'PUT')!.body).toEqual({ active: false });
  });
});
