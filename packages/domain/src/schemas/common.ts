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

/** The largest id a row can have: ids are PostgreSQL `integer` (int4) columns. */
export const INT4_MAX = 2_147_483_647;

/** The id of a row in a body: a positive int4. */
export const idSchema = z.number().int().positive().max(INT4_MAX);

/**
 * The id of a row in a path: decimal digits only, no sign, no leading zero, within int4. A plain
 * `Number()` would take "0x1", "1e3" or " 1" as ids too.
 */
export const idPathSchema = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'common:validation.invalid')
  .transform(Number)
  .pipe(idSchema);

export const idParamSchema = z.strictObject({ id: idPathSchema });

/**
 * Characters no text the API takes may contain: the C0 controls but tab, line feed and carriage
 * return, and DEL. PostgreSQL cannot store NUL at all, and none of them belongs in a name, an
 * address or a note, so they are refused (422), never stripped.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * The path ("guests.0.first_name") of the first string inside `value` that holds a control
 * character, or null. Keys count too: they name fields.
 */
export function controlCharacterPath(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return CONTROL_CHARACTER.test(value) ? path : null;
  if (typeof value !== 'object' || value === null || depth > 64) return null;
  // Parsed JSON and query strings only (a query object's prototype may itself have a null
  // prototype): a file or stream of a multipart body is not text.
  const prototype: unknown = Object.getPrototypeOf(value);
  const plain = prototype === null || prototype === Object.prototype || Object.getPrototypeOf(prototype) === null;
  if (!Array.isArray(value) && !plain) return null;
  for (const [key, item] of Object.entries(value)) {
    if (CONTROL_CHARACTER.test(key)) return [...path, key.replace(new RegExp(CONTROL_CHARACTER, 'g'), '?')];
    const found = controlCharacterPath(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * A line break of any kind: CR, LF, NEL and the Unicode line and paragraph separators. A name, a
 * phone or an address line holding one could start a new line of a letter's header or body.
 */
const LINE_BREAK = /[\r\n\u0085\u2028\u2029]/;

/** Half a surrogate pair is no character: PostgreSQL refuses to store it in jsonb (the change log's). */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The one rule of every one-line field (names, phones, titles, address lines): a string without
 * line breaks, refused with `common:validation.oneLine` (422), never joined up in silence, and
 * without half a surrogate pair (`common:validation.invalid`). Chain the field's own rules after
 * it; multi-line fields (wishes, notes, comments) do not use it.
 */
export const oneLineText = (error?: string) =>
  z
    .string(error)
    .refine((text) => !LINE_BREAK.test(text), 'common:validation.oneLine')
    .refine((text) => !LONE_SURROGATE.test(text), 'common:validation.invalid');

/** Integer number of kopecks (BYN minor units). */
export const kopecksSchema = z.number().int().nonnegative();

/** The 422 of a call that leads to a charge without the total the guest agreed to (issue 42). */
export const EXPECTED_TOTAL_REQUIRED_DETAIL = 'expected_total is required: the total you were shown, in kopecks, so that nothing is charged at a price you did not see';

/**
 * The total the guest saw and agreed to (kopecks), on every call that leads to a charge: another
 * total at the server is asked again (409), never charged unseen.
 */
export const expectedTotalSchema = z
  .number({ error: (issue) => (issue.input === undefined ? EXPECTED_TOTAL_REQUIRED_DETAIL : 'expected_total must be a whole number of kopecks') })
  .int('expected_total must be a whole number of kopecks')
  .nonnegative('expected_total must be a whole number of kopecks');
