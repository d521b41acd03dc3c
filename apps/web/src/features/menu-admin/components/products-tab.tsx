import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminProduct } from '@hotel/domain';
import { textIn } from '@hotel/domain';
import { formatMoney } from '../../../shared/format/money';
import { useLanguage } from '../../../shared/hooks/use-language';
import { ResponsiveImage } from '../../../shared/media/responsive-image';
import { Button, Modal, Spinner } from '../../../shared/ui';
import { useAdminCategories, useAdminProducts } from '../api/menu';
import { AdminIcon } from '../../../shared/admin/icons';
import { ProductForm } from './product-form';
import styles from '../../../shared/admin/admin.module.css';

/** The Products tab (ADM-27..36): cards with name, price, description and picture; add; edit with delete. */
export function ProductsTab() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const products = useAdminProducts();
  const categories = useAdminCategories();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [shown, setShown] = useState<number | 'new' | null>(null);
  if (editing !== null && editing !== shown) setShown(editing);
  const current = typeof shown === 'number' ? products.data?.find((p) => p.id === shown) : undefined;

  return (
    <div>
      <div className={styles.toolbar}>
        <p className={styles.status}>{products.isFetching && <Spinner size="sm" />}</p>
        <Button onClick={() => setEditing('new')} data-testid="add-product">
          <AdminIcon name="plus" size={18} /> {t('admin:products.add')}
        </Button>
      </div>
      {products.isError && <p className={styles.error}>{t('admin:products.loadError')}</p>}
      {products.data && products.data.length === 0 && <p className={styles.empty}>{t('admin:products.empty')}</p>}
      {products.data && products.data.length > 0 && (
        <ul className={styles.grid} data-testid="admin-products">
          {products.data.map((product) => (
            <li key={product.id}>
              <ProductCard product={product} language={language} onOpen={() => setEditing(product.id)} />
            </li>
          ))}
        </ul>
      )}
      <Modal
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={shown === 'new' ? t('admin:products.addTitle') : t('admin:products.editTitle')}
        size="large"
      >
        {categories.data && shown === 'new' && <ProductForm key="new" categories={categories.data} onDone={() => setEditing(null)} />}
        {categories.data && current && <ProductForm key={current.id} product={current} categories={categories.data} onDone={() => setEditing(null)} />}
        {!categories.data && <Spinner />}
      </Modal>
    </div>
  );
}

function ProductCard({ product, language, onOpen }: { product: AdminProduct; language: 'ru' | 'en'; onOpen: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <button type="button" className={`${styles.card} ${product.hidden ? styles.cardMuted : ''}`} onClick={onOpen} data-testid="admin-product-card">
      {product.image ? (
        <ResponsiveImage image={product.image} sizes="(min-width: 1100px) 280px, (min-width: 768px) 40vw, 90vw" className={styles.cardImage} />
      ) : (
        <span className={styles.placeholder}>
          <AdminIcon name="image" size={32} />
        </span>
      )}
      <span className={styles.cardBody}>
        <span className={styles.meta}>
          <span>{textIn(product.category.title, language)}</span>
          {product.hidden && <span className={`${styles.badge} ${styles.badgeWarn}`}>{t('admin:products.hidden')}</span>}
          {!product.name.en && <span className={`${styles.badge} ${styles.badgeWarn}`}>{t('admin:language.noEnglish')}</span>}
        </span>
        <span className={styles.cardTitle}>{textIn(product.name, language)}</span>
        <span className={styles.cardText}>{textIn(product.description, language)}</span>
        <span className={styles.prices}>{formatMoney(product.price, language, t('common:currency'))}</span>
      </span>
    </button>
  );
}
