import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n';
import { testRoom } from '../../../test/hotel-fixtures';
import { fakeApi, renderWithProviders } from '../../../test/render';
import { RoomList } from './room-list';

afterEach(() => {
  vi.unstubAllGlobals();
});

const rooms = [testRoom({ id: 1, price: 25_000 }), testRoom({ id: 2, name: { ru: 'Люкс с камином', en: 'Fireplace suite' }, price: 125_050 })];

describe('RoomList', () => {
  it('CON-07: room cards show their price with the translated currency label', async () => {
    fakeApi({ 'GET hotel/rooms/': () => ({ status: 200, body: rooms }) });
    const view = renderWithProviders(<RoomList />);
    const cards = await screen.findAllByTestId('room-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText(/^250 BYN$/)).toBeInTheDocument();
    expect(cards[0]).toHaveTextContent('250 BYN за ночь');
    expect(cards[1]).toHaveTextContent('1 250,50 BYN за ночь');
    view.unmount();

    await i18n.changeLanguage('en');
    try {
      await i18n.loadNamespaces(['common', 'hotel']);
      renderWithProviders(<RoomList />);
      const english = await screen.findAllByTestId('room-card');
      expect(english[0]).toHaveTextContent('250 BYN per night');
      expect(english[1]).toHaveTextContent('1,250.50 BYN per night');
    } finally {
      await i18n.changeLanguage('ru');
    }
  });

  it('a failed room list tells the guest to refresh later, without the raw status', async () => {
    fakeApi({ 'GET hotel/rooms/': () => ({ status: 502 }) });
    renderWithProviders(<RoomList />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Не удалось загрузить номера. Обновите страницу чуть позже.');
    expect(alert).not.toHaveTextContent('502');
    expect(screen.queryByTestId('room-card')).not.toBeInTheDocument();
  });
});
