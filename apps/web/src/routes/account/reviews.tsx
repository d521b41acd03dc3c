/** /account/reviews: the guest's finished stays and delivered orders and their reviews (issue 25, point 2); the review letter's link lands here. */
import { useTranslation } from 'react-i18next';
import { AccountPage } from '../../features/account/components/account-page';
import { MyReviews } from '../../features/reviews/components/my-reviews';

export function Component() {
  const { t } = useTranslation('account');
  return (
    <AccountPage title={t('account:reviews.title')} lead={t('account:reviews.lead')}>
      <MyReviews />
    </AccountPage>
  );
}
