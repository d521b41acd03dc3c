import { userSchema, type User } from '@hotel/domain';
import { api } from '../../../shared/api/client';

/** GET auth/me/: the signed-in user; a 401 signs the browser out (shared/api/client). */
export function getMe() {
  return api<User>('auth/me/', { schema: userSchema });
}
