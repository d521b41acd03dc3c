/** What every storage of pictures offers (index.ts: on disk; s3.ts: in a bucket), and how a stored file is named. */
import { createHash } from 'node:crypto';

export interface Storage {
  /** Stores the bytes under a content-addressed name derived from `base` and returns that name. */
  put(base: string, extension: string, bytes: Buffer): Promise<string>;
  read(name: string): Promise<Buffer | null>;
  remove(name: string): Promise<void>;
  /** Every stored name (backups, `npm run storage:migrate`). */
  list(): AsyncIterable<string>;
  /** Stores the bytes under the very name given (a restore, a migration): it is already content-addressed. */
  putNamed(name: string, bytes: Buffer): Promise<void>;
  /** A derived file (a resized image) by its name, or null; derived files may be thrown away at any time. */
  readDerived(name: string): Promise<Buffer | null>;
  putDerived(name: string, bytes: Buffer): Promise<void>;
  /** Where the bytes are, for the log and the backup's manifest. */
  describe: string;
  /** Whether the bytes can be reached now (readiness reports it; a bucket may be down while pages still work). */
  reachable(): Promise<boolean>;
}

/**
 * The storage could not be reached or answered with a failure of its own (a bucket down, S3's
 * 5xx): the request is answered 503 with Retry-After (plugins/errors.ts), not 500.
 */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The storage could not be reached', { cause });
  }
}

/** File names are `<base>-<hash>.<ext>`: lower-case letters, digits and dashes only. */
export const storedNamePattern = /^[a-z0-9][a-z0-9-]{0,80}\.(webp|png|jpg|jpeg|svg|avif)$/;

/** The content-addressed name of `bytes`, the same on disk and in a bucket. */
export function storedName(base: string, extension: string, bytes: Buffer): string {
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
  const safeBase = base.toLowerCase().replace(/[^a-z0-9-]+/g, '-').slice(0, 60) || 'file';
  return `${safeBase}-${hash}.${extension}`;
}
