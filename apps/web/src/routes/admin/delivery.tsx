/** /admin/delivery: Products and Categories tabs (ADM-26). */
import * as Tabs from '@radix-ui/react-tabs';
import { useTranslation } from '../../shared/i18n';
import { CategoriesTab } from '../../features/menu-admin/components/categories-tab';
import { ProductsTab } from '../../features/menu-admin/components/products-tab';
import styles from '../../shared/admin/admin.module.css';
import { usePageTitle } from '../../shared/seo/page-title';
import { useSession } from '../../shared/session/session-store';
import { userMay } from '../../shared/session/staff-rights';

export function Component() {
  const { t } = useTranslation('admin');
  usePageTitle(t('admin:delivery.title'));
  // The kitchen and the accountant read the dishes; only who may change the menu edits categories.
  const canEdit = userMay(useSession((s) => s.user), 'menu', 'write');
  return (
    <>
      <header className={styles.heading}>
        <div>
          <h1 className={styles.title}>{t('admin:delivery.title')}</h1>
          <p className={styles.lead}>{t('admin:delivery.lead')}</p>
        </div>
      </header>
      <Tabs.Root defaultValue="products">
        <Tabs.List className={styles.tabList} aria-label={t('admin:delivery.title')}>
          <Tabs.Trigger value="products" className={styles.tab}>
            {t('admin:delivery.products')}
          </Tabs.Trigger>
          {canEdit && (
            <Tabs.Trigger value="categories" className={styles.tab}>
              {t('admin:delivery.categories')}
            </Tabs.Trigger>
          )}
        </Tabs.List>
        <Tabs.Content value="products">
          <ProductsTab />
        </Tabs.Content>
        {canEdit && (
          <Tabs.Content value="categories">
            <CategoriesTab />
          </Tabs.Content>
        )}
      </Tabs.Root>
    </>
  );
}
