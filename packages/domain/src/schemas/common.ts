import { z } from 'zod';
import { LANGUAGES } from '../constants';

export const languageSchema = z.enum(LANGUAGES);

/** Text that visitors read is stored and served in both languages. */
export const localizedTextSchema = z.object({
  ru: z.string(),
  en: z.string(),
});
export type LocalizedText = z.infer<typeof localizedTextSchema>;

/** Every error answer of the API: `{ "detail": "…" }`. */
export const errorSchema = z.object({
  detail: z.string(),
});
export type ApiError = z.infer<typeof errorSchema>;

export const idParamSchema = z.strictObject({
  id: z.coerce.number().int().positive(),
});

/** Integer number of kopecks (BYN minor units). */
export const kopecksSchema = z.number().int().nonnegative();
