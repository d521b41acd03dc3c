/** /auth/reg (state: email): registration; without an e-mail it goes back to /auth (AUTH-12..19). */
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { AuthCard, BackLink } from '../../features/auth/components/auth-shell';
import { RegistrationForm } from '../../features/auth/components/registration-form';
import { readFlowState } from '../../features/auth/lib/flow-state';
import { usePageTitle } from './use-page-title';

export function Component() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const flow = readFlowState(useLocation().state);
  usePageTitle(t('auth:registration.title'));
  if (!flow) return <Navigate to="/auth" replace />;
  return (
    <AuthCard
      back={<BackLink to="/auth">{t('auth:back')}</BackLink>}
      title={t('auth:registration.title')}
      lead={t('auth:registration.lead', { email: flow.email })}
    >
      <RegistrationForm email={flow.email} onRegistered={() => void navigate('/account', { replace: true })} />
    </AuthCard>
  );
}
