import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export interface ChangePasswordInput {
  old_password: string;
  new_password: string;
  new_password1: string;
}

/** POST account/password/: 403 "Invalid password" when the current one is wrong. */
export function changePassword(body: ChangePasswordInput) {
  return api('account/password/', { method: 'POST', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
