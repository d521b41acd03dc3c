/**
 * `npm run restore -- <backup folder>`: brings a backup made by `npm run backup` back into an
 * empty database (a new PostgreSQL database named by DATABASE_URL, or a DATA_DIR without db/) and
 * the configured storage (DATA_DIR/uploads or the S3 bucket). The server must not be running.
 */
import { parseArgs } from 'node:util';
import { restore } from '../backup';
import { databaseConfig, loadEnv } from '../env';
import { typedPath } from '../paths';
import { keepFilesPrivate } from '../private-files';
import { createStorage } from '../storage';

const usage = 'Usage: npm run restore -- <backup folder>';

async function main() {
  keepFilesPrivate();
  const { positionals } = parseArgs({ allowPositionals: true });
  if (positionals.length !== 1) throw new Error(usage);
  const env = loadEnv();
  const manifest = await restore({ from: typedPath(positionals[0]!), database: databaseConfig(env), storage: createStorage(env) });
  console.log(`Restored the database and ${manifest.pictures} pictures of the backup made ${manifest.createdAt}. Start the server: it applies newer migrations, if any.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
