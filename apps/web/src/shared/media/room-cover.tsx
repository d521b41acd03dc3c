import type { Image } from '@hotel/domain';
import clsx from 'clsx';
import { ResponsiveImage } from './responsive-image';
import styles from './room-cover.module.css';

export interface RoomCoverProps {
  /** The room's first picture; without one the house's mark stands in. */
  image: Image | undefined;
  sizes: string;
  /** Sets the box's size (min-height, aspect ratio) and `--cover-mark-size` for the stand-in. */
  className?: string;
  /** The largest thing on the first screen: loads at once, ahead of other pictures. */
  priority?: boolean;
}

/** A room's picture filling its box, as on the booking results and the reservations list. */
export function RoomCover({ image, sizes, className, priority }: RoomCoverProps) {
  return (
    <div className={clsx(styles.cover, className)}>
      {image ? (
        <ResponsiveImage image={image} sizes={sizes} priority={priority} width={1600} height={1067} />
      ) : (
        <span className={styles.placeholder} aria-hidden="true">
          1799
        </span>
      )}
    </div>
  );
}
