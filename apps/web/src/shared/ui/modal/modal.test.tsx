import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MODAL_CLOSE_MS } from '@hotel/domain';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { Modal, type ModalProps, type ModalSize } from './modal';

const closeLabel = () => i18n.t('common:modal.close');

type HarnessProps = Partial<Omit<ModalProps, 'open' | 'onOpenChange'>> & {
  initiallyOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
};

function Harness({ initiallyOpen = false, onOpenChange, title = 'Бронирование', ...props }: HarnessProps) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Открыть
      </button>
      <Modal
        title={title}
        {...props}
        open={open}
        onOpenChange={(next) => {
          onOpenChange?.(next);
          setOpen(next);
        }}
      >
        {props.children ?? <input aria-label="Имя гостя" />}
      </Modal>
    </>
  );
}

const dialog = () => screen.getByRole('dialog');
const overlay = () => screen.getByTestId('modal-overlay');

/** Radix starts listening for outside clicks on the next tick after opening. */
const nextTick = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

afterEach(() => {
  vi.useRealTimers();
});

describe('Modal', () => {
  it('is an accessible dialog named by its visible title, with a description, footer and close button', async () => {
    render(
      <Harness initiallyOpen description="Проверьте даты" footer={<button type="button">Подтвердить</button>} />,
    );
    const modal = dialog();
    expect(modal).toHaveAccessibleName('Бронирование');
    expect(modal).toHaveAccessibleDescription('Проверьте даты');
    expect(within(modal).getByRole('heading', { level: 2, name: 'Бронирование' })).toBeVisible();
    expect(within(modal).getByRole('button', { name: 'Подтвердить' })).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: closeLabel() })).toBeInTheDocument();
    expect(modal).toHaveAttribute('data-state', 'open');
    await nextTick();
    // Focus moves into the dialog (first field).
    expect(within(modal).getByRole('textbox', { name: 'Имя гостя' })).toHaveFocus();
  });

  it('renders nothing while closed and opens on demand', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Открыть' }));
    expect(dialog()).toHaveAttribute('data-state', 'open');
  });

  it('CHR-32: each size renders its own class', () => {
    const sizes: ModalSize[] = ['small', 'medium', 'large', 'gallery', 'scale_large', 'full'];
    const seen = new Set<string>();
    for (const size of sizes) {
      const { unmount } = render(<Modal open onOpenChange={() => {}} title={size} size={size} />);
      const modal = dialog();
      expect(modal).toHaveClass('panel', size);
      for (const other of sizes.filter((s) => s !== size)) expect(modal).not.toHaveClass(other);
      expect(modal).toHaveAttribute('data-size', size);
      seen.add(modal.className);
      unmount();
    }
    expect(seen.size).toBe(sizes.length);
    render(<Modal open onOpenChange={() => {}} title="По умолчанию" />);
    expect(dialog()).toHaveClass('medium');
  });

  it('CHR-20: locks page scroll while open and releases it once closed', async () => {
    vi.useFakeTimers();
    render(<Harness initiallyOpen />);
    expect(document.body).toHaveAttribute('data-scroll-locked');

    fireEvent.click(screen.getByRole('button', { name: closeLabel() }));
    // Still locked during the closing animation…
    expect(document.body).toHaveAttribute('data-scroll-locked');
    act(() => vi.advanceTimersByTime(MODAL_CLOSE_MS));
    // …and released once unmounted.
    expect(document.body).not.toHaveAttribute('data-scroll-locked');
  });

  it('CHR-21: a click outside closes a regular modal', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(<Harness initiallyOpen onOpenChange={onOpenChange} />);
    await nextTick();
    await user.click(overlay());
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(dialog()).toHaveAttribute('data-state', 'closing');
  });

  it('CHR-21: a click outside does not close a safe modal; its close button does', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(<Harness initiallyOpen safe onOpenChange={onOpenChange} />);
    await nextTick();
    await user.click(overlay());
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(dialog()).toHaveAttribute('data-state', 'open');

    await user.click(screen.getByRole('button', { name: closeLabel() }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(dialog()).toHaveAttribute('data-state', 'closing');
  });

  it('CHR-21: a click inside the dialog does not close it', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(<Harness initiallyOpen onOpenChange={onOpenChange} />);
    await nextTick();
    await user.click(screen.getByRole('heading', { name: 'Бронирование' }));
    await user.click(screen.getByRole('textbox', { name: 'Имя гостя' }));
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('Escape closes a regular modal, but not a safe one (unless closeOnEscape)', async () => {
    const user = userEvent.setup();
    const regular = vi.fn();
    const { unmount } = render(<Harness initiallyOpen onOpenChange={regular} />);
    await nextTick();
    await user.keyboard('{Escape}');
    expect(regular).toHaveBeenCalledWith(false);
    unmount();

    const safe = vi.fn();
    const second = render(<Harness initiallyOpen safe onOpenChange={safe} />);
    await nextTick();
    await user.keyboard('{Escape}');
    expect(safe).not.toHaveBeenCalled();
    second.unmount();

    const safeEscapable = vi.fn();
    render(<Harness initiallyOpen safe closeOnEscape onOpenChange={safeEscapable} />);
    await nextTick();
    await user.keyboard('{Escape}');
    expect(safeEscapable).toHaveBeenCalledWith(false);
  });

  it('CHR-22: has a drag handle element for the mobile bottom sheet', () => {
    render(<Harness initiallyOpen />);
    const handle = screen.getByTestId('modal-handle');
    expect(dialog()).toContainElement(handle);
    expect(handle).toHaveClass('handle');
    expect(handle).toHaveAttribute('aria-hidden', 'true');
  });

  it('CHR-22: dragging the handle down closes the sheet; a short drag or a safe modal springs back', () => {
    const onOpenChange = vi.fn();
    const { unmount } = render(<Harness initiallyOpen onOpenChange={onOpenChange} />);
    const drag = (distance: number) => {
      const handle = screen.getByTestId('modal-handle');
      fireEvent.pointerDown(handle, { pointerId: 1, button: 0, clientY: 100 });
      fireEvent.pointerMove(handle, { pointerId: 1, clientY: 100 + distance });
      fireEvent.pointerUp(handle, { pointerId: 1, clientY: 100 + distance });
    };
    drag(20);
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(dialog().style.getPropertyValue('--modal-drag-y')).toBe('');
    drag(160);
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(dialog()).toHaveAttribute('data-state', 'closing');
    unmount();

    const safe = vi.fn();
    render(<Harness initiallyOpen safe onOpenChange={safe} />);
    drag(300);
    expect(safe).not.toHaveBeenCalled();
    expect(dialog()).toHaveAttribute('data-state', 'open');
  });

  it('CHR-23: on close it stays mounted with data-state="closing" for 300 ms, then unmounts', () => {
    vi.useFakeTimers();
    const onClosed = vi.fn();
    render(<Harness initiallyOpen onClosed={onClosed} />);
    expect(dialog()).toHaveAttribute('data-state', 'open');

    fireEvent.click(screen.getByRole('button', { name: closeLabel() }));
    expect(dialog()).toHaveAttribute('data-state', 'closing');
    expect(overlay()).toHaveAttribute('data-state', 'closing');

    act(() => vi.advanceTimersByTime(MODAL_CLOSE_MS - 1));
    expect(dialog()).toHaveAttribute('data-state', 'closing');
    expect(onClosed).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByTestId('modal-overlay')).not.toBeInTheDocument();
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it('CHR-23: reopening during the closing animation cancels the unmount', () => {
    vi.useFakeTimers();
    render(<Harness initiallyOpen />);
    fireEvent.click(screen.getByRole('button', { name: closeLabel() }));
    expect(dialog()).toHaveAttribute('data-state', 'closing');
    act(() => vi.advanceTimersByTime(100));
    // The page behind is aria-hidden while the dialog is mounted, so query it directly.
    fireEvent.click(screen.getByRole('button', { name: 'Открыть', hidden: true }));
    expect(dialog()).toHaveAttribute('data-state', 'open');
    act(() => vi.advanceTimersByTime(MODAL_CLOSE_MS * 2));
    expect(dialog()).toHaveAttribute('data-state', 'open');
  });

  it('returns focus to the element that opened it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Открыть' });
    await user.click(opener);
    await nextTick();
    expect(opener).not.toHaveFocus();
    await user.click(screen.getByRole('button', { name: closeLabel() }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('keeps Tab focus inside the dialog', async () => {
    const user = userEvent.setup();
    render(<Harness initiallyOpen />);
    await nextTick();
    const field = screen.getByRole('textbox', { name: 'Имя гостя' });
    expect(field).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: closeLabel() })).toHaveFocus();
    await user.tab();
    expect(field).toHaveFocus();
  });
});
