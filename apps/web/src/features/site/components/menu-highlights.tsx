/**
 * A few dishes from the real delivery menu (GET delivery/products/): the restaurant's meals and the
 * cafe's drinks and desserts. Prerendered pages show the skeleton; the dishes load in the browser.
 */
import { useTranslation } from 'react-i18next';
import { formatByn, type Product } from '@hotel/domain';
import { useLanguage } from '../../../shared/hooks/use-language';
import { ResponsiveImage } from '../../../shared/media/responsive-image';
import { Skeleton } from '../../../shared/ui';
import { useMenu } from '../../../shared/api/get-menu';
import { ClocheIcon } from './illustrations';
import styles from './menu-highlights.module.css';

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
  const { language } = useLanguage();
  const menu = useMenu();

  if (menu.isPending) {
    return (
      <ul className={styles.grid} aria-busy="true" aria-label={t('loading')}>
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className={styles.card}>
            <Skeleton height={180} radius="md" />
            <Skeleton height={22} width="70%" />
            <Skeleton height={16} width="90%" />
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
        <li key={product.id} className={styles.card} data-testid="menu-item">
          <div className={styles.media}>
            {product.image ? (
              <ResponsiveImage image={product.image} sizes="(max-width: 639px) 100vw, (max-width: 1023px) 50vw, 380px" width={800} height={600} />
            ) : (
              <ClocheIcon className={styles.placeholder} />
            )}
          </div>
          <div className={styles.body}>
            <p className={styles.category}>{product.category.title[language]}</p>
            <h3 className={styles.name}>{product.name[language]}</h3>
            <p className={styles.description}>{product.description[language]}</p>
            <p className={styles.price}>
              {formatByn(product.price, language)} {t('currency')}
            </p>
          </div>
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
