/**
 * One dish of the menu: picture or placeholder, category, name, description, price in BYN ("from"
 * when its options can cost more). The delivery catalogue (DEL-05) and the restaurant's and cafe's
 * highlights draw their dishes with it.
 */
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n';
import type { Product } from '@hotel/domain';
import { formatMoney } from '../format/money';
import { useLanguage } from '../hooks/use-language';
import { ResponsiveImage } from '../media/responsive-image';
import { Skeleton } from '../ui';
import styles from './product-card.module.css';

interface ProductCardProps {
  product: Product;
  showCategory: boolean;
  /** How wide the card is drawn at each viewport width, for the picture's `sizes`. */
  sizes: string;
  /** A card in the first screen: its picture loads at once, not when scrolled near. */
  priority?: boolean;
  /** Beside the price: the delivery catalogue puts the cart's controls there. */
  action?: ReactNode;
}

export function ProductCard({ product, showCategory, sizes, priority, action }: ProductCardProps) {
  const { t } = useTranslation(['common', 'restaurant']);
  const { language } = useLanguage();
  // A portion or an addition that costs more: the card's price is where the dish starts.
  const priceFrom = product.option_groups.some((group) => group.options.some((option) => option.price > 0));
  const price = formatMoney(product.price, language, t('currency'));
  return (
    <article className={styles.card} data-testid="product-card">
      <div className={styles.media}>
        {product.image ? (
          <ResponsiveImage image={product.image} sizes={sizes} priority={priority} width={800} height={600} />
        ) : (
          <DishPlaceholder />
        )}
      </div>
      <div className={styles.body}>
        {showCategory && <p className={styles.category}>{product.category.title[language]}</p>}
        <h3 className={styles.name}>{product.name[language]}</h3>
        <p className={styles.description}>{product.description[language]}</p>
        <div className={styles.footer}>
          <p className={styles.price}>{priceFrom ? t('restaurant:options.priceFrom', { price }) : price}</p>
          {action}
        </div>
      </div>
    </article>
  );
}

/** A card's shape while the menu loads, so the grid does not jump when the dishes arrive. */
export function ProductCardSkeleton() {
  return (
    <div className={styles.card}>
      <div className={styles.media}>
        <Skeleton height="100%" style={{ borderRadius: 0 }} />
      </div>
      <div className={styles.body}>
        <Skeleton height={24} width="75%" />
        <Skeleton height={15} width="95%" />
        <Skeleton height={15} width="60%" />
        <Skeleton className={styles.priceSkeleton} height={18} width={64} />
      </div>
    </div>
  );
}

/** A plate with cutlery, drawn for a dish that has no photo yet. */
function DishPlaceholder() {
  return (
    <svg className={styles.placeholder} viewBox="0 0 96 64" aria-hidden="true" focusable="false" data-testid="product-placeholder">
      <g fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round">
        <circle cx="48" cy="32" r="22" />
        <circle cx="48" cy="32" r="15" opacity="0.55" />
        <path d="M14 12v14a4 4 0 0 0 8 0V12M18 12v40" />
        <path d="M80 52V12c-4 3-6 9-6 16 0 4 2 6 6 6" />
      </g>
    </svg>
  );
}
