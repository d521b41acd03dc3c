/** /auth/verify-code (state: email): the reset code from the e-mail (AUTH-21..23). */
import { useTranslation } from '../../shared/i18n';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { AuthCard, BackLink } from '../../features/auth/components/auth-shell';
import { VerifyCodeForm } from '../../features/auth/components/verify-code-form';
import { readFlowState } from '../../features/auth/lib/flow-state';
import { usePageTitle } from '../../shared/seo/page-title';
import { paths } from '../../shared/paths';

export function Component() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const flow = readFlowState(useLocation().state);
  usePageTitle(t('auth:verifyCode.title'));
  if (!flow) return <Navigate to={paths.auth.root} replace />;
  return (
    <AuthCard
      back={<BackLink to={paths.auth.root}>{t('auth:back')}</BackLink>}
      title={t('auth:verifyCode.title')}
      lead={t('auth:verifyCode.lead', { email: flow.email })}
    >
      <VerifyCodeForm
        email={flow.email}
        resendIn={flow.resendIn}
        onVerified={(resetToken) => void navigate(paths.auth.createPassword, { state: { email: flow.email, resetToken }, replace: true })}
      />
    </AuthCard>
  );
}
