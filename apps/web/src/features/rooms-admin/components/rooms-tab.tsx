import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import type { Room } from '@hotel/domain';
import { serverDetail } from '../../../shared/api/client';
import { useLanguage } from '../../../shared/hooks/use-language';
import { formatMoney } from '../../../shared/format/money';
import { ResponsiveImage } from '../../../shared/media/responsive-image';
import { Spinner } from '../../../shared/ui';
import { useRoomSync } from '../api/rooms';
import { useSession } from '../../../shared/session/session-store';
import { userMay } from '../../../shared/session/staff-rights';
import { AdminIcon } from '../../../shared/admin/icons';
import { RoomDialog } from './room-dialog';
import styles from '../../../shared/admin/admin.module.css';

/** The Rooms tab (ADM-11..19): synced when shown and after each save, cards that open the edit dialog. */
export function RoomsTab() {
  const { t } = useTranslation(['admin', 'common']);
  const { language } = useLanguage();
  const rooms = useRoomSync();
  const [editing, setEditing] = useState<number | null>(null);
  // Whose roles only read the rooms (the accountant) sees the cards without the edit dialog.
  const canEdit = userMay(useSession((s) => s.user), 'rooms', 'write');

  return (
    <div>
      <div className={styles.toolbar}>
        <p className={styles.status} role="status" aria-live="polite">
          {rooms.isFetching && (
            <>
              <Spinner size="sm" /> {t('admin:rooms.syncing')}
            </>
          )}
        </p>
      </div>
      {rooms.isError && <p className={styles.error}>{serverDetail(rooms.error) ?? t('admin:rooms.syncError')}</p>}
      {rooms.data && rooms.data.length === 0 && <p className={styles.empty}>{t('admin:rooms.empty')}</p>}
      {rooms.data && rooms.data.length > 0 && (
        <ul className={styles.grid} data-testid="admin-rooms">
          {rooms.data.map((room) => (
            <li key={room.id}>
              <RoomCard room={room} language={language} onOpen={canEdit ? () => setEditing(room.id) : undefined} />
            </li>
          ))}
        </ul>
      )}
      <RoomDialog roomId={editing} onClose={() => setEditing(null)} />
    </div>
  );
}

function RoomCard({ room, language, onOpen }: { room: Room; language: 'ru' | 'en'; onOpen?: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const cover = room.images[0];
  const Card = onOpen ? 'button' : 'div';
  return (
    <Card {...(onOpen ? { type: 'button' as const, onClick: onOpen } : {})} className={styles.card} data-testid="admin-room-card">
      {cover ? (
        <ResponsiveImage image={cover} sizes="(min-width: 1100px) 280px, (min-width: 768px) 40vw, 90vw" className={styles.cardImage} />
      ) : (
        <span className={styles.placeholder}>
          <AdminIcon name="image" size={32} />
        </span>
      )}
      <span className={styles.cardBody}>
        <span className={styles.cardTitle} data-testid="admin-room-name">{room.name[language]}</span>
        <span className={styles.meta}>
          <span>{t('admin:rooms.capacity', { count: room.primary_capacity, primary: room.primary_capacity, extra: room.extra_capacity })}</span>
          <span>·</span>
          <span>{t('admin:rooms.photos', { count: room.images.length })}</span>
        </span>
        <span className={styles.prices}>
          <span>{formatMoney(room.price, language, t('common:currency'))}</span>
          {room.extra_price !== null && (
            <span className={styles.extra}>
              {t('admin:rooms.extraPrice')}: {formatMoney(room.extra_price, language, t('common:currency'))}
            </span>
          )}
        </span>
      </span>
    </Card>
  );
}
