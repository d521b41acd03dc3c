/** /auth/password (state: email): the password, or the way to reset it (AUTH-07..10, AUTH-20). */
import { useTranslation } from '../../shared/i18n';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { AuthCard, BackLink } from '../../features/auth/components/auth-shell';
import { PasswordForm } from '../../features/auth/components/password-form';
import { readFlowState } from '../../features/auth/lib/flow-state';
import { usePageTitle } from '../../shared/seo/page-title';
import { paths } from '../../shared/paths';

export function Component() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const flow = readFlowState(useLocation().state);
  usePageTitle(t('auth:password.title'));
  if (!flow) return <Navigate to={paths.auth.root} replace />;
  return (
    <AuthCard
      back={<BackLink to={paths.auth.root}>{t('auth:back')}</BackLink>}
      title={t('auth:password.title')}
      lead={t('auth:password.lead', { email: flow.email })}
    >
      <PasswordForm
        email={flow.email}
        // Replace: Back must not return to the password step (AUTH-10).
        onSignedIn={() => void navigate(paths.account.root, { replace: true })}
        onResetCodeSent={(resendIn) => void navigate(paths.auth.verifyCode, { state: { email: flow.email, resendIn } })}
      />
    </AuthCard>
  );
}
