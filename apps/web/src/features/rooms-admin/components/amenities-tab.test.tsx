import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminConvenience } from '@hotel/domain';
import { fakeApi, renderWithProviders } from '../../../test/render';
import { AmenitiesTab } from './amenities-tab';

afterEach(() => {
  vi.unstubAllGlobals();
});

const conveniences: AdminConvenience[] = [
  { id: 12, description: { ru: 'Кондиционер', en: 'Air conditioning' }, image: 'http://localhost/uploads/amenity-air.webp', room_count: 3 },
  { id: 15, description: { ru: 'Сейф', en: '' }, image: null, room_count: 0 },
];

describe('AmenitiesTab (ADM-20, ADM-21, ADM-22, ADM-23, ADM-24, ADM-25)', () => {
  it('ADM-20: an amenity card shows its image, its description and its id', async () => {
    fakeApi({ 'GET admin/conveniences/': () => ({ status: 200, body: conveniences }) });
    const { container } = renderWithProviders(<AmenitiesTab />);
    const [air, safe] = await screen.findAllByTestId('admin-amenity-card');

    // The picture is decoration beside the description it illustrates.
    const image = air!.querySelector('img');
    expect(image).toHaveAttribute('src', 'http://localhost/uploads/amenity-air.webp');
    expect(within(air!).getByText('Кондиционер')).toBeInTheDocument();
    expect(within(air!).getByText('id 12')).toBeInTheDocument();

    expect(safe!.querySelector('img')).toBeNull();
    expect(within(safe!).getByText('Сейф')).toBeInTheDocument();
    expect(within(safe!).getByText('id 15')).toBeInTheDocument();
    expect(container.querySelectorAll('img')).toHaveLength(1);
  });

  it('deleting an amenity says how many rooms have it and asks in the page’s own dialog; Back deletes nothing', async () => {
    let listed = conveniences;
    const { calls } = fakeApi({
      'GET admin/conveniences/': () => ({ status: 200, body: listed }),
      'DELETE admin/conveniences/12/': () => {
        listed = [conveniences[1]!];
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<AmenitiesTab />);
    await user.click((await screen.findAllByTestId('admin-amenity-card'))[0]!);
    const form = await screen.findByTestId('amenity-form');

    await user.click(within(form).getByTestId('delete-amenity'));
    let dialog = await screen.findByRole('dialog', { name: 'Удаление удобства' });
    expect(dialog).toHaveAccessibleDescription('Удобство есть в 3 номерах, оно будет убрано и оттуда. Удалить?');
    await user.click(within(dialog).getByRole('button', { name: 'Назад' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Удаление удобства' })).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Удобство' })).toBeInTheDocument();

    await user.click(within(form).getByTestId('delete-amenity'));
    dialog = await screen.findByRole('dialog', { name: 'Удаление удобства' });
    await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['admin/conveniences/12/']);
    await waitFor(() => expect(screen.getAllByTestId('admin-amenity-card')).toHaveLength(1));
  });
});
