/** /account/invoice?id=: the bill or paid invoice of one of the guest's stays, printable (issue 45, point 5). */
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../shared/i18n';
import { FolioDocumentPage } from '../../features/folio/components/folio-document';
import { stayIdFrom } from '../../features/folio/lib/stay-id';
import { usePageTitle } from '../../shared/seo/page-title';

export function Component() {
  const { t } = useTranslation('folio');
  usePageTitle(t('document.pageTitle'));
  const id = stayIdFrom(useSearchParams()[0]);
  return id === null ? <p>{t('loadError')}</p> : <FolioDocumentPage reservationId={id} side="guest" />;
}
