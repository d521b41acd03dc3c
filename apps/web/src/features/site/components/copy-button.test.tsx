import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { CopyButton } from './copy-button';

let clipboard = '';
beforeEach(() => {
  clipboard = '';
  // jsdom has no clipboard; a browser's is there only in a secure context.
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: (text: string) => Promise.resolve(void (clipboard = text)) },
  });
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'clipboard');
});

async function after(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

describe('CopyButton', () => {
  it('CON-09: copying shows the "Copied" tooltip for 1 second', async () => {
    renderWithProviders(<CopyButton value="ул. Замковая, 7, 230025 Гродно" label="Скопировать адрес" />);
    const tooltip = screen.getByRole('status');
    expect(tooltip).toBeEmptyDOMElement();

    fireEvent.click(screen.getByRole('button', { name: 'Скопировать адрес' }));
    await after(0);
    expect(clipboard).toBe('ул. Замковая, 7, 230025 Гродно');
    expect(tooltip).toHaveTextContent('Скопировано');

    await after(950);
    expect(tooltip).toHaveTextContent('Скопировано');
    await after(100);
    expect(tooltip).toBeEmptyDOMElement();
  });

  it('CON-09: a second copy while the tooltip shows keeps it for 1 second from then', async () => {
    renderWithProviders(<CopyButton value="hello@house1799.by" label="Скопировать e-mail" />);
    const tooltip = screen.getByRole('status');
    fireEvent.click(screen.getByRole('button', { name: 'Скопировать e-mail' }));
    await after(600);
    fireEvent.click(screen.getByRole('button', { name: 'Скопировать e-mail' }));
    await after(0);

    await after(950);
    expect(tooltip).toHaveTextContent('Скопировано');
    await after(100);
    expect(tooltip).toBeEmptyDOMElement();
  });

  it('CON-09: without a clipboard nothing is copied and no tooltip shows', async () => {
    Reflect.deleteProperty(navigator, 'clipboard');
    renderWithProviders(<CopyButton value="ул. Замковая, 7" label="Скопировать адрес" />);
    fireEvent.click(screen.getByRole('button', { name: 'Скопировать адрес' }));
    await after(0);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
