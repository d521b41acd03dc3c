/** /auth: e-mail, then sign in or create an account; or an external provider (AUTH-01..06, AUTH-11). */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-shell';
import { EmailStepForm } from '../../features/auth/components/email-step-form';
import { ProviderButtons } from '../../features/auth/components/provider-buttons';
import { usePageTitle } from '../../shared/seo/page-title';
import { paths } from '../../app/paths';

export function Component() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  usePageTitle(t('auth:login.title'));
  return (
    <AuthCard title={t('auth:login.title')} lead={t('auth:login.lead')}>
      <EmailStepForm
        onSignIn={(email) => void navigate(paths.auth.password, { state: { email } })}
        onCreateAccount={(email) => void navigate(paths.auth.reg, { state: { email } })}
      />
      <ProviderButtons />
    </AuthCard>
  );
}
