import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Image } from '@hotel/domain';
import { testAdminRoom } from '../../../test/hotel-fixtures';
import { fakeApi, renderWithProviders } from '../../../test/render';
import { RoomPhotos } from './room-photos';

afterEach(() => {
  vi.unstubAllGlobals();
});

const photo = (file: string, alt: string): Image => ({ src: `http://localhost/uploads/${file}`, widths: [320, 640], alt: { ru: alt, en: alt } });
const attic = testAdminRoom({ images: [photo('attic-window.webp', 'Мансарда, окно'), photo('attic-bath.webp', 'Мансарда, ванная')] });

describe('RoomPhotos', () => {
  it('a photo is deleted only after the page’s own dialog is confirmed; Back deletes nothing', async () => {
    const { calls } = fakeApi({ 'DELETE admin/rooms/3/images/attic-bath.webp/': () => ({ status: 200, body: { ...attic, images: attic.images.slice(0, 1) } }) });
    const user = userEvent.setup();
    renderWithProviders(<RoomPhotos room={attic} />);

    await user.click(screen.getByRole('button', { name: 'Удалить фото 2' }));
    let dialog = await screen.findByRole('dialog', { name: 'Удаление фото 2' });
    expect(dialog).toHaveAccessibleDescription('Удалить фотографию?');
    await user.click(within(dialog).getByRole('button', { name: 'Назад' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Удалить фото 2' }));
    dialog = await screen.findByRole('dialog', { name: 'Удаление фото 2' });
    await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE admin/rooms/3/images/attic-bath.webp/']);
  });

  it('a failed deletion shows the server’s message and closes the dialog', async () => {
    fakeApi({ 'DELETE admin/rooms/3/images/attic-window.webp/': () => ({ status: 404, body: { detail: 'Photo not found' } }) });
    const user = userEvent.setup();
    renderWithProviders(<RoomPhotos room={attic} />);
    await user.click(screen.getByRole('button', { name: 'Удалить фото 1' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText('Photo not found')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
