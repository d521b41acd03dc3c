import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSchema, type User } from '@hotel/domain';
import { api } from '../../../shared/api/client';
import { loadSession } from '../../../shared/session/load-session';

/** POST auth/activate/ {email, code}: activates the account; 400 "Invalid code". */
export function activate(input: { email: string; code: string }) {
  return api<User>('auth/activate/', { method: 'POST', body: input, schema: userSchema });
}

/** After activation the user data is fetched again, so the banner hides (AUTH-43). */
export function useActivate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activate,
    onSuccess: async () => {
      await Promise.all([loadSession(), queryClient.invalidateQueries({ queryKey: ['account'] })]);
    },
  });
}
