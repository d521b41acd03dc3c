import { useTranslation } from '../i18n';
import styles from './test-payments-ribbon.module.css';

/**
 * "Test payments": on every page while the payment provider is the built-in sandbox, in which no
 * money moves (docs/decisions/025-payments-hardening.md). Always in the markup, prerendered pages
 * included, so the server's runtime mark on <html> alone decides whether it shows.
 */
export function TestPaymentsRibbon() {
  const { t } = useTranslation('common');
  return (
    <p className={styles.ribbon} role="note" data-testid="test-payments-ribbon">
      {t('common:testPayments')}
    </p>
  );
}
