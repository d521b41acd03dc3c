import { useTranslation } from 'react-i18next';
import { useRooms } from '../api/get-rooms';
import { RoomCard } from './room-card';
import { Skeleton } from '../../../shared/ui';
import styles from './room-list.module.css';

/** The hotel's rooms, with skeleton cards while they load (HOT-01). */
export function RoomList() {
  const { t } = useTranslation('hotel');
  const rooms = useRooms();
  if (rooms.isPending) {
    return (
      <div className={styles.grid} aria-busy="true" aria-label={t('hotel:landing.loading')} data-testid="room-list-loading">
        {Array.from({ length: 6 }, (_, i) => (
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
      {rooms.data.map((room) => (
        <RoomCard key={room.id} room={room} />
      ))}
    </div>
  );
}
