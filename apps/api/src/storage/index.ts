/**
 * Where uploaded and generated images live: local disk under DATA_DIR/uploads (the embedded
 * default), or an S3-compatible bucket when S3_BUCKET is set (storage/s3.ts), which every
 * instance shares. Resized copies are kept by the same storage, so they too are made once.
 */
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Env } from '../env';
import { storedName, storedNamePattern, type Storage } from './contract';
import { createS3Storage } from './s3';

// What a storage is, its failure and how its files are named live in contract.ts, which the
// bucket's storage (s3.ts) imports too: from here it would close an import ring.
export { StorageUnavailableError, storedName, storedNamePattern, type Storage } from './contract';

export function createDiskStorage(dataDir: string): Storage {
  const root = path.join(dataDir, 'uploads');
  const cacheDir = path.join(dataDir, 'cache');
  const write = async (name: string, bytes: Buffer) => {
    await mkdir(root, { recursive: true });
    await writeFile(path.join(root, name), bytes);
  };
  return {
    describe: root,
    reachable: async () => true,
    async put(base, extension, bytes) {
      const name = storedName(base, extension, bytes);
      await write(name, bytes);
      return name;
    },
    async putNamed(name, bytes) {
      if (!storedNamePattern.test(name)) throw new Error(`Not a stored file name: ${name}`);
      await write(name, bytes);
    },
    async read(name) {
      if (!storedNamePattern.test(name)) return null;
      try {
        return await readFile(path.join(root, name));
      } catch {
        return null;
      }
    },
    async remove(name) {
      if (!storedNamePattern.test(name)) return;
      await rm(path.join(root, name), { force: true });
    },
    async *list() {
      const names = await readdir(root).catch(() => [] as string[]);
      for (const name of names.sort()) if (storedNamePattern.test(name)) yield name;
    },
    async readDerived(name) {
      return readFile(path.join(cacheDir, path.basename(name))).catch(() => null);
    },
    async putDerived(name, bytes) {
      // Not recursive: when the data folder itself is gone (a server shutting down), nothing is left behind.
      await mkdir(cacheDir).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
      });
      // Written whole, then renamed: a reader never sees half a file.
      const target = path.join(cacheDir, path.basename(name));
      await writeFile(`${target}.part`, bytes);
      await rename(`${target}.part`, target);
    },
  };
}

/**
 * The storage's own resized copies first, then those of the machine's folder (IMAGE_CACHE_DIR):
 * a derived name holds the original's content hash, the width and the format, so another server's
 * copy of the same picture is the same bytes. A copy found there is kept by the storage too, and
 * every copy made is left there for the next server. A folder that cannot be read or written only
 * costs an encode.
 */
export function withSharedDerived(storage: Storage, dir: string): Storage {
  const shared = (name: string) => path.join(dir, path.basename(name));
  // Both storages are plain objects of closures, so the rest is theirs unchanged.
  return {
    ...storage,
    async readDerived(name) {
      const own = await storage.readDerived(name);
      if (own) return own;
      const copy = await readFile(shared(name)).catch(() => null);
      if (copy) await storage.putDerived(name, copy);
      return copy;
    },
    async putDerived(name, bytes) {
      await storage.putDerived(name, bytes);
      try {
        await mkdir(dir, { recursive: true });
        // Written aside and renamed: a server reading beside this one never sees half a file.
        const aside = `${shared(name)}.${process.pid}.${Math.random().toString(36).slice(2)}`;
        await writeFile(aside, bytes);
        await rename(aside, shared(name));
      } catch {
        // Only the next server's time is lost.
      }
    },
  };
}

/** The bucket when S3_BUCKET is set, else the disk under DATA_DIR; resized copies shared through IMAGE_CACHE_DIR when set. */
export function createStorage(env: Env): Storage {
  const storage = ownStorage(env);
  return env.IMAGE_CACHE_DIR ? withSharedDerived(storage, env.IMAGE_CACHE_DIR) : storage;
}

function ownStorage(env: Env): Storage {
  if (!env.S3_BUCKET) return createDiskStorage(env.DATA_DIR);
  return createS3Storage({
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  });
}
