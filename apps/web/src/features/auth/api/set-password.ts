import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export interface SetPasswordInput {
  email: string;
  /** The token the confirmed code answered. */
  reset_token: string;
  new_password: string;
  new_password1: string;
}

/** POST account/password/set/: the new password, with the token of the confirmed reset code. */
export function setPassword(input: SetPasswordInput) {
  return api('account/password/set/', { method: 'POST', body: input });
}

export function useSetPassword() {
  return useMutation({ mutationFn: setPassword });
}
