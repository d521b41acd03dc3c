import type { TFunction } from '../../../shared/i18n';
import { FOLIO_MESSAGES, type FolioMessageKey, type Language } from '@hotel/domain';
import { ApiError } from '../../../shared/api/client';

/** The bill's refusal in the screen's language: the server sends English and, beside it, Russian. */
export function folioDetail(error: unknown, language: Language): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const body = error.body as { detail_ru?: unknown } | undefined;
  if (language === 'ru' && typeof body?.detail_ru === 'string') return body.detail_ru;
  return error.detail || undefined;
}

/**
 * A schema's refusal key in the screen's language: the bill's and the check-in's own keys carry
 * their texts in the domain (FOLIO_MESSAGES, which the server answers with too), any other key is
 * the translation files'.
 */
export function folioMessage(key: string | undefined, language: Language, t: TFunction): string | undefined {
  if (!key) return undefined;
  return key in FOLIO_MESSAGES ? FOLIO_MESSAGES[key as FolioMessageKey][language] : t(key);
}
