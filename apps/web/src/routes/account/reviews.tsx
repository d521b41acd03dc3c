/**
 * /account/reviews: the guest's finished stays and delivered orders and their reviews (issue 25,
 * point 2); the review letter's link lands here. The list and its form are a chunk of their own,
 * asked for by this small route module, so that the first visit's route table names only this one.
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../shared/i18n';
import { AccountPage } from '../../features/account/components/account-page';
import { Spinner } from '../../shared/ui';

const MyReviews = lazy(() => import('../../features/reviews/components/my-reviews').then((module) => ({ default: module.MyReviews })));

export function Component() {
  const { t } = useTranslation('account');
  return (
    <AccountPage title={t('account:reviews.title')} lead={t('account:reviews.lead')}>
      <Suspense fallback={<Spinner />}>
        <MyReviews />
      </Suspense>
    </AccountPage>
  );
}
