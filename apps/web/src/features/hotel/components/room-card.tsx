import { useTranslation } from '../../../shared/i18n';
import { maxGuests, type Room } from '@hotel/domain';
import { formatMoney } from '../../../shared/format/money';
import { useLanguage } from '../../../shared/hooks/use-language';
import { ResponsiveImage } from '../../../shared/media/responsive-image';
import styles from './room-card.module.css';

/** The card as wide as the page's grid of rooms draws it (/hotel). */
const GRID_SIZES = '(max-width: 767px) 100vw, (max-width: 1199px) 50vw, 380px';

/**
 * `eager`: the picture loads with the page instead of when scrolled near. `sizes`: how wide a list
 * other than the rooms' grid draws the card (the home page's carousel), so the picture fetched fits it.
 */
export function RoomCard({ room, eager = false, sizes = GRID_SIZES }: { room: Room; eager?: boolean; sizes?: string }) {
  const { t } = useTranslation(['hotel', 'common']);
  const { language } = useLanguage();
  const cover = room.images[0];
  return (
    <article className={styles.card} data-testid="room-card">
      <div className={styles.media}>
        {cover && (
          <ResponsiveImage
            image={cover}
            sizes={sizes}
            eager={eager}
            width={1600}
            height={1067}
          />
        )}
      </div>
      <div className={styles.body}>
        <h3 className={styles.name}>{room.name[language]}</h3>
        <p className={styles.facts}>
          {t('hotel:size', { size: room.room_size })} ·{' '}
          {t('hotel:guestsUpTo', { count: maxGuests({ primaryCapacity: room.primary_capacity, extraCapacity: room.extra_capacity }) })}
        </p>
        <p className={styles.description}>{room.description[language]}</p>
        <p className={styles.price}>
          <strong>
            {formatMoney(room.price, language, t('common:currency'))}
          </strong>{' '}
          <span>{t('hotel:perNight')}</span>
        </p>
      </div>
    </article>
  );
}
