/** The mail's one table: letters per recipient per day, shared by every instance. */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailRecipientDays } from './tables';

/** Counts one more letter to the recipient on the day and answers the day's count, this one included. */
export async function countLetter(db: Db, recipientHash: string, day: string): Promise<number> {
  const [row] = await db
    .insert(mailRecipientDays)
    .values({ recipientHash, day, count: 1 })
    .onConflictDoUpdate({ target: [mailRecipientDays.recipientHash, mailRecipientDays.day], set: { count: sql`${mailRecipientDays.count} + 1` } })
    .returning({ count: mailRecipientDays.count });
  return row!.count;
}
