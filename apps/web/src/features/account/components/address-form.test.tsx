import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { AddressForm } from './address-form';

function setup() {
  const onSubmit = vi.fn(async (_body: unknown, _event?: unknown) => {});
  renderWithProviders(<AddressForm onSubmit={onSubmit} onCancel={vi.fn()} />);
  return { onSubmit, user: userEvent.setup() };
}

describe('AddressForm', () => {
  it('ACC-39: has title, address, entrance, floor, apartment, intercom and courier note', () => {
    setup();
    for (const label of [/^Название/, /^Адрес\*?$/, 'Подъезд', 'Этаж', 'Квартира', 'Домофон', 'Комментарий для курьера']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
  });

  it('ACC-40: title and address are required, the rest optional', async () => {
    const { user, onSubmit } = setup();
    await user.click(screen.getByRole('button', { name: 'Сохранить адрес' }));
    expect(await screen.findAllByText('Обязательное поле')).toHaveLength(2);
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/^Название/), 'Дом');
    await user.type(screen.getByLabelText(/^Адрес\*?$/), 'ул. Советская, 1');
    await user.click(screen.getByRole('button', { name: 'Сохранить адрес' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]).toEqual([
      {
        label: 'Дом',
        address: 'ул. Советская, 1',
        entrance: null,
        floor: null,
        apartment: null,
        intercom: null,
        comment: null,
        is_primary: false,
      },
      expect.anything(),
    ]);
  });

  it.each(['0', '-2', '1.5', 'abc'])('ACC-41: entrance "%s" is not a whole number greater than 0', async (value) => {
    const { user, onSubmit } = setup();
    await user.type(screen.getByLabelText(/^Название/), 'Дом');
    await user.type(screen.getByLabelText(/^Адрес\*?$/), 'ул. Советская, 1');
    await user.type(screen.getByLabelText('Подъезд'), value);
    await user.click(screen.getByRole('button', { name: 'Сохранить адрес' }));
    expect(await screen.findByText('Целое число больше 0')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('ACC-41: whole numbers are sent as numbers', async () => {
    const { user, onSubmit } = setup();
    await user.type(screen.getByLabelText(/^Название/), 'Дом');
    await user.type(screen.getByLabelText(/^Адрес\*?$/), 'ул. Советская, 1');
    await user.type(screen.getByLabelText('Подъезд'), '2');
    await user.type(screen.getByLabelText('Этаж'), '5');
    await user.type(screen.getByLabelText('Квартира'), ' 15 ');
    await user.click(screen.getByRole('button', { name: 'Сохранить адрес' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ entrance: 2, floor: 5, apartment: 15 });
  });
});
