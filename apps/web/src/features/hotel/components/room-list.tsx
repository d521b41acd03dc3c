import { useTranslation } from '../../../shared/i18n';
import { HOTEL_ROOM_COUNT } from '@hotel/domain';
import { useRooms } from '../api/get-rooms';
import { RoomCard } from './room-card';
import { Skeleton } from '../../../shared/ui';
import styles from './room-list.module.css';

/**
 * The hotel's rooms, with skeleton cards while they load (HOT-01). On /hotel the server draws the
 * rooms into the page (decision 008), so the skeletons show only when it could not.
 */
export function RoomList() {
  const { t } = useTranslation('hotel');
  const rooms = useRooms();
  if (rooms.isPending) {
    return (
      <div className={styles.grid} aria-busy="true" aria-label={t('hotel:landing.loading')} data-testid="room-list-loading">
        {/* As many as the hotel has rooms, so the page below does not move when they arrive. */}
        {Array.from({ length: HOTEL_ROOM_COUNT }, (_, i) => (
          <div key={i} className={styles.skeletonCard}>
            <Skeleton height="auto" radius="lg" className={styles.skeletonImage} />
            <Skeleton width="60%" height={26} />
            <Skeleton width="40%" height={14} />
            <Skeleton height={14} />
            <Skeleton width="85%" height={14} />
          </div>
        ))}
      </div>
    );
  }
  if (rooms.isError) {
    return (
      <p role="alert" className={styles.error}>
        {t('hotel:landing.error')}
      </p>
    );
  }
  if (rooms.data.length === 0) return <p className={styles.empty}>{t('hotel:landing.empty')}</p>;
  return (
    <div className={styles.grid} data-testid="room-list">
      {rooms.data.map((room, index) => (
        // On /hotel the list begins just below the first screen of a phone or a laptop: the first
        // picture is there when the visitor scrolls, without taking the connection from the text
        // and fonts on screen (no high priority); the others load as they come near.
        <RoomCard key={room.id} room={room} eager={index === 0} />
      ))}
    </div>
  );
}
