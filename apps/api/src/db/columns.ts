/**
 * What several modules' tables share: the column kinds (a date range, a text in both languages, the
 * creation time), the language of letters, and a stored picture's shape.
 */
import { customType, jsonb, pgEnum, timestamp } from 'drizzle-orm/pg-core';
import type { LocalizedText } from '@hotel/domain';

/** A PostgreSQL `daterange`, written and read as its canonical text form `[2026-05-01,2026-05-03)`. */
export const dateRange = customType<{ data: string; driverData: string }>({
  dataType: () => 'daterange',
});

export const localized = (name: string) => jsonb(name).$type<LocalizedText>().notNull();

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const languageEnum = pgEnum('language', ['ru', 'en']);

export interface StoredImage {
  /** File name under the uploads folder. */
  file: string;
  alt: LocalizedText;
}
