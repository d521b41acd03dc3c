/** Pieces the reservations board's dialogs share: what takes a night. */
import { useTranslation } from '../../../shared/i18n';
import { ROOM_TAKEN_DETAIL, type RoomConflict } from '@hotel/domain';
import { serverDetail } from '../../../shared/api/client';
import { formatStayDate } from '../../../shared/format/dates';
import { useLanguage } from '../../../shared/hooks/use-language';
import styles from './reservations-board.module.css';

/**
 * Why a move or a block was refused, in the screen's language: taken nights (the server's English
 * "Room is no longer available…" when it names no conflicts), the server's own detail, or, when it
 * said nothing readable (a proxy's 502), the screen's own words.
 */
export function useRefusalDetail() {
  const { t } = useTranslation('reservations-board');
  return (error: unknown) => {
    const detail = serverDetail(error);
    return detail === ROOM_TAKEN_DETAIL ? t('reservations-board:move.taken') : (detail ?? t('reservations-board:actionError'));
  };
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
