import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

/** POST auth/activate/resend/ {email}: 429 within 59 s of the previous code. */
export function resendActivation(email: string) {
  return api('auth/activate/resend/', { method: 'POST', body: { email } });
}

export function useResendActivation() {
  return useMutation({ mutationFn: resendActivation });
}
