/**
 * What the site writes to disk is its guests' data: password hashes, e-mails, phones, the card
 * provider's tokens, sign-in codes in the mail outbox. Folders are 0700 and files 0600, whatever
 * umask the process was started with (docs/decisions/035-backups.md, "Private files").
 */
import { chmod, readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * The first call of every command that writes the site's data (the server, the demo content
 * loader, backup and restore): one process-wide umask covers every folder and file made after it,
 * by our code, by pg_dump and by the children the process starts.
 */
export function keepFilesPrivate(): void {
  process.umask(0o077);
}

/**
 * The embedded database sets the mode of the files it makes itself (0666, past any umask): this
 * takes every folder under `folder` back to 0700 and every file to 0600. Symbolic links are left
 * alone (chmod would follow them out of the folder).
 */
export async function makePrivate(folder: string): Promise<void> {
  const entries = await readdir(folder, { withFileTypes: true });
  await chmod(folder, 0o700);
  await Promise.all(
    entries.map(async (entry) => {
      const entryPath = path.join(folder, entry.name);
      if (entry.isDirectory()) return makePrivate(entryPath);
      if (entry.isSymbolicLink()) return;
      // A file PostgreSQL removed meanwhile (a recycled WAL segment) needs nothing.
      await chmod(entryPath, 0o600).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    }),
  );
}
