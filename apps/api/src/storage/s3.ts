/**
 * Pictures in an S3-compatible bucket (Amazon S3, MinIO, …), shared by every instance: a photo
 * uploaded through one is served by all, and each resized copy is made once and kept beside the
 * originals. Originals are `uploads/<name>`, resized copies `cache/<name>`, so the bucket reads
 * like DATA_DIR. The SDK is loaded on first use: a server on the disk storage never loads it.
 */
import type * as S3Sdk from '@aws-sdk/client-s3';
import { StorageUnavailableError, storedName, storedNamePattern, type Storage } from './contract';

export interface S3StorageOptions {
  bucket: string;
  /** Another service than Amazon's, e.g. http://minio:9000. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Bucket in the path (MinIO, most stand-ins), not in the host name. */
  forcePathStyle: boolean;
}

const ORIGINALS = 'uploads/';
const DERIVED = 'cache/';

/**
 * A bucket that does not answer is given up on soon: the SDK otherwise waits for the operating
 * system (minutes) on a host that drops packets, and holds the visitor's request all along.
 */
const CONNECTION_TIMEOUT_MS = 3000;
const REQUEST_TIMEOUT_MS = 15_000;

/** Any failure of the bucket besides a missing object is the bucket's, answered 503 (plugins/errors.ts). */
const unavailable = (error: unknown) => {
  throw new StorageUnavailableError(error);
};

export function createS3Storage(options: S3StorageOptions): Storage {
  const { bucket } = options;
  let loaded: Promise<{ client: S3Sdk.S3Client; sdk: typeof S3Sdk }> | undefined;
  const s3 = () =>
    (loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: options.region,
        endpoint: options.endpoint,
        forcePathStyle: options.forcePathStyle,
        requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
        // Unset: the SDK's own chain (environment, instance role).
        credentials:
          options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined,
      }),
    })));

  const get = async (key: string): Promise<Buffer | null> => {
    const { client, sdk } = await s3();
    try {
      const object = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
      return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
    } catch (error) {
      if (error instanceof sdk.NoSuchKey || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
      return unavailable(error);
    }
  };
  const put = async (key: string, bytes: Buffer) => {
    const { client, sdk } = await s3();
    await client.send(new sdk.PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes })).catch(unavailable);
  };

  return {
    describe: `s3://${bucket}`,
    async reachable() {
      const { client, sdk } = await s3();
      return client.send(new sdk.HeadBucketCommand({ Bucket: bucket })).then(
        () => true,
        () => false,
      );
    },
    async put(base, extension, bytes) {
      const name = storedName(base, extension, bytes);
      await put(ORIGINALS + name, bytes);
      return name;
    },
    async putNamed(name, bytes) {
      if (!storedNamePattern.test(name)) throw new Error(`Not a stored file name: ${name}`);
      await put(ORIGINALS + name, bytes);
    },
    async read(name) {
      if (!storedNamePattern.test(name)) return null;
      return get(ORIGINALS + name);
    },
    async remove(name) {
      if (!storedNamePattern.test(name)) return;
      const { client, sdk } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: ORIGINALS + name })).catch(unavailable);
    },
    async *list() {
      const { client, sdk } = await s3();
      let token: string | undefined;
      do {
        const page = await client.send(new sdk.ListObjectsV2Command({ Bucket: bucket, Prefix: ORIGINALS, ContinuationToken: token })).catch(unavailable);
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(ORIGINALS.length);
          if (name && storedNamePattern.test(name)) yield name;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    readDerived: (name) => get(DERIVED + name),
    putDerived: (name, bytes) => put(DERIVED + name, bytes),
  };
}
