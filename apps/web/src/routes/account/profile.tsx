/**
 * /account/profile: profile form and password change (ACC-11..20); a new e-mail goes through its
 * own confirmation dialog; the account layout shows the activation banner.
 */
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n';
import { EmailChangeDialog } from '../../features/auth/components/email-change-dialog';
import { useAccount } from '../../features/account/api/get-account';
import { AccountPage, Panel } from '../../features/account/components/account-page';
import { ChangePasswordForm } from '../../features/account/components/change-password-form';
import { ProfileForm, ProfileIncompleteBanner } from '../../features/account/components/profile-form';
import { Button, Skeleton } from '../../shared/ui';
import styles from './profile.module.css';

export function Component() {
  const { t } = useTranslation(['account', 'common']);
  const account = useAccount();
  const [newEmail, setNewEmail] = useState<string | null>(null);

  return (
    <AccountPage title={t('account:profile.title')} lead={t('account:profile.lead')}>
      {account.isPending ? (
        <div className={styles.loading} aria-busy="true">
          <Skeleton height={420} radius="lg" />
        </div>
      ) : account.isError ? (
        <div className={styles.error} role="alert">
          <p>{t('account:loadError', { detail: account.error.message })}</p>
          <Button size="sm" variant="outline" onClick={() => void account.refetch()}>
            {t('common:button.retry')}
          </Button>
        </div>
      ) : (
        <>
          <ProfileIncompleteBanner account={account.data} />
          <Panel id="profile" title={t('account:profile.personal')}>
            {/* Remounted with the new address once it is confirmed. */}
            <ProfileForm key={account.data.email} account={account.data} onEmailChange={setNewEmail} />
          </Panel>
          <Panel id="password" title={t('account:password.title')} description={t('account:password.description')}>
            <ChangePasswordForm />
          </Panel>
        </>
      )}
      <EmailChangeDialog email={newEmail} onClose={() => setNewEmail(null)} />
    </AccountPage>
  );
}
