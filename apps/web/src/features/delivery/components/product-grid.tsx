import type { Product } from '@hotel/domain';
import { ProductCard, ProductCardSkeleton } from './product-card';
import styles from './product-grid.module.css';

export function ProductGrid({ products, showCategory }: { products: Product[]; showCategory: boolean }) {
  return (
    <ul className={styles.grid} data-testid="product-grid">
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} showCategory={showCategory} />
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
