/** The four doors of the house (PUB-04): cafe, restaurant, hotel, delivery. */
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n';
import { BagIcon, ClocheIcon, CupIcon, KeyIcon } from './illustrations';
import styles from './feature-cards.module.css';
import { paths } from '../../../shared/paths';

const CARDS = [
  { key: 'cafe', to: paths.cafe, Icon: CupIcon },
  { key: 'restaurant', to: paths.restaurant, Icon: ClocheIcon },
  { key: 'hotel', to: paths.hotel.root, Icon: KeyIcon },
  { key: 'delivery', to: paths.delivery, Icon: BagIcon },
] as const;

export function FeatureCards() {
  const { t } = useTranslation('about');
  return (
    <ul className={styles.grid} data-testid="feature-cards">
      {CARDS.map(({ key, to, Icon }) => (
        <li key={key}>
          <Link to={to} className={styles.card}>
            <span className={styles.icon}>
              <Icon />
            </span>
            <h3 className={styles.title}>{t(`features.${key}.title`)}</h3>
            <p className={styles.text}>{t(`features.${key}.text`)}</p>
            <span className={styles.arrow} aria-hidden="true">→</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
