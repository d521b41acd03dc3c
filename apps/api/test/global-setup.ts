/**
 * Migrates a template database once per test run; every test file then starts from a fresh copy
 * of it (see test/app.ts). PGlite by default; a PostgreSQL server when DATABASE_URL is set. The
 * embedded template's data folder is offered too, for servers a test starts as processes on a
 * copy of it (test/support/server-process.ts).
 */
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** The migrated embedded template's data folder, as a server leaves it; '' on a PostgreSQL run. */
    pgliteTemplateFolder: string;
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const name = `hotel_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    await database.migrate();
    await database.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', '');
    project.provide('pgliteTemplateFolder', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }

  const dir = await mkdtemp(path.join(os.tmpdir(), 'hotel-template-'));
  const folder = path.join(dir, 'db');
  const template = await openDatabase({ pgliteDir: folder });
  await template.migrate();
  const dump = await template.dump!();
  await template.close();
  const dumpFile = path.join(dir, 'template.tar');
  await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', dumpFile);
  project.provide('pgliteTemplateFolder', folder);
  project.provide('postgresTemplate', '');
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
