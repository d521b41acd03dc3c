import { screen, within } from '@testing-library/react';
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
});
