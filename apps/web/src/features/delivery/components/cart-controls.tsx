import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { quantityInCart, type Product } from '@hotel/domain';
import { useCart, useCartLoaded } from '../../../shared/cart/cart-store';
import { QuantityStepper } from '../../../shared/cart/quantity-stepper';
import { useLanguage } from '../../../shared/hooks/use-language';
import styles from './cart-controls.module.css';

// The dialog's code comes with the first dish with options that is tapped.
const DishOptions = lazy(() => import('./dish-options').then((module) => ({ default: module.DishOptions })));

/** A dish's plus button; once the dish is in the cart, minus, quantity and plus (DEL-12..14). */
export function CartControls({ product }: { product: Product }) {
  const { t } = useTranslation('restaurant');
  const { language } = useLanguage();
  useCartLoaded();
  const quantity = useCart((cart) => quantityInCart(cart, product.id));
  const add = useCart((cart) => cart.add);
  const change = useCart((cart) => cart.change);
  const name = product.name[language];
  const [choosing, setChoosing] = useState(false);

  if (product.option_groups.length > 0) {
    // A dish with options: each tap opens the dialog (a tap before the app is live too, once it is);
    // the cart keeps each choice as its own line.
    return (
      <span className={styles.withOptions}>
        {quantity > 0 && (
          <span className={styles.count} data-testid="in-cart-count">
            {t('cart.controls.count', { count: quantity })}
          </span>
        )}
        <button
          type="button"
          className={styles.add}
          onClick={() => setChoosing(true)}
          aria-label={t('options.open', { name })}
          aria-haspopup="dialog"
          data-testid="add-to-cart"
          data-early={`dish-${product.id}`}
        >
          <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path d="M3 8h10M8 3v10" />
          </svg>
        </button>
        {choosing && (
          <Suspense fallback={null}>
            <DishOptions product={product} open={choosing} onOpenChange={setChoosing} onAdd={(options) => add(product, options)} />
          </Suspense>
        )}
      </span>
    );
  }

  if (quantity === 0) {
    return (
      <button type="button" className={styles.add} onClick={() => add(product)} aria-label={t('cart.controls.add', { name })} data-testid="add-to-cart" data-early={`dish-${product.id}`}>
        <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="M3 8h10M8 3v10" />
        </svg>
      </button>
    );
  }
  return (
    <QuantityStepper
      quantity={quantity}
      onLess={() => change(product.id, -1)}
      onMore={() => change(product.id, 1)}
      earlyName={`dish-${product.id}`}
      labels={{
        group: t('cart.controls.inCart', { name, count: quantity }),
        less: t('cart.controls.less', { name }),
        more: t('cart.controls.more', { name }),
      }}
    />
  );
}
