/**
 * `npm run seed -w apps/api` (and `node dist/seed.js` in a build): migrates the database and
 * loads the demo content into it when it has no rooms yet. Reads the same environment as the server.
 */
import { demoConveniences, demoProducts, demoRooms } from '@hotel/demo-content';
import { openDatabase } from '../db/client';
import { databaseConfig, loadEnv } from '../env';
import { keepFilesPrivate } from '../private-files';
import { createStorage } from '../storage';
import { seedDemoContent } from './seed';

keepFilesPrivate();
const env = loadEnv();
const database = await openDatabase(databaseConfig(env));
try {
  await database.migrate();
  const loaded = await seedDemoContent(database.db, createStorage(env));
  console.log(
    loaded
      ? `Demo content loaded: ${demoRooms.length} rooms, ${demoConveniences.length} amenities, ${demoProducts.length} dishes`
      : 'The database already has rooms; nothing loaded.',
  );
} catch (error) {
  console.error('Loading the demo content failed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
