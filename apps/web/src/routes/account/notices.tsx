/**
 * /account/notices: a member of staff chooses how they are told of what their role concerns (issue
 * 49, point 5): e-mail, Telegram (linked through a one-time link to the hotel's bot), quiet hours.
 */
import { useTranslation } from '../../shared/i18n';
import { AccountPage } from '../../features/account/components/account-page';
import { NoticeSettings } from '../../features/account/components/notice-settings';

export function Component() {
  const { t } = useTranslation('account');
  return (
    <AccountPage title={t('account:notices.title')} lead={t('account:notices.lead')}>
      <NoticeSettings />
    </AccountPage>
  );
}
