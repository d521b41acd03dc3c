/** /restaurant/book/confirm#<secret>: the link in the letter to an address not yet confirmed. */
import { useTranslation } from '../shared/i18n';
import { useLocation } from 'react-router';
import { TableEmailConfirmation } from '../features/table-booking/components/table-email-confirmation';
import { PageMeta } from '../shared/seo/page-meta';
import page from './page.module.css';
import styles from './restaurant.module.css';
import { paths } from '../shared/paths';

export function Component() {
  const { t } = useTranslation(['restaurant', 'common']);
  // The secret is the fragment: it never reaches a server's log or a Referer header.
  const token = useLocation().hash.replace(/^#/, '');
  return (
    <div className={styles.page}>
      <PageMeta title={t('restaurant:tables.confirm.title')} description={t('restaurant:tables.meta.description')} path={paths.restaurantBookConfirm} />
      <section className={`container ${page.section}`} aria-labelledby="table-confirm-title">
        <h1 id="table-confirm-title" className={page.title}>
          {t('restaurant:tables.confirm.title')}
        </h1>
        <TableEmailConfirmation token={token} />
      </section>
    </div>
  );
}
