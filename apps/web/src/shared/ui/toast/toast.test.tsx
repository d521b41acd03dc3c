import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TOAST_DURATION_MS } from '@hotel/domain';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { Toaster } from './toaster';
import { toast, TOAST_LIMIT } from './toast-store';

const region = () => screen.getByRole('region', { name: i18n.t('common:toast.region') });

// A toast's own code comes with the first toast (toaster.tsx): once here, every later toast renders
// at once, which the tests below count on, fake clocks included.
beforeAll(async () => {
  render(<Toaster />);
  act(() => {
    toast.info('…');
  });
  expect(await screen.findByRole('status')).toHaveTextContent('…');
  act(() => toast.clear());
  cleanup();
});

afterEach(() => {
  act(() => toast.clear());
  vi.useRealTimers();
});

describe('Toaster', () => {
  it('CHR-18: renders a polite live region fixed at the top right', () => {
    render(<Toaster />);
    const live = region();
    expect(live).toHaveClass('region', 'topRight');
    expect(live).toHaveAttribute('aria-live', 'polite');
    expect(live).toHaveAttribute('data-position', 'top-right');
    expect(within(live).queryAllByRole('status')).toHaveLength(0);
  });

  it('CHR-18: success and info toasts are role="status", errors role="alert"', () => {
    render(<Toaster />);
    act(() => {
      toast.success('Бронирование подтверждено');
      toast.info('Заезд с 14:00');
      toast.error('Оплата не прошла');
    });
    const live = region();
    const statuses = within(live).getAllByRole('status');
    expect(statuses.map((node) => node.textContent)).toEqual(['Бронирование подтверждено', 'Заезд с 14:00']);
    expect(statuses[0]).toHaveClass('toast', 'success');
    expect(statuses[1]).toHaveClass('toast', 'info');
    const alert = within(live).getByRole('alert');
    expect(alert).toHaveTextContent('Оплата не прошла');
    expect(alert).toHaveClass('toast', 'error');
  });

  it('CHR-19: a toast disappears after 2 s', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast.success('Сохранено');
    });
    expect(screen.getByRole('status')).toHaveTextContent('Сохранено');

    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.getByText('Сохранено')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Сохранено')).not.toBeInTheDocument();
    expect(within(region()).queryAllByRole('status')).toHaveLength(0);
  });

  it('CHR-19: plays an exit animation before leaving', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast.info('Скоро исчезну');
    });
    expect(screen.getByRole('status')).toHaveAttribute('data-state', 'open');
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 100));
    expect(screen.getByRole('status')).toHaveAttribute('data-state', 'closing');
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('CHR-19: the timer pauses while the pointer is over the toast', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast.success('Читаю');
    });
    const item = screen.getByRole('status');
    act(() => vi.advanceTimersByTime(1000));
    // What a browser fires when the pointer comes over an element: over (bubbles), then enter.
    act(() => {
      item.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
      item.dispatchEvent(new PointerEvent('pointerenter'));
    });
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS * 3));
    expect(screen.getByRole('status')).toHaveAttribute('data-state', 'open');
    act(() => {
      item.dispatchEvent(new PointerEvent('pointerout', { bubbles: true }));
      item.dispatchEvent(new PointerEvent('pointerleave'));
    });
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1000));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('can be dismissed with its close button', async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    act(() => {
      toast.error('Нет связи с сервером', { duration: 60_000 });
    });
    const alert = screen.getByRole('alert');
    await user.click(within(alert).getByRole('button', { name: i18n.t('common:toast.close') }));
    expect(alert).toHaveAttribute('data-state', 'closing');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it(`keeps at most ${TOAST_LIMIT} toasts, dropping the oldest`, () => {
    render(<Toaster />);
    act(() => {
      for (let i = 1; i <= TOAST_LIMIT + 2; i++) toast.info(`Сообщение ${i}`);
    });
    const texts = screen.getAllByRole('status').map((node) => node.textContent);
    expect(texts).toHaveLength(TOAST_LIMIT);
    expect(texts[0]).toBe('Сообщение 3');
    expect(texts.at(-1)).toBe(`Сообщение ${TOAST_LIMIT + 2}`);
  });

  it('returns an id that toast.dismiss accepts', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    let id = 0;
    act(() => {
      id = toast.success('Готово', { duration: 60_000 });
    });
    act(() => toast.dismiss(id));
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
