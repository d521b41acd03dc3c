import { useTranslation } from '../../../shared/i18n';
import { lineKey, textIn, unitPrice, type CheckedCartLine } from '@hotel/domain';
import { useCart } from '../../../shared/cart/cart-store';
import { QuantityStepper } from '../../../shared/cart/quantity-stepper';
import { formatMoney } from '../../../shared/format/money';
import { useLanguage } from '../../../shared/hooks/use-language';
import { ResponsiveImage } from '../../../shared/media/responsive-image';
import styles from './cart.module.css';

/** The cart's dishes with their quantity controls and line totals (DEL-21); a changed dish says so. */
export function CartLines({ lines }: { lines: readonly CheckedCartLine[] }) {
  const { t } = useTranslation(['restaurant', 'common']);
  const { language } = useLanguage();
  const change = useCart((cart) => cart.change);
  const remove = useCart((cart) => cart.remove);
  const money = (kopecks: number) => formatMoney(kopecks, language, t('common:currency'));

  return (
    <ul className={styles.lines} aria-label={t('restaurant:cart.items')}>
      {lines.map(({ line, product, state, total, unit }) => {
        const name = (product?.name ?? line.name)[language];
        const image = product?.image ?? line.image;
        const key = lineKey(line);
        return (
          <li key={key} className={styles.line} data-testid="cart-line" data-state={state}>
            <div className={styles.thumb}>
              {image ? <ResponsiveImage image={image} sizes="96px" width={96} height={72} /> : <span aria-hidden="true">🍽</span>}
            </div>
            <div className={styles.lineMain}>
              <h3 className={styles.lineName}>{name}</h3>
              {line.options?.length ? (
                <ul className={styles.options} aria-label={t('restaurant:options.chosen')} data-testid="line-options">
                  {line.options.map((option) => (
                    <li key={option.id}>{textIn(option.name, language)}</li>
                  ))}
                </ul>
              ) : null}
              <p className={styles.muted}>{t('restaurant:cart.perPortion', { price: money(unit) })}</p>
              {state === 'price_changed' && (
                <p className={styles.notice} data-testid="price-changed">
                  {t('restaurant:cart.priceChanged', { old: money(unitPrice(line)), new: money(unit) })}
                </p>
              )}
              {state === 'unavailable' && (
                <p className={styles.notice} data-testid="unavailable">
                  {t('restaurant:cart.unavailable')}
                </p>
              )}
            </div>
            <div className={styles.lineControls}>
              {state !== 'unavailable' && (
                <QuantityStepper
                  size="sm"
                  quantity={line.quantity}
                  onLess={() => change(key, -1)}
                  onMore={() => change(key, 1)}
                  labels={{
                    group: t('restaurant:cart.controls.inCart', { name, count: line.quantity }),
                    less: t('restaurant:cart.controls.less', { name }),
                    more: t('restaurant:cart.controls.more', { name }),
                  }}
                />
              )}
              <p className={styles.lineTotal} data-testid="line-total">
                {state === 'unavailable' ? '—' : money(total)}
              </p>
              <button type="button" className={styles.remove} onClick={() => remove(key)} aria-label={t('restaurant:cart.remove', { name })}>
                <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
                  <path d="M4 4l8 8M12 4l-8 8" />
                </svg>
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
