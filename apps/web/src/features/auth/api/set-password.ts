import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export interface SetPasswordInput {
  email: string;
  new_password: string;
  new_password1: string;
}

/** POST account/password/set/: the new password after a confirmed reset code. */
export function setPassword(input: SetPasswordInput) {
  return api('account/password/set/', { method: 'POST', body: input });
}

export function useSetPassword() {
  return useMutation({ mutationFn: setPassword });
}
