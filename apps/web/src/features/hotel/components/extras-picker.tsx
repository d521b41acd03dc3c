import { useId } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { extraQuantityMax, type RateType, type StayExtra } from '@hotel/domain';
import { useLanguage } from '../../../shared/hooks/use-language';
import { formatMoney } from '../../../shared/format/money';
import { ResponsiveImage } from '../../../shared/media/responsive-image';
import { chosenExtraLines, extrasTotal, type ExtraChoice } from '../lib/chosen-extras';
import styles from './extras-picker.module.css';

interface ExtrasPickerProps {
  /** What the room offers; nothing is drawn while it loads or when it offers none. */
  extras: StayExtra[] | undefined;
  choices: ExtraChoice[];
  stay: { nights: number; guests: number };
  onChange: (id: number, quantity: number) => void;
  /** The rate chosen: it decides when the extras are paid and whether they are refunded (issue 48, point 4). */
  rate: RateType;
}

/**
 * Extras with the stay on the guests step (issue 23, point 5): each with its picture, price and how
 * it counts, a box to take it and, where more than one may be taken, a stepper; the line's sum and
 * the extras' running total, priced as the server prices them.
 */
export function ExtrasPicker({ extras, choices, stay, onChange, rate }: ExtrasPickerProps) {
  const { t } = useTranslation(['extras', 'common']);
  const { language } = useLanguage();
  const id = useId();
  if (!extras || extras.length === 0) return null;
  const money = (kopecks: number) => formatMoney(kopecks, language, t('common:currency'));
  const lines = chosenExtraLines(extras, choices, stay);
  const total = extrasTotal(lines);

  return (
    <section className={styles.extras} aria-labelledby={`${id}-title`} data-testid="extras-picker">
      <h2 id={`${id}-title`} className={styles.title}>
        {t('extras:title')}
      </h2>
      <p className={styles.lead} data-testid="extras-terms">
        {t(rate === 'non_refundable' ? 'extras:leadNonRefundable' : 'extras:lead')}
      </p>
      <ul className={styles.list}>
        {extras.map((extra) => {
          const line = lines.find((item) => item.extra.id === extra.id);
          const max = extraQuantityMax(extra.counts, stay);
          const name = extra.name[language];
          // Breakfast is taken for everyone staying unless the guest says fewer.
          const first = extra.counts === 'per_guest_night' ? max : 1;
          return (
            <li key={extra.id} className={styles.item} data-testid="extra" data-chosen={line ? 'true' : 'false'}>
              <div className={styles.media}>{extra.image && <ResponsiveImage image={extra.image} sizes="72px" width={72} height={72} />}</div>
              <div className={styles.body}>
                <label className={styles.pick}>
                  <input type="checkbox" checked={!!line} onChange={(event) => onChange(extra.id, event.target.checked ? first : 0)} />
                  <span className={styles.name}>{name}</span>
                </label>
                {extra.description[language] && <p className={styles.description}>{extra.description[language]}</p>}
                <p className={styles.price}>{t(`extras:counts.${extra.counts}`, { price: money(extra.price) })}</p>
              </div>
              {line && (
                <div className={styles.controls}>
                  {max > 1 && (
                    <div className={styles.stepper} role="group" aria-label={t(`extras:quantity.${extra.counts}`, { name })}>
                      <button type="button" className={styles.step} onClick={() => onChange(extra.id, line.quantity - 1)} aria-label={t('extras:less', { name })}>
                        −
                      </button>
                      <output className={styles.quantity} aria-live="polite" data-testid="extra-quantity">
                        {line.quantity}
                      </output>
                      <button
                        type="button"
                        className={styles.step}
                        onClick={() => onChange(extra.id, line.quantity + 1)}
                        disabled={line.quantity >= max}
                        aria-label={t('extras:more', { name })}
                      >
                        +
                      </button>
                    </div>
                  )}
                  <p className={styles.lineTotal} data-testid="extra-line-total">
                    {money(line.total)}
                  </p>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <p className={styles.total} aria-live="polite" data-testid="extras-total">
        <span>{t('extras:total')}</span> <strong>{money(total)}</strong>
      </p>
    </section>
  );
}
