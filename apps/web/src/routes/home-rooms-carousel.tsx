/**
 * `/`'s carousel of the rooms (routes/home.tsx loads it when the rooms are wanted): the rooms'
 * query, their cards and the hotel's texts they are written in.
 */
import { useDeferredValue, type ReactElement } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../shared/i18n';
import { useRooms } from '../features/hotel/api/get-rooms';
import { RoomCard } from '../features/hotel/components/room-card';
import { AutoplayCarousel } from '../features/site/components/autoplay-carousel';
import styles from './home.module.css';
import { paths } from '../shared/paths';

/**
 * How wide the carousel draws a card (autoplay-carousel.module.css: 86 % of the page's column on a
 * phone, half of it up to 1024 px, a third of the 1200 px column beyond; the column is the
 * viewport less the --gutter on each side): a phone fetches the 640 px picture, not the 960 px one
 * a card as wide as the screen would take.
 */
const CARD_SIZES = '(max-width: 639px) calc(86vw - 28px), (max-width: 1023px) calc(46vw - 12px), 360px';

export default function RoomsCarousel({ skeletons }: { skeletons: ReactElement }) {
  // The cards' texts are the hotel's: asked for with the rooms, not before the page hydrates.
  const { t } = useTranslation(['about', 'hotel']);
  const rooms = useRooms();
  // The carousel of eight rooms is drawn at transition priority when they arrive, in slices, not
  // in one task while the visitor may be scrolling or tapping.
  const shown = useDeferredValue(rooms.data);

  if (rooms.isError) return <p role="alert">{t('about:rooms.error')}</p>;
  if (!shown) return skeletons;
  if (shown.length === 0) return <p>{t('about:rooms.empty')}</p>;
  return (
    <AutoplayCarousel
      testId="hotel-preview"
      label={t('about:rooms.carousel')}
      slideLabel={(index, count) => t('about:rooms.slide', { index, count })}
      labels={{ previous: t('about:rooms.previous'), next: t('about:rooms.next'), pause: t('about:rooms.pause'), play: t('about:rooms.play') }}
    >
      {shown.map((room) => (
        <Link key={room.id} to={paths.hotel.root} className={styles.roomLink}>
          <RoomCard room={room} sizes={CARD_SIZES} />
        </Link>
      ))}
    </AutoplayCarousel>
  );
}
