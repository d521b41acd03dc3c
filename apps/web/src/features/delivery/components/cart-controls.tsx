import { useTranslation } from 'react-i18next';
import { quantityInCart, type Product } from '@hotel/domain';
import { useCart, useCartLoaded } from '../../../shared/cart/cart-store';
import { QuantityStepper } from '../../../shared/cart/quantity-stepper';
import { useLanguage } from '../../../shared/hooks/use-language';
import styles from './cart-controls.module.css';

/** A dish's plus button; once the dish is in the cart, minus, quantity and plus (DEL-12..14). */
export function CartControls({ product }: { product: Product }) {
  const { t } = useTranslation('restaurant');
  const { language } = useLanguage();
  useCartLoaded();
  const quantity = useCart((cart) => quantityInCart(cart, product.id));
  const add = useCart((cart) => cart.add);
  const change = useCart((cart) => cart.change);
  const name = product.name[language];

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
