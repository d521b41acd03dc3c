/**
 * `npm run storage:migrate [-- --from <folder>]`: copies the pictures of an uploads folder (by
 * default DATA_DIR/uploads) into the bucket S3_BUCKET names, so an instance that used its disk can
 * move to object storage. Run it before starting the instances with S3_BUCKET, and again after
 * (it copies only what the bucket lacks) if pictures were uploaded meanwhile.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadEnv } from '../env';
import { createDiskStorage, createStorage } from '../storage';
import { copyStoredFiles } from '../storage/migrate';

const usage = 'Usage: S3_BUCKET=… npm run storage:migrate [-- --from <folder holding uploads/>]';

async function main() {
  const { values } = parseArgs({ options: { from: { type: 'string' } } });
  const env = loadEnv();
  if (!env.S3_BUCKET) throw new Error(`S3_BUCKET is not set: there is no bucket to copy into.\n${usage}`);
  const from = createDiskStorage(values.from ? path.resolve(values.from) : env.DATA_DIR);
  const to = createStorage(env);
  const { copied, present } = await copyStoredFiles(from, to);
  console.log(`Copied ${copied} pictures from ${from.describe} into ${to.describe} (${present} were there already).`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
