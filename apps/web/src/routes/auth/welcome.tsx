/** /auth/welcome (state: email, name): greeting and the way to the account (AUTH-29, AUTH-30). */
import { useTranslation } from '../../shared/i18n';
import { useLocation } from 'react-router';
import { WelcomeCard } from '../../features/auth/components/welcome-card';
import { readFlowState } from '../../features/auth/lib/flow-state';
import { usePageTitle } from '../../shared/seo/page-title';

export function Component() {
  const { t } = useTranslation('auth');
  const flow = readFlowState(useLocation().state);
  usePageTitle(t('auth:welcome.titleNoName'));
  return <WelcomeCard name={flow?.name} email={flow?.email} />;
}
