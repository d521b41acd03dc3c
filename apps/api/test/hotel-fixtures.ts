/** Rooms, dates and reservations for the hotel tests, written straight into the test database. */
import { addDays, hotelToday } from '@hotel/domain';
import { eq } from 'drizzle-orm';
import { guests, reservations, rooms, sessions, users } from '../src/db/schema';
import { stayRange } from '../src/modules/hotel/reservations';
import type { TestApp } from './app';

export interface TestRooms {
  /** 2 guests, no extra places, 250 BYN. */
  double: number;
  /** 2 guests + 2 extra places, 300 BYN, 360 BYN with extra places. */
  family: number;
  /** 1 guest, 150 BYN. */
  single: number;
}

export async function insertRooms(t: TestApp): Promise<TestRooms> {
  const room = (slug: string, position: number, price: number, extraPrice: number | null, primary: number, extra: number) => ({
    slug,
    position,
    name: { ru: `Номер ${slug}`, en: `Room ${slug}` },
    description: { ru: 'Описание', en: 'Description' },
    images: [],
    price,
    extraPrice,
    primaryCapacity: primary,
    extraCapacity: extra,
    roomSize: 20 + position,
  });
  const rows = await t.database.db
    .insert(rooms)
    .values([room('double', 1, 250_00, null, 2, 0), room('family', 2, 300_00, 360_00, 2, 2), room('single', 3, 150_00, null, 1, 0)])
    .returning({ id: rooms.id, slug: rooms.slug });
  const id = (slug: string) => rows.find((r) => r.slug === slug)!.id;
  // Written past the API: wait until the app's availability has heard of it.
  await t.app.dataVersions.caughtUp();
  return { double: id('double'), family: id('family'), single: id('single') };
}

/** A calendar day counted from today in Minsk. */
export const day = (offset: number) => addDays(hotelToday(), offset);

/** A reservation written directly (past stays, other users' stays), bypassing the API's rules. */
export async function insertReservation(
  t: TestApp,
  values: { userId: number; roomId: number; arrival: string; departure: string; canceled?: boolean; guestCount?: number },
) {
  const [row] = await t.database.db
    .insert(reservations)
    .values({
      userId: values.userId,
      roomId: values.roomId,
      stay: stayRange(values),
      guestCount: values.guestCount ?? 1,
      pricePerNight: 100_00,
      price: 100_00,
      canceledAt: values.canceled ? new Date() : null,
      status: values.canceled ? 'cancelled' : 'booked',
    })
    .returning({ id: reservations.id });
  await t.app.dataVersions.caughtUp();
  return row!.id;
}

export async function insertGuest(t: TestApp, userId: number, firstName = 'Анна', lastName = 'Ковалёва') {
  const [row] = await t.database.db.insert(guests).values({ userId, firstName, lastName }).returning({ id: guests.id });
  return row!.id;
}

export async function setLanguage(t: TestApp, userId: number, language: 'ru' | 'en') {
  await t.database.db.update(users).set({ language }).where(eq(users.id, userId));
}

/** Keeps test sessions alive when a test moves the clock days ahead. */
export async function extendSessions(t: TestApp) {
  await t.database.db.update(sessions).set({ expiresAt: new Date('2100-01-01T00:00:00Z') });
}

export interface SentMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; content: string | Buffer; contentType: string }[];
}

/** Collects the mail the app sends instead of writing it to the outbox. */
export function captureMail(t: TestApp): SentMail[] {
  const sent: SentMail[] = [];
  t.app.mailer.send = async (mail) => {
    sent.push(mail);
  };
  return sent;
}
