import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSchema, type profileUpdateSchema } from '@hotel/domain';
import type { z } from 'zod';
import { api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';

/** The body of PUT account/; `extra_phone` is left out while its checkbox is off (ACC-12). */
export type ProfileUpdate = Omit<z.output<typeof profileUpdateSchema>, 'extra_phone'> & { extra_phone?: string | null };

/** PUT account/. */
export function updateProfile(body: ProfileUpdate) {
  return api<unknown>('account/', { method: 'PUT', body });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (answer) => {
      // The header and the account navigation show the user's name: keep the session in step.
      const user = userSchema.safeParse(answer);
      if (user.success) useSession.getState().signedIn(user.data);
      await queryClient.invalidateQueries({ queryKey: ['account'] });
    },
  });
}
