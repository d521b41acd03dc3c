/**
 * Starts the built server once for the whole run, on a free port and a fresh data folder, the
 * way `npm start` runs it (support/server.ts), and hands its URL to the tests through E2E_BASE_URL.
 * The server's letters go to an SMTP server on loopback; the tests read them from E2E_MAIL_DIR
 * (support/mail.ts). Google sign-in goes to an OpenID Connect server on loopback
 * (support/google.ts); Yandex stays unconfigured, so its button is hidden. The superuser of
 * support/admin.ts is made with the create-superuser command once the server runs.
 */
import { createSuperuser } from './support/admin';
import { startGoogle } from './support/google';
import { startServer } from './support/server';
import { startMailCatcher } from './support/smtp';

export default async function globalSetup() {
  const mail = await startMailCatcher();
  process.env.E2E_MAIL_DIR = mail.dir;
  const google = await startGoogle();
  const server = await startServer({
    // The run orders food whatever the hour; the kitchen's hours are checked by the API tests.
    ORDERS_ANY_HOUR: 'true',
    // Every browser of the run comes from 127.0.0.1 and signs in over and over: the limits per
    // client address would refuse the run itself. The API tests and limits.spec.ts check them.
    RATE_LIMIT_PER_MINUTE: '100000',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    SEARCH_RATE_LIMIT_PER_MINUTE: '100000',
    // The same for the day's tables booked with an unproved e-mail (decision 048): the API tests check the cap.
    TABLE_BOOKINGS_PER_ADDRESS_PER_DAY: '100000',
    // The booking sites' stand-in listens on loopback, which feeds reach only when allowed (decision 024).
    CALENDAR_FEED_ALLOW_PRIVATE: '127.0.0.1/32',
    SMTP_URL: mail.url,
    // No letters asking for reviews among the run's letters (a code is read from the last one):
    // tests/reviews.spec.ts runs a server of its own for them.
    REVIEW_LETTERS_INTERVAL_SECONDS: '0',
    ...google.env,
  });
  process.env.E2E_BASE_URL = server.url;
  await createSuperuser(server.dataDir);

  return async () => {
    await server.stop();
    await mail.close();
    await google.close();
  };
}
