import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSchema, type EmailChange, type User } from '@hotel/domain';
import { api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';

/** POST account/email/ {email, password}: mails a code to the new address; 403 wrong password, 409 taken. */
export function requestEmailChange(input: EmailChange) {
  return api('account/email/', { method: 'POST', body: input });
}

/** POST account/email/confirm/ {code}: the address changes; answers the user. */
export function confirmEmailChange(code: string) {
  return api<User>('account/email/confirm/', { method: 'POST', body: { code }, schema: userSchema });
}

export function useRequestEmailChange() {
  return useMutation({ mutationFn: requestEmailChange });
}

/** The session and the account data follow the new address at once. */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: async (user) => {
      useSession.getState().signedIn(user);
      await queryClient.invalidateQueries({ queryKey: ['account'] });
    },
  });
}
