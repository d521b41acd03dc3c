import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

/** POST account/password/reset/done/ {email, code}: 400 "Invalid code". */
export function confirmResetCode(input: { email: string; code: string }) {
  return api('account/password/reset/done/', { method: 'POST', body: input });
}

export function useConfirmResetCode() {
  return useMutation({ mutationFn: confirmResetCode });
}
