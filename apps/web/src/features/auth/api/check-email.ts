import { useMutation } from '@tanstack/react-query';
import { okSchema } from '@hotel/domain';
import { api } from '../../../shared/api/client';

/** GET auth/email/: is the e-mail registered? 404 means no user, 422 a malformed address. */
export function checkEmail(email: string) {
  return api<{ ok: true }>('auth/email/', { query: { email }, schema: okSchema });
}

export function useCheckEmail() {
  return useMutation({ mutationFn: checkEmail });
}
