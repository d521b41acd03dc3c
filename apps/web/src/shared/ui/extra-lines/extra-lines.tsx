import { useTranslation } from '../../i18n';
import type { ReservationExtra } from '@hotel/domain';
import { formatMoney } from '../../format/money';
import { useLanguage } from '../../hooks/use-language';
import styles from '../price-breakdown/price-breakdown.module.css';

export interface ExtraLinesProps {
  /** A reservation's extras, as priced at booking (decision 044). */
  extras: ReservationExtra[];
  className?: string;
}

/**
 * A booked stay's extras, one line each: "Breakfast · 2 × 25 BYN × 3 nights" and its sum. Nothing
 * when the stay has none. The account and the reservations board show it beside the total.
 */
export function ExtraLines({ extras, className }: ExtraLinesProps) {
  // A stay without extras does not wait for their texts (a namespace of their own, loaded on demand).
  return extras.length === 0 ? null : <Lines extras={extras} className={className} />;
}

function Lines({ extras, className }: ExtraLinesProps) {
  // Drawn once the texts are in, rather than suspending the dialog around it.
  const { t, ready } = useTranslation(['extras', 'common'], { useSuspense: false });
  const { language } = useLanguage();
  if (!ready) return null;
  const money = (kopecks: number) => formatMoney(kopecks, language, t('common:currency'));
  return (
    <ul className={`${styles.list} ${className ?? ''}`} aria-label={t('extras:lines.label')} data-testid="extra-lines">
      {extras.map((extra, index) => (
        <li key={index} className={styles.run}>
          <span className={styles.dates}>
            {extra.name[language] || extra.name.ru}
            {' · '}
            {extra.times > 1
              ? t('extras:lines.nightly', { quantity: extra.quantity, price: money(extra.unit_price), count: extra.times })
              : t('extras:lines.once', { quantity: extra.quantity, price: money(extra.unit_price) })}
          </span>
          <span className={styles.figures}>{money(extra.total)}</span>
        </li>
      ))}
    </ul>
  );
}
