/** An S3 stand-in on loopback (s3rver, in this process) with one bucket, for the storage tests. */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface S3StandIn {
  /** Settings that point the app at the stand-in's bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startS3StandIn(bucket = 'hotel-pictures'): Promise<S3StandIn> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'hotel-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      // s3rver's own pair: it checks signatures as S3 does.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
