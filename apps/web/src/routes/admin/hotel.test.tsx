import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminConvenience, Room } from '@hotel/domain';
import { testRoom } from '../../test/hotel-fixtures';
import { fakeApi, renderWithProviders } from '../../test/render';
import { Component as AdminHotelPage } from './hotel';

afterEach(() => {
  vi.unstubAllGlobals();
});

const wifi: AdminConvenience = { id: 12, description: { ru: 'Wi-Fi', en: 'Wi-Fi' }, image: null, room_count: 1 };

function hotelApi({ rooms = [testRoom()], conveniences = [wifi] }: { rooms?: Room[]; conveniences?: AdminConvenience[] } = {}) {
  return fakeApi({
    'POST hotel/rooms/sync/': () => ({ status: 200, body: rooms }),
    'GET admin/rooms/': () => ({ status: 200, body: rooms }),
    'GET admin/conveniences/': () => ({ status: 200, body: conveniences }),
  });
}

describe('/admin/hotel', () => {
  it('ADM-10: has a Rooms, an Amenities, a rate calendar (issue 23) and an Extras tab (decision 044); Rooms is open first and Amenities shows the amenities', async () => {
    hotelApi();
    const user = userEvent.setup();
    renderWithProviders(<AdminHotelPage />, { route: '/admin/hotel' });
    expect(screen.getByRole('heading', { level: 1, name: 'Отель' })).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist', { name: 'Отель' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Номера', 'Удобства', 'Цены и правила', 'Услуги']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByTestId('admin-room-card')).toBeInTheDocument();
    expect(screen.queryByTestId('admin-amenities')).toBeNull();

    await user.click(tabs[1]!);
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByTestId('admin-amenity-card')).toHaveTextContent('Wi-Fi');
    expect(screen.queryByTestId('admin-rooms')).toBeNull();
  });

  it('ADM-25: with no rooms and no amenities each tab says it has none', async () => {
    hotelApi({ rooms: [], conveniences: [] });
    const user = userEvent.setup();
    renderWithProviders(<AdminHotelPage />, { route: '/admin/hotel' });
    expect(await screen.findByText('Номеров пока нет')).toBeInTheDocument();
    expect(screen.queryByTestId('admin-rooms')).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Удобства' }));
    expect(await screen.findByText('Удобств пока нет')).toBeInTheDocument();
    expect(screen.queryByTestId('admin-amenities')).toBeNull();
  });
});
