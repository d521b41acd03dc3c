import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Address } from '@hotel/domain';
import { useSession } from '../../shared/session/session-store';
import { toast } from '../../shared/ui';
import { fakeApi, renderWithProviders, testUser, type FakeCall } from '../../test/render';
import { Component as AddressesPage } from './addresses';

const home: Address = {
  id: 1,
  label: 'Дом',
  address: 'ул. Советская, 1',
  entrance: 2,
  floor: null,
  apartment: 15,
  intercom: '15К',
  comment: null,
  is_primary: true,
};
const work: Address = { ...home, id: 2, label: 'Работа', address: 'ул. Ожешко, 22', entrance: null, apartment: null, intercom: null, is_primary: false };

beforeEach(() => useSession.setState({ status: 'authenticated', user: testUser }));
afterEach(() => {
  toast.clear();
  vi.unstubAllGlobals();
  useSession.setState({ status: 'loading', user: null });
});

/** The page over a stand-in server that keeps the addresses it is sent, as account/addresses/ does. */
function renderPage(saved: Address[]) {
  let list = saved;
  const body = (call: FakeCall) => call.body as Omit<Address, 'id'>;
  const api = fakeApi({
    'GET account/addresses/': () => ({ status: 200, body: list }),
    'POST account/addresses/': (call) => {
      const created = { ...body(call), id: 3, is_primary: list.length === 0 || body(call).is_primary };
      list = [...list, created];
      return { status: 201, body: created };
    },
    ...Object.fromEntries(
      saved.flatMap((address) => [
        [
          `PUT account/addresses/${address.id}/`,
          (call: FakeCall) => {
            const changed = { ...body(call), id: address.id };
            list = list.map((a) => (a.id === address.id ? changed : a));
            return { status: 200, body: changed };
          },
        ],
        [
          `DELETE account/addresses/${address.id}/`,
          () => {
            list = list.filter((a) => a.id !== address.id);
            return { status: 204 };
          },
        ],
      ]),
    ),
  });
  renderWithProviders(<AddressesPage />, { route: '/account/addresses' });
  return { api, user: userEvent.setup() };
}

const calls = (api: { calls: FakeCall[] }, key: string) => api.calls.filter((c) => `${c.method} ${c.path}` === key);

describe('/account/addresses', () => {
  it('ACC-36: a new address is created from the form and shown in the list', async () => {
    const { api, user } = renderPage([]);
    await user.click(within(await screen.findByTestId('addresses-empty')).getByRole('button', { name: /Добавить адрес/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Новый адрес' });
    await user.type(within(dialog).getByLabelText(/^Название/), 'Дача');
    await user.type(within(dialog).getByLabelText(/^Адрес\*?$/), 'д. Путришки, 5');
    await user.type(within(dialog).getByLabelText('Подъезд'), '1');
    await user.type(within(dialog).getByLabelText('Комментарий для курьера'), 'Позвонить у ворот');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить адрес' }));

    expect(await screen.findByText('Адрес добавлен')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Новый адрес' })).not.toBeInTheDocument());
    expect(calls(api, 'POST account/addresses/').map((c) => c.body)).toEqual([
      { label: 'Дача', address: 'д. Путришки, 5', entrance: 1, floor: null, apartment: null, intercom: null, comment: 'Позвонить у ворот', is_primary: false },
    ]);
    const cards = await screen.findAllByTestId('address-card');
    expect(cards).toHaveLength(1);
    expect(cards[0]).toHaveTextContent('Дача');
    expect(cards[0]).toHaveTextContent('д. Путришки, 5');
    expect(cards[0]).toHaveTextContent('подъезд 1');
    expect(cards[0]).toHaveTextContent('Позвонить у ворот');
    expect(screen.queryByTestId('addresses-empty')).not.toBeInTheDocument();
  });

  it('the address dialog closes on Escape and on a click outside, as the same form in the cart does (issue 26)', async () => {
    const { api, user } = renderPage([]);
    const open = async () => {
      await user.click(within(await screen.findByTestId('addresses-empty')).getByRole('button', { name: /Добавить адрес/ }));
      return screen.findByRole('dialog', { name: 'Новый адрес' });
    };
    await open();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Новый адрес' })).not.toBeInTheDocument());

    await open();
    // A pointer down outside the panel, on the dimmed page around it.
    await user.click(screen.getByTestId('modal-overlay'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Новый адрес' })).not.toBeInTheDocument());
    expect(calls(api, 'POST account/addresses/')).toEqual([]);
  });

  it('ACC-37: an address is edited in its form, which opens with the saved values, and the list shows the change', async () => {
    const { api, user } = renderPage([home, work]);
    await user.click(await screen.findByRole('button', { name: 'Изменить: Работа' }));
    const dialog = await screen.findByRole('dialog', { name: 'Изменить адрес' });
    expect(within(dialog).getByLabelText(/^Название/)).toHaveValue('Работа');
    const street = within(dialog).getByLabelText(/^Адрес\*?$/);
    expect(street).toHaveValue('ул. Ожешко, 22');
    await user.clear(street);
    await user.type(street, 'ул. Ожешко, 24');
    await user.type(within(dialog).getByLabelText('Этаж'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить адрес' }));

    expect(await screen.findByText('Адрес сохранён')).toBeInTheDocument();
    expect(calls(api, 'PUT account/addresses/2/').map((c) => c.body)).toEqual([
      { label: 'Работа', address: 'ул. Ожешко, 24', entrance: null, floor: 3, apartment: null, intercom: null, comment: null, is_primary: false },
    ]);
    expect(calls(api, 'POST account/addresses/')).toHaveLength(0);
    const changed = (await screen.findAllByTestId('address-card')).find((card) => within(card).queryByText('Работа'));
    await waitFor(() => expect(changed).toHaveTextContent('ул. Ожешко, 24'));
    expect(changed).toHaveTextContent('этаж 3');
    expect(screen.queryByText('ул. Ожешко, 22')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('address-card')).toHaveLength(2);
  });

  it('ACC-38: an address is deleted once the deletion is confirmed, and leaves the list', async () => {
    const { api, user } = renderPage([home, work]);
    await user.click(await screen.findByRole('button', { name: 'Удалить: Работа' }));
    let confirm = await screen.findByRole('dialog', { name: 'Удалить адрес?' });
    await user.click(within(confirm).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Удалить адрес?' })).not.toBeInTheDocument());
    expect(calls(api, 'DELETE account/addresses/2/')).toHaveLength(0);
    expect(screen.getAllByTestId('address-card')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Удалить: Работа' }));
    confirm = await screen.findByRole('dialog', { name: 'Удалить адрес?' });
    expect(confirm).toHaveTextContent('Адрес «Работа» будет удалён');
    await user.click(within(confirm).getByRole('button', { name: 'Удалить' }));

    expect(await screen.findByText('Адрес удалён')).toBeInTheDocument();
    expect(calls(api, 'DELETE account/addresses/2/')).toHaveLength(1);
    await waitFor(() => expect(screen.getAllByTestId('address-card')).toHaveLength(1));
    expect(screen.getByTestId('address-card')).toHaveTextContent('Дом');
    expect(screen.queryByText('Работа')).not.toBeInTheDocument();
  });
});
