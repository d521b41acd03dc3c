/**
 * The superuser of the end-to-end run: made by global-setup with the real command
 * (`npm run create-superuser`), which asks the running server to do it, as an operator would.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

export const SUPERUSER = { email: 'superuser@e2e.example.com', password: 'Grodno1799super' } as const;

const root = path.resolve(import.meta.dirname, '../..');

export async function createSuperuser(dataDir: string): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/create-superuser.ts', '--email', SUPERUSER.email, '--password', SUPERUSER.password], {
    cwd: path.join(root, 'apps/api'),
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`create-superuser failed (${code}):\n${output}`);
}
