/** Paid orders by weekday and hour as a grid whose cells darken with the orders (the restaurant's heat map). */
import { useTranslation } from '../../../shared/i18n';
import type { ReportPage } from '@hotel/domain';
import styles from './reports.module.css';

export function HeatMap({ cells, hours }: { cells: ReportPage['restaurant']['by_hour']; hours: number[] }) {
  const { t } = useTranslation('admin');
  const most = Math.max(1, ...cells.map((cell) => cell.orders));
  const at = new Map(cells.map((cell) => [`${cell.weekday}-${cell.hour}`, cell.orders]));
  return (
    <div className={styles.heatWrap} tabIndex={0} role="region" aria-label={t('admin:reports.restaurant.byHour')}>
      <div className={styles.heat} style={{ gridTemplateColumns: `auto repeat(${hours.length}, minmax(1.5rem, 1fr))` }} role="img" aria-label={t('admin:reports.restaurant.byHour')}>
        <span />
        {hours.map((hour) => (
          <span key={hour} className={styles.heatHour}>
            {hour}
          </span>
        ))}
        {[1, 2, 3, 4, 5, 6, 7].map((weekday) => (
          <div key={weekday} className={styles.heatRow}>
            <span className={styles.heatDay}>{t(`admin:reports.weekdays.${weekday}`)}</span>
            {hours.map((hour) => {
              const orders = at.get(`${weekday}-${hour}`) ?? 0;
              return (
                <span
                  key={hour}
                  className={styles.heatCell}
                  style={{ opacity: orders === 0 ? 0.06 : 0.2 + (0.8 * orders) / most }}
                  title={`${t(`admin:reports.weekdays.${weekday}`)} ${hour}:00 — ${orders}`}
                />
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
