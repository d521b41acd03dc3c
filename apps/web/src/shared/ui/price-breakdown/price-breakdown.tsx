import { useTranslation } from '../../i18n';
import { addDays, type PriceRun } from '@hotel/domain';
import { formatStayDate } from '../../format/dates';
import { formatMoney } from '../../format/money';
import { useLanguage } from '../../hooks/use-language';
import styles from './price-breakdown.module.css';

export interface PriceBreakdownProps {
  /** The stay's nights in runs of one price, as the server priced them. */
  runs: PriceRun[];
  /** Show a single run too (when the nights' price is not the room's own, which the screen shows elsewhere). */
  always?: boolean;
  className?: string;
}

/**
 * A stay's nights where their prices differ (issue 23): one line a run, "2 nights × 180 BYN,
 * 4–5 Jun". Nothing when every night costs the same: the price per night says it all then.
 */
export function PriceBreakdown({ runs, always = false, className }: PriceBreakdownProps) {
  // Decided before the texts' hooks: most stays have one price, and every search result the server draws asks.
  if (runs.length === 0 || (runs.length < 2 && !always)) return null;
  return <PriceRuns runs={runs} className={className} />;
}

function PriceRuns({ runs, className }: Pick<PriceBreakdownProps, 'runs' | 'className'>) {
  const { t } = useTranslation('common');
  const { language } = useLanguage();
  return (
    <ul className={`${styles.list} ${className ?? ''}`} aria-label={t('common:priceBreakdown.label')} data-testid="price-breakdown">
      {runs.map((run) => {
        const last = addDays(run.first_night, run.nights - 1);
        return (
          <li key={run.first_night} className={styles.run}>
            <span className={styles.dates}>
              {run.nights === 1
                ? formatStayDate(run.first_night, language)
                : t('common:priceBreakdown.range', { from: formatStayDate(run.first_night, language), to: formatStayDate(last, language) })}
            </span>
            <span className={styles.figures}>
              {t('common:priceBreakdown.run', { count: run.nights, price: formatMoney(run.price_per_night, language, t('common:currency')) })}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
