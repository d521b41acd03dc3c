import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { loginResponseSchema } from '@hotel/domain';
import { api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';

export interface LoginInput {
  email: string;
  password: string;
}

/** POST auth/login/: 403 wrong password, 404 no such user. */
export function login(input: LoginInput) {
  return api<z.infer<typeof loginResponseSchema>>('auth/login/', { method: 'POST', body: input, schema: loginResponseSchema });
}

export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => useSession.getState().signedIn(user),
  });
}
