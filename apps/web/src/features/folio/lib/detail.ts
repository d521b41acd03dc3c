import type { Language } from '@hotel/domain';
import { ApiError } from '../../../shared/api/client';

/** The bill's refusal in the screen's language: the server sends English and, beside it, Russian. */
export function folioDetail(error: unknown, language: Language): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const body = error.body as { detail_ru?: unknown } | undefined;
  if (language === 'ru' && typeof body?.detail_ru === 'string') return body.detail_ru;
  return error.detail || undefined;
}
