/**
 * Where uploaded and generated images live. Local disk under DATA_DIR/uploads today; an object
 * store can implement the same interface later without touching the routes.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface Storage {
  /** Stores the bytes under a content-addressed name derived from `base` and returns that name. */
  put(base: string, extension: string, bytes: Buffer): Promise<string>;
  read(name: string): Promise<Buffer | null>;
  remove(name: string): Promise<void>;
  /** Folder for derived files (resized images) that may be thrown away at any time. */
  cacheDir: string;
}

/** File names are `<base>-<hash>.<ext>`: lower-case letters, digits and dashes only. */
export const storedNamePattern = /^[a-z0-9][a-z0-9-]{0,80}\.(webp|png|jpg|jpeg|svg|avif)$/;

export function createDiskStorage(dataDir: string): Storage {
  const root = path.join(dataDir, 'uploads');
  const cacheDir = path.join(dataDir, 'cache');
  return {
    cacheDir,
    async put(base, extension, bytes) {
      const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
      const safeBase = base.toLowerCase().replace(/[^a-z0-9-]+/g, '-').slice(0, 60) || 'file';
      const name = `${safeBase}-${hash}.${extension}`;
      await mkdir(root, { recursive: true });
      await writeFile(path.join(root, name), bytes);
      return name;
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
  };
}
