/**
 * A few dishes from the real delivery menu (GET delivery/products/): the restaurant's meals and the
 * cafe's drinks and desserts. Prerendered pages show the skeleton; the dishes load in the browser.
 */
import { useTranslation } from '../../../shared/i18n';
import type { Product } from '@hotel/domain';
import { useMenu } from '../../../shared/menu/get-menu';
import { ProductCard, ProductCardSkeleton } from '../../../shared/menu/product-card';
import styles from './menu-highlights.module.css';

// Three columns from 1024 px in the page's container, two on tablets, one on phones.
const SIZES = '(max-width: 639px) 100vw, (max-width: 1023px) 50vw, 380px';

interface MenuHighlightsProps {
  /** Picks the dishes to show from the whole menu. */
  select: (menu: Product[]) => Product[];
  errorText: string;
  /** Shown when the menu has no dishes to show yet. */
  emptyText: string;
  count: number;
}

export function MenuHighlights({ select, errorText, emptyText, count }: MenuHighlightsProps) {
  const { t } = useTranslation('common');
  const menu = useMenu();

  if (menu.isPending) {
    return (
      <ul className={styles.grid} aria-busy="true" aria-label={t('loading')}>
        {Array.from({ length: count }, (_, i) => (
          <li key={i}>
            <ProductCardSkeleton />
          </li>
        ))}
      </ul>
    );
  }
  if (menu.isError) return <p className={styles.error}>{errorText}</p>;
  const dishes = select(menu.data).slice(0, count);
  if (dishes.length === 0) return <p className={styles.error}>{emptyText}</p>;

  return (
    <ul className={styles.grid} data-testid="menu-highlights">
      {dishes.map((product) => (
        <li key={product.id} data-testid="menu-item">
          <ProductCard product={product} showCategory sizes={SIZES} />
        </li>
      ))}
    </ul>
  );
}

/** One dish from each category, in menu order: a taste of the whole menu. */
export function onePerCategory(menu: Product[]): Product[] {
  const seen = new Set<number>();
  return menu.filter((product) => {
    if (seen.has(product.category.id)) return false;
    seen.add(product.category.id);
    return true;
  });
}
