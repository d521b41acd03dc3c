/** Copies every stored picture from one storage to another (`npm run storage:migrate`, backups). */
import type { Storage } from '../storage';

/**
 * Copies what `to` lacks; names are content-addressed, so a name already there holds the same
 * bytes and is left alone, and a copy cut short can simply be run again. Resized copies are not
 * carried over: the new storage makes its own when first asked.
 */
export async function copyStoredFiles(from: Storage, to: Storage, onFile?: (name: string) => void): Promise<{ copied: number; present: number }> {
  const there = new Set<string>();
  for await (const name of to.list()) there.add(name);
  let copied = 0;
  for await (const name of from.list()) {
    if (there.has(name)) continue;
    const bytes = await from.read(name);
    if (!bytes) continue;
    await to.putNamed(name, bytes);
    copied += 1;
    onFile?.(name);
  }
  return { copied, present: there.size };
}
