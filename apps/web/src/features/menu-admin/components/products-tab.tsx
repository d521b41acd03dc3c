import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import type { AdminProduct } from '@hotel/domain';
import { textIn } from '@hotel/domain';
import { formatMoney } from '../../../shared/format/money';
import { useLanguage } from '../../../shared/hooks/use-language';
import { ResponsiveImage } from '../../../shared/media/responsive-image';
import { Button, Modal, Spinner, toast } from '../../../shared/ui';
import { useAdminCategories, useAdminProducts, useSetHidden } from '../api/menu';
import { useSession } from '../../../shared/session/session-store';
import { userMay } from '../../../shared/session/staff-rights';
import { ApiError } from '../../../shared/api/client';
import { AdminIcon } from '../../../shared/admin/icons';
import { ProductForm } from './product-form';
import styles from '../../../shared/admin/admin.module.css';

/**
 * The Products tab (ADM-27..36): cards with name, price, description and picture; add; edit with
 * delete. Whose roles may not change the menu sees it read-only; the kitchen (issue 49) hides a
 * dish that ran out and shows it again, nothing else.
 */
export function ProductsTab() {
  const { t } = useTranslation('admin');
  const user = useSession((s) => s.user);
  const canEdit = userMay(user, 'menu', 'write');
  const canHide = !canEdit && userMay(user, 'menu.availability', 'write');
  const setHidden = useSetHidden();

  async function toggle(product: AdminProduct) {
    try {
      await setHidden.mutateAsync({ id: product.id, hidden: !product.hidden });
      toast.success(t(product.hidden ? 'admin:products.shownAgain' : 'admin:products.hiddenNow'));
    } catch (error) {
      toast.error(error instanceof ApiError && error.status < 500 && error.detail ? error.detail : t('admin:products.hideError'));
    }
  }
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
        {canEdit && (
          <Button onClick={() => setEditing('new')} data-testid="add-product">
            <AdminIcon name="plus" size={18} /> {t('admin:products.add')}
          </Button>
        )}
      </div>
      {products.isError && <p className={styles.error}>{t('admin:products.loadError')}</p>}
      {products.data && products.data.length === 0 && <p className={styles.empty}>{t('admin:products.empty')}</p>}
      {products.data && products.data.length > 0 && (
        <ul className={styles.grid} data-testid="admin-products">
          {products.data.map((product) => (
            <li key={product.id}>
              <ProductCard product={product} language={language} onOpen={canEdit ? () => setEditing(product.id) : undefined} />
              {canHide && (
                <Button
                  size="sm"
                  variant="outline"
                  fullWidth
                  data-testid="product-hidden-toggle"
                  loading={setHidden.isPending && setHidden.variables?.id === product.id}
                  onClick={() => void toggle(product)}
                >
                  {t(product.hidden ? 'admin:products.backOn' : 'admin:products.ranOut')}
                </Button>
              )}
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

function ProductCard({ product, language, onOpen }: { product: AdminProduct; language: 'ru' | 'en'; onOpen?: () => void }) {
  const { t } = useTranslation('admin');
  // Read-only, it is no button: there is nothing to open.
  const Card = onOpen ? 'button' : 'div';
  return (
    <Card {...(onOpen ? { type: 'button' as const, onClick: onOpen } : {})} className={`${styles.card} ${product.hidden ? styles.cardMuted : ''}`} data-testid="admin-product-card">
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
    </Card>
  );
}
