import type { Product } from '@hotel/domain';
import { ProductCard, ProductCardSkeleton } from '../../../shared/menu/product-card';
import { CartControls } from './cart-controls';
import styles from './product-grid.module.css';

// How wide a card is drawn: one column on phones, two on wide phones and tablets, three beside
// the sidebar from 1024 px (product-grid.module.css).
const SIZES = '(max-width: 479px) 100vw, (max-width: 1023px) 50vw, 280px';

export function ProductGrid({ products, showCategory }: { products: Product[]; showCategory: boolean }) {
  return (
    <ul className={styles.grid} data-testid="product-grid">
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} showCategory={showCategory} sizes={SIZES} priority={index === 0} action={<CartControls product={product} />} />
        </li>
      ))}
    </ul>
  );
}

export function ProductGridSkeleton({ count, label }: { count: number; label: string }) {
  return (
    <ul className={styles.grid} aria-busy="true" aria-label={label} data-testid="product-grid-loading">
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <ProductCardSkeleton />
        </li>
      ))}
    </ul>
  );
}
