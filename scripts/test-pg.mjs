// `npm run test:pg`: the API tests against a PostgreSQL server (DATABASE_URL, default the local
// one). Each run migrates a fresh template database and copies it per test file.
import { spawnSync } from 'node:child_process';

const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const result = spawnSync('npx', ['vitest', 'run', '--project', 'api', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: databaseUrl },
});
process.exit(result.status ?? 1);
