/** Pieces the reservations board's dialogs share: an in-app confirmation, and what takes a night. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoomConflict } from '@hotel/domain';
import { formatStayDate } from '../../../shared/format/stay';
import { useLanguage } from '../../../shared/hooks/use-language';
import { Button, Modal } from '../../../shared/ui';
import styles from './reservations-board.module.css';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** "Are you sure?" in the page's own dialog (not window.confirm), Back focused first. */
export function ConfirmDialog({ open, title, children, confirmLabel, busy, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation('reservations-board');
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && !busy && onClose()}
      title={title}
      size="small"
      footer={
        <div className={styles.dialogActions}>
          <Button variant="clearly" onClick={onClose} disabled={busy}>
            {t('reservations-board:confirm.back')}
          </Button>
          <Button onClick={onConfirm} loading={busy} data-testid="confirm-action">
            {confirmLabel}
          </Button>
        </div>
      }
    >
      <p style={{ margin: 0 }}>{children}</p>
    </Modal>
  );
}

/** "by booking #45", "by a block: repairs", "by an event of the Airbnb calendar": what holds a night. */
export function useTakenBy() {
  const { t } = useTranslation('reservations-board');
  return (conflict: RoomConflict) =>
    conflict.kind === 'reservation'
      ? t('reservations-board:move.byReservation', { id: conflict.reservation_id })
      : conflict.kind === 'block'
        ? t('reservations-board:move.byBlock', { note: conflict.note })
        : t('reservations-board:move.byImport', { feed: conflict.note });
}

/** "The night of 12 Dec 2026 is taken by booking #45", one line per thing that takes nights. */
export function ConflictMessage({ conflicts, fallback }: { conflicts: RoomConflict[]; fallback: string }) {
  const { t } = useTranslation('reservations-board');
  const { language } = useLanguage();
  const takenBy = useTakenBy();
  const date = (iso: string) => formatStayDate(iso, language);
  if (conflicts.length === 0) {
    return (
      <p className={styles.conflict} role="alert">
        {fallback}
      </p>
    );
  }
  return (
    <div className={styles.conflict} role="alert" data-testid="taken-nights">
      {conflicts.map((conflict, index) => {
        const nights =
          conflict.first_night === conflict.last_night
            ? t('reservations-board:move.takenNight', { night: date(conflict.first_night) })
            : t('reservations-board:move.takenNights', { first: date(conflict.first_night), last: date(conflict.last_night) });
        return <p key={index} style={{ margin: 0 }}>{`${nights} ${takenBy(conflict)}`}</p>;
      })}
    </div>
  );
}
