import type { User } from '@hotel/domain';
import { userMay } from '../../shared/session/staff-rights';
import { ADMIN_SCREENS, type AdminScreen } from './screens';

/** The first screen of the navigation the person may open: where /admin leads them. */
export function firstScreenOf(user: User | null): AdminScreen | undefined {
  return ADMIN_SCREENS.find((screen) => userMay(user, screen.permission));
}
