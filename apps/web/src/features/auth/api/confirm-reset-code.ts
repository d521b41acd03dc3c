import { useMutation } from '@tanstack/react-query';
import { resetConfirmedSchema, type ResetConfirmed } from '@hotel/domain';
import { api } from '../../../shared/api/client';

/**
 * POST account/password/reset/done/ {email, code}: answers the single-use token that sets the new
 * password; 400 "Invalid code", 400 expired, 429 too many tries.
 */
export function confirmResetCode(input: { email: string; code: string }) {
  return api<ResetConfirmed>('account/password/reset/done/', { method: 'POST', body: input, schema: resetConfirmedSchema });
}

export function useConfirmResetCode() {
  return useMutation({ mutationFn: confirmResetCode });
}
