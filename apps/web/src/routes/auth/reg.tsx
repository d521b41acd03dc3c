/** /auth/reg (state: email): registration; without an e-mail it goes back to /auth (AUTH-12..19). */
import { useTranslation } from '../../shared/i18n';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { AuthCard, BackLink } from '../../features/auth/components/auth-shell';
import { RegistrationForm } from '../../features/auth/components/registration-form';
import { readFlowState } from '../../features/auth/lib/flow-state';
import { usePageTitle } from '../../shared/seo/page-title';
import { paths } from '../../shared/paths';

export function Component() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const flow = readFlowState(useLocation().state);
  usePageTitle(t('auth:registration.title'));
  if (!flow) return <Navigate to={paths.auth.root} replace />;
  return (
    <AuthCard
      back={<BackLink to={paths.auth.root}>{t('auth:back')}</BackLink>}
      title={t('auth:registration.title')}
      lead={t('auth:registration.lead', { email: flow.email })}
    >
      <RegistrationForm email={flow.email} onRegistered={() => void navigate(paths.account.root, { replace: true })} />
    </AuthCard>
  );
}
