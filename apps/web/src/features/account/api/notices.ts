import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { noticePreferencesSchema, telegramLinkSchema, type NoticePreferences, type NoticePreferencesInput, type TelegramLink } from '@hotel/domain';
import { api } from '../../../shared/api/client';

// Under the "account" root: dropped on logout or any 401 (shared/session/user-data.ts).
const key = ['account', 'notices'] as const;

/** GET account/notices/: the member of staff's channels, quiet hours and what they are told of. */
export function useNoticePreferences() {
  return useQuery({ queryKey: key, queryFn: () => api<NoticePreferences>('account/notices/', { schema: noticePreferencesSchema }), retry: false });
}

function useSetPreferences<T>(call: (input: T) => Promise<NoticePreferences>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: (answer) => queryClient.setQueryData(key, answer) });
}

/** PUT account/notices/. */
export const useSaveNoticePreferences = () =>
  useSetPreferences((body: NoticePreferencesInput) => api<NoticePreferences>('account/notices/', { method: 'PUT', body, schema: noticePreferencesSchema }));

/** DELETE account/notices/telegram/. */
export const useUnlinkTelegram = () =>
  useSetPreferences(() => api<NoticePreferences>('account/notices/telegram/', { method: 'DELETE', schema: noticePreferencesSchema }));

/** POST account/notices/telegram/: the one-time link to the bot. */
export function useTelegramLink() {
  return useMutation({ mutationFn: () => api<TelegramLink>('account/notices/telegram/', { method: 'POST', schema: telegramLinkSchema }) });
}
