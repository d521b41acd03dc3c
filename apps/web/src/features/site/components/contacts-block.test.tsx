import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ContactsBlock } from './contacts-block';

afterEach(() => Reflect.deleteProperty(navigator, 'clipboard'));

describe('ContactsBlock', () => {
  it('CON-09: the address can be copied, and the copy is confirmed in a tooltip', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderWithProviders(<ContactsBlock />);
    const block = within(screen.getByTestId('contacts-block'));

    await act(async () => void fireEvent.click(block.getByRole('button', { name: 'Скопировать адрес' })));
    expect(writeText).toHaveBeenCalledWith('ул. Замковая, 7, 230025 Гродно, Беларусь');
    // The map's live region is a status too, empty until its map fails.
    expect(block.getAllByRole('status').map((status) => status.textContent)).toContain('Скопировано');
  });
});
