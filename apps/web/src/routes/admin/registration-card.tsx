/** /admin/registration-card?id=: a stay's registration card, printable for the guest to sign (issue 45, point 5). */
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../shared/i18n';
import { RegistrationCardPage } from '../../features/folio/components/folio-document';
import { stayIdFrom } from '../../features/folio/lib/stay-id';
import { usePageTitle } from '../../shared/seo/page-title';

export function Component() {
  const { t } = useTranslation('folio');
  usePageTitle(t('registration.title'));
  const id = stayIdFrom(useSearchParams()[0]);
  return id === null ? <p>{t('loadError')}</p> : <RegistrationCardPage reservationId={id} />;
}
