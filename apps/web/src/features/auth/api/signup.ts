import { useMutation } from '@tanstack/react-query';
import { userSchema, type Language, type User } from '@hotel/domain';
import { api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';

export interface SignupInput {
  first_name: string;
  email: string;
  password: string;
  language: Language;
}

/** POST auth/signup/: creates the user (inactive until the e-mailed code is entered) and signs in. */
export function signup(input: SignupInput) {
  return api<User>('auth/signup/', { method: 'POST', body: input, schema: userSchema });
}

export function useSignup() {
  return useMutation({
    mutationFn: signup,
    onSuccess: (user) => useSession.getState().signedIn(user),
  });
}
