import * as Dialog from '@radix-ui/react-dialog';
import { MODAL_CLOSE_MS } from '@hotel/domain';
import clsx from 'clsx';
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { useTranslation } from '../../i18n';
import styles from './modal.module.css';

export type ModalSize = 'small' | 'medium' | 'large' | 'gallery' | 'scale_large' | 'full';

/** open: shown; closing: playing the exit animation (still mounted); closed: unmounted. */
export type ModalState = 'open' | 'closing' | 'closed';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Visible heading; also the accessible name of the dialog. */
  title: ReactNode;
  /** Optional text under the title, linked with aria-describedby. */
  description?: ReactNode;
  size?: ModalSize;
  /** A click outside (or a swipe down on mobile) does not close the dialog. */
  safe?: boolean;
  /** Whether Escape closes the dialog; by default it does unless `safe`. */
  closeOnEscape?: boolean;
  children?: ReactNode;
  /** Actions pinned under the scrolling body. */
  footer?: ReactNode;
  /** Extra class of the dialog panel. */
  className?: string;
  /** Called once the exit animation has finished and the dialog is unmounted. */
  onClosed?: () => void;
  /**
   * Where focus lands on opening: the first control (a form's first field), or the title, for a
   * dialog to read whose first control is an action far down (a cancellation) that Enter would start.
   */
  initialFocus?: 'first' | 'title';
}

/** How far (px) a bottom sheet must be dragged down to close. */
const DRAG_CLOSE_PX = 96;

export function Modal({
  open,
  onOpenChange,
  title,
  description,
  size = 'medium',
  safe = false,
  closeOnEscape = !safe,
  children,
  footer,
  className,
  onClosed,
  initialFocus = 'first',
}: ModalProps) {
  const { t } = useTranslation('common');
  const [phase, setPhase] = useState<ModalState>(open ? 'open' : 'closed');
  const [previousOpen, setPreviousOpen] = useState(open);
  if (open !== previousOpen) {
    setPreviousOpen(open);
    setPhase(open ? 'open' : phase === 'closed' ? 'closed' : 'closing');
  }

  const onClosedRef = useRef(onClosed);
  useEffect(() => {
    onClosedRef.current = onClosed;
  });

  useEffect(() => {
    if (phase !== 'closing') return;
    const timer = setTimeout(() => {
      setPhase('closed');
      onClosedRef.current?.();
    }, MODAL_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  // Radix returns focus to a Dialog.Trigger; we are controlled from outside, so remember what had focus.
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const drag = useRef<{ pointerId: number; startY: number; startTime: number; dy: number } | null>(null);

  // Reopened while closing after a swipe: put the sheet back in place.
  useEffect(() => {
    if (phase === 'open') panelRef.current?.style.removeProperty('--modal-drag-y');
  }, [phase]);

  const requestClose = () => {
    if (phase === 'open') onOpenChange(false);
  };

  const handleOpenChange = (next: boolean) => {
    if (next) onOpenChange(true);
    else requestClose();
  };

  const onHandlePointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || phase !== 'open') return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { pointerId: event.pointerId, startY: event.clientY, startTime: event.timeStamp, dy: 0 };
    panelRef.current?.setAttribute('data-dragging', '');
  };

  const onHandlePointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const state = drag.current;
    if (!state || state.pointerId !== event.pointerId) return;
    const raw = event.clientY - state.startY;
    // Downwards follows the finger (with resistance when the dialog is safe); upwards barely moves.
    state.dy = raw > 0 ? (safe ? raw * 0.25 : raw) : raw * 0.1;
    panelRef.current?.style.setProperty('--modal-drag-y', `${state.dy}px`);
  };

  const onHandlePointerEnd = (event: ReactPointerEvent<HTMLDivElement>) => {
    const state = drag.current;
    if (!state || state.pointerId !== event.pointerId) return;
    drag.current = null;
    const panel = panelRef.current;
    panel?.removeAttribute('data-dragging');
    const velocity = state.dy / Math.max(1, event.timeStamp - state.startTime);
    const dismiss = !safe && event.type === 'pointerup' && (state.dy > DRAG_CLOSE_PX || (state.dy > 24 && velocity > 0.6));
    if (dismiss) {
      // The exit animation starts from where the finger left the sheet.
      requestClose();
    } else {
      panel?.style.removeProperty('--modal-drag-y');
    }
  };

  if (phase === 'closed') return null;

  return (
    <Dialog.Root open={open} onOpenChange={handleOpenChange}>
      <Dialog.Portal forceMount>
        <Dialog.Overlay
          forceMount
          className={styles.overlay}
          data-state={phase}
          data-size={size}
          data-testid="modal-overlay"
          style={{ pointerEvents: phase === 'open' ? 'auto' : 'none' }}
        >
          <Dialog.Content
            forceMount
            ref={panelRef}
            className={clsx(styles.panel, styles[size], className)}
            data-state={phase}
            data-size={size}
            onOpenAutoFocus={(event) => {
              const active = document.activeElement;
              returnFocusRef.current = active instanceof HTMLElement && active !== document.body ? active : null;
              if (initialFocus === 'title' && titleRef.current) {
                event.preventDefault();
                titleRef.current.focus({ preventScroll: true });
              }
            }}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              const target = returnFocusRef.current;
              returnFocusRef.current = null;
              if (target?.isConnected) target.focus({ preventScroll: true });
            }}
            onEscapeKeyDown={(event) => {
              if (!closeOnEscape || phase !== 'open') event.preventDefault();
            }}
            onPointerDownOutside={(event) => {
              const target = event.target;
              const onToast = target instanceof Element && target.closest('[data-toaster]') !== null;
              if (safe || onToast || phase !== 'open') event.preventDefault();
            }}
          >
            <div
              className={styles.handle}
              data-testid="modal-handle"
              aria-hidden="true"
              onPointerDown={onHandlePointerDown}
              onPointerMove={onHandlePointerMove}
              onPointerUp={onHandlePointerEnd}
              onPointerCancel={onHandlePointerEnd}
            />
            <header className={styles.header}>
              <Dialog.Title ref={titleRef} className={styles.title} tabIndex={-1}>
                {title}
              </Dialog.Title>
              {description !== undefined && description !== null && description !== '' && (
                <Dialog.Description className={styles.description}>{description}</Dialog.Description>
              )}
            </header>
            <div className={styles.body}>{children}</div>
            {footer !== undefined && footer !== null && <footer className={styles.footer}>{footer}</footer>}
            <Dialog.Close className={styles.close} aria-label={t('common:modal.close')}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
