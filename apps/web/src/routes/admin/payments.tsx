/** /admin/payments: every charge, fee and refund for the staff and the accountant (issue 20). */
import { useTranslation } from '../../shared/i18n';
import { PaymentsLedger } from '../../features/payments-ledger/components/payments-ledger';
import styles from '../../shared/admin/admin.module.css';
import { usePageTitle } from '../../shared/seo/page-title';

export function Component() {
  const { t } = useTranslation('admin');
  usePageTitle(t('admin:payments.title'));
  return (
    <>
      <header className={styles.heading}>
        <div>
          <h1 className={styles.title}>{t('admin:payments.title')}</h1>
          <p className={styles.lead}>{t('admin:payments.lead')}</p>
        </div>
      </header>
      <PaymentsLedger />
    </>
  );
}
