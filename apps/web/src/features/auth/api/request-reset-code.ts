import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

/** POST account/password/reset/ {email}: e-mails a 6-digit reset code; 404 no such user. */
export function requestResetCode(email: string) {
  return api('account/password/reset/', { method: 'POST', body: { email } });
}

export function useRequestResetCode() {
  return useMutation({ mutationFn: requestResetCode });
}
