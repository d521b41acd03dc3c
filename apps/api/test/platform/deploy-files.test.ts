/**
 * The image and the compose file (issue 22, point 4; issue 42, point 3; issue 43, point 8). No
 * container engine runs here, so both are read and held to what exists: every `npm run` is a
 * script of package.json, every variable the site is given is in .env.example, the image runs the
 * Node major of .nvmrc as a user that is not root, checks itself on health/ready/ and never picks
 * the sandbox itself, and compose runs PostgreSQL, MinIO (pinned), two instances and a proxy that
 * balances them with TRUST_PROXY and PUBLIC_URL set, the site on a role and a bucket user of its
 * own (decision 047).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { parse } from 'yaml';
import { openDatabase } from '../../src/db/client';
import { envSchema } from '../../src/env';
import { createTestApp, type TestApp } from '../app';
import { copyMigratedDatabase } from '../support/server-process';

const root = path.resolve(import.meta.dirname, '..', '..', '..', '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);
const exampleVariables = new Set([...read('.env.example').matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!));
const nodeMajor = read('.nvmrc').trim().split('.')[0]!;

/** The Dockerfile's instructions, continuation lines joined. */
function instructions(text: string): { keyword: string; args: string }[] {
  return text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [keyword, ...rest] = line.split(/\s+/);
      return { keyword: keyword!.toUpperCase(), args: rest.join(' ') };
    });
}

/** The environment without what the test runner sets, as a shell on a server has it. */
function cleanEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !/^(NODE_ENV|VITEST.*|TEST|DATABASE_URL|PUBLIC_URL|PAYMENT_PROVIDER|DATA_DIR|PGPASSWORD)$/.test(name)) env[name] = value;
  }
  return env;
}

/** Runs node with `args` until it exits, or until it prints `stopAt`, when it is stopped. */
function runNode(args: string[], options: { cwd: string; env: Record<string, string>; stopAt?: RegExp }) {
  const child = spawn(process.execPath, args, { cwd: options.cwd, env: { ...cleanEnv(), ...options.env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (options.stopAt?.test(stdout)) child.kill('SIGTERM');
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

const npmRuns = (text: string) => [...text.matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1]!);

describe('Dockerfile', () => {
  const dockerfile = instructions(read('Dockerfile'));
  const args = Object.fromEntries(dockerfile.filter((i) => i.keyword === 'ARG').map((i) => i.args.split('=') as [string, string]));
  const stages = dockerfile.filter((i) => i.keyword === 'FROM').map((i) => i.args.replace(/\$\{(\w+)\}/g, (_, name: string) => args[name] ?? ''));

  it('builds in one stage and runs in a slim one, both on the Node major of .nvmrc', () => {
    expect(stages).toHaveLength(2);
    for (const stage of stages) expect(stage).toMatch(new RegExp(`^node:${nodeMajor}-bookworm-slim\\b`));
    expect(stages[0]).toMatch(/ AS build$/);
  });

  it('runs the commands the tests run, each a script of package.json, and npm start', () => {
    const runs = dockerfile.filter((i) => i.keyword === 'RUN').map((i) => i.args);
    expect(runs).toContain('npm ci --no-audit --no-fund');
    const named = npmRuns(runs.join('\n'));
    expect(named).toContain('build');
    for (const script of named) expect(scripts, script).toContain(script);
    const cmd = dockerfile.find((i) => i.keyword === 'CMD')!.args;
    expect(JSON.parse(cmd)).toEqual(['node', 'scripts/start.mjs']);
    expect(existsSync(path.join(root, 'scripts/start.mjs'))).toBe(true);
    // What the runtime stage copies from the build exists after `npm run build`'s sources are in place.
    for (const copy of dockerfile.filter((i) => i.keyword === 'COPY' && !i.args.startsWith('--from'))) {
      for (const source of copy.args.split(/\s+/).slice(0, -1)) expect(existsSync(path.join(root, source)), source).toBe(true);
    }
  });

  it('copies every workspace’s package.json before npm ci, which refuses a workspace it cannot find', () => {
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    const ci = dockerfile.findIndex((i) => i.keyword === 'RUN' && i.args.startsWith('npm ci'));
    const copiedBefore = dockerfile
      .slice(0, ci)
      .filter((i) => i.keyword === 'COPY')
      .flatMap((i) => i.args.split(/\s+/).slice(0, -1));
    for (const workspace of workspaces) expect(copiedBefore, workspace).toContain(`${workspace}/package.json`);
  });

  it('runs as a user that is not root, with variables the site knows', () => {
    const user = dockerfile.filter((i) => i.keyword === 'USER').map((i) => i.args);
    expect(user).toEqual(['node']);
    const env = dockerfile.filter((i) => i.keyword === 'ENV').flatMap((i) => [...i.args.matchAll(/(\w+)=/g)].map((match) => match[1]!));
    expect(env.length).toBeGreaterThan(0);
    for (const name of env) {
      expect(exampleVariables, name).toContain(name);
      expect(Object.keys(envSchema.shape), name).toContain(name);
    }
  });

  describe('its command, scripts/start.mjs', { timeout: 180_000 }, () => {
    // start.mjs runs the build beside it, and builds first when the sources are newer. A copy of it
    // in a folder laid out as the image is, with a server built for this file, runs it unchanged
    // without rebuilding the repository's web app.
    const apiRoot = path.join(root, 'apps', 'api');
    const outDir = `dist-start-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
    let image: string;
    let tryOut: ReturnType<typeof spawn> | undefined;
    beforeAll(async () => {
      const built = await runNode(['build.mjs'], { cwd: apiRoot, env: { API_OUT_DIR: outDir } });
      expect(built.code, built.stderr).toBe(0);
      image = await mkdtemp(path.join(os.tmpdir(), 'hotel-image-'));
      await mkdir(path.join(image, 'scripts'));
      for (const script of ['start.mjs', 'server-flags.mjs']) await copyFile(path.join(root, 'scripts', script), path.join(image, 'scripts', script));
      await mkdir(path.join(image, 'apps', 'api', 'dist'), { recursive: true });
      await symlink(path.join(apiRoot, outDir, 'server.js'), path.join(image, 'apps', 'api', 'dist', 'server.js'));
      await mkdir(path.join(image, 'apps', 'web', 'dist'), { recursive: true });
      await writeFile(path.join(image, 'apps', 'web', 'dist', 'index.html'), '<!doctype html><title>House 1799</title>');
    });
    afterAll(async () => {
      // A try-out that never said it was running is still up.
      if (tryOut && tryOut.exitCode === null && tryOut.signalCode === null) {
        const gone = new Promise((resolve) => tryOut!.once('exit', resolve));
        tryOut.kill('SIGTERM');
        await gone;
      }
      await rm(path.join(apiRoot, outDir), { recursive: true, force: true });
      if (image) await rm(image, { recursive: true, force: true });
    });

    /** The image's environment (its ENV lines) with `env` over it, as `docker run -e` gives it. */
    const imageEnv = (env: Record<string, string>) => ({
      ...Object.fromEntries(dockerfile.filter((i) => i.keyword === 'ENV').flatMap((i) => [...i.args.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1]!, m[2]!]))),
      ...env,
    });

    it('in production, without PAYMENT_PROVIDER, exits non-zero naming it rather than take orders on the sandbox', async () => {
      const env = imageEnv({ HOST: '127.0.0.1', PORT: '0', PUBLIC_URL: 'https://house1799.by', DATA_DIR: path.join(image, 'data') });
      expect(env.NODE_ENV).toBe('production');
      // A server that starts anyway is stopped at once and fails the test.
      const started = await runNode(['scripts/start.mjs'], { cwd: image, env, stopAt: /is running at/ });
      expect(started.code).not.toBe(0);
      expect(started.stderr).toMatch(/PAYMENT_PROVIDER: is required in production/);
      expect(started.stdout).not.toMatch(/sandbox/);
    });

    it('on a developer’s machine (NODE_ENV not set) runs on the sandbox and says so, as the quick start does', async () => {
      // What it says is the point, not a first start: a migrated database spares it initdb and the migrations.
      const dataDir = path.join(image, 'try-out');
      await copyMigratedDatabase(dataDir);
      const child = (tryOut = spawn(process.execPath, ['scripts/start.mjs'], {
        cwd: image,
        env: { ...cleanEnv(), HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
      }));
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      let printed = '';
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          printed += chunk.toString();
          if (/is running at/.test(printed)) resolve();
        });
        void exited.then((code) => reject(new Error(`start.mjs exited with ${code}: ${printed}`)));
      });
      child.kill('SIGTERM');
      await exited;
      expect(printed).toMatch(/PAYMENT_PROVIDER is not set: payments go through the built-in sandbox, no money moves/);
      expect(printed).toMatch(/Payments: the built-in sandbox; no money moves/);
    });
  });

  describe('its health check', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => {
      await t?.close();
    });

    it('asks health/ready/, which answers 200 without the client token', async () => {
      const check = dockerfile.find((i) => i.keyword === 'HEALTHCHECK')!.args;
      const url = /'http:\/\/127\.0\.0\.1:' \+ \(process\.env\.PORT \|\| 3000\) \+ '([^']+)'/.exec(check)?.[1];
      expect(url).toBe('/api/v1/health/ready/');
      expect((await t.app.inject({ method: 'GET', url: url! })).statusCode).toBe(200);
    });
  });
});

interface ComposeService {
  image?: string;
  build?: string;
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
}

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, ComposeService> };
  const services = compose.services;
  const sites = Object.entries(services).filter(([, service]) => service.build === '.');

  it('runs PostgreSQL, MinIO, two instances of the site and Caddy', () => {
    expect(services.postgres?.image).toMatch(/^postgres:/);
    expect(services.minio?.image).toMatch(/^minio\/minio/);
    expect(services.caddy?.image).toMatch(/^caddy:/);
    expect(sites.map(([name]) => name)).toEqual(['app1', 'app2']);
  });

  it('pins every image it pulls to a version, MinIO’s to a release', () => {
    const pulled = Object.entries(services).filter(([, service]) => service.image);
    for (const [name, service] of pulled) expect(service.image, name).toMatch(/^[\w./-]+:(?!latest$)[\w.-]+$/);
    expect(services.minio!.image).toMatch(/^minio\/minio:RELEASE\.\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z$/);
    expect(services['minio-bucket']!.image).toMatch(/^minio\/mc:RELEASE\.\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z$/);
  });

  it('gives the site a database role and a bucket user of its own, never the superuser’s or MinIO root’s credentials', () => {
    const postgres = services.postgres!.environment!;
    const superuser = postgres.POSTGRES_USER!;
    const makeRole = services.postgres!.volumes!.find((volume) => volume.includes(':/docker-entrypoint-initdb.d/'))!;
    const roleScript = read(makeRole.split(':')[0]!);
    const bucketService = services['minio-bucket'] as ComposeService & { entrypoint: string[] };
    const bucketScript = read(bucketService.volumes!.find((volume) => volume.endsWith(`:${bucketService.entrypoint.at(-1)}:ro`))!.split(':')[0]!);
    for (const [name, site] of sites) {
      const env = site.environment!;
      for (const [variable, value] of Object.entries(env)) {
        expect(String(value), `${name}: ${variable}`).not.toMatch(/POSTGRES_PASSWORD|MINIO_ROOT_/);
      }
      const url = new URL(env.DATABASE_URL!);
      expect(url.username, name).toBe(postgres.SITE_DB_USER);
      expect(url.username, name).not.toBe(superuser);
      expect(url.pathname, name).toBe(`/${postgres.SITE_DB_NAME}`);
      // No password in the URL, where @ / # would need percent-encoding: PGPASSWORD, the role's.
      expect(url.password, name).toBe('');
      expect(env.PGPASSWORD, name).toBe(postgres.SITE_DB_PASSWORD);
      // The bucket user the site is given is the one the bucket service makes, with MinIO's root keys.
      expect(env.S3_ACCESS_KEY_ID, name).toBe(bucketService.environment!.S3_ACCESS_KEY_ID);
      expect(env.S3_SECRET_ACCESS_KEY, name).toBe(bucketService.environment!.S3_SECRET_ACCESS_KEY);
      expect(env.S3_BUCKET, name).toBe(bucketService.environment!.S3_BUCKET);
    }
    expect(roleScript).toMatch(/CREATE ROLE :"name" LOGIN PASSWORD :'password';/);
    expect(roleScript).toMatch(/CREATE DATABASE :"database" OWNER :"name";/);
    expect(bucketScript).toMatch(/mc admin user add local "\$S3_ACCESS_KEY_ID" "\$S3_SECRET_ACCESS_KEY"/);
    expect(bucketScript).toMatch(/mc admin policy attach local site-pictures --user "\$S3_ACCESS_KEY_ID"/);
    expect(bucketScript).toContain('"Resource": ["arn:aws:s3:::$S3_BUCKET/*"]');
  });

  it('needs PAYMENT_PROVIDER named: nothing chooses the sandbox for it', () => {
    for (const [name, site] of sites) expect(site.environment!.PAYMENT_PROVIDER, name).toMatch(/^\$\{PAYMENT_PROVIDER:\?[^}]+\}$/);
    expect(read('deploy/compose.env.example')).toMatch(/^PAYMENT_PROVIDER=$/m);
  });

  it('keeps the mail outbox on a named volume, made private in the image for the site’s user', () => {
    const volumes = Object.keys((parse(read('compose.yaml')) as { volumes: Record<string, unknown> }).volumes);
    for (const [name, site] of sites) {
      expect(site.environment!.SMTP_URL, name).not.toMatch(/:\?/);
      const outbox = site.volumes!.find((volume) => volume.endsWith(':/data/mail'));
      expect(outbox, name).toBeDefined();
      expect(volumes, name).toContain(outbox!.split(':')[0]);
    }
    expect(read('Dockerfile')).toMatch(/mkdir -p \/data\/mail .*chmod 700 \/data \/data\/mail/);
  });

  it('does not serve /metrics through the proxy', () => {
    const caddyfile = read('deploy/Caddyfile');
    expect(caddyfile).toMatch(/^\s*@metrics path \/metrics \/metrics\/\*$/m);
    expect(caddyfile).toMatch(/^\s*respond @metrics 404$/m);
  });

  it('gives the instances only variables the site knows, with a proxy trusted and the public address set', () => {
    for (const [name, site] of sites) {
      const env = site.environment!;
      for (const variable of Object.keys(env)) expect(exampleVariables, `${name}: ${variable}`).toContain(variable);
      expect(env.TRUST_PROXY).toBe('1');
      expect(env.PUBLIC_URL).toMatch(/^https:\/\//);
      expect(env.DATABASE_URL).toMatch(/@postgres:5432\//);
      expect(env.S3_BUCKET).toBeTruthy();
      expect(env.S3_ENDPOINT).toBe('http://minio:9000');
      expect(env.NODE_ENV).toBe('production');
    }
    // The bucket the site is given is the one made for it.
    const bucketService = services['minio-bucket']!;
    expect(bucketService.environment!.S3_BUCKET).toBe(sites[0]![1].environment!.S3_BUCKET);
    expect(read('deploy/minio-site-user.sh')).toContain('mc mb --ignore-existing "local/$S3_BUCKET"');
  });

  it('puts Caddy in front of both instances, on their readiness, with TLS', () => {
    const mount = services.caddy!.volumes!.find((volume) => volume.endsWith(':/etc/caddy/Caddyfile:ro'))!;
    const caddyfile = read(mount.split(':')[0]!);
    const upstreams = /reverse_proxy ([^{]+)\{/.exec(caddyfile)![1]!.trim().split(/\s+/);
    expect(upstreams).toEqual(sites.map(([name]) => `${name}:3000`));
    expect(caddyfile).toMatch(/health_uri \/api\/v1\/health\/ready\//);
    expect(services.caddy!.environment!.SITE_HOST).toBeTruthy();
    expect(read('Dockerfile')).toMatch(/EXPOSE 3000/);
  });

  it('names in its comments only scripts that exist', () => {
    for (const script of npmRuns(read('compose.yaml'))) expect(scripts, script).toContain(script);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('the site’s own database role on PostgreSQL (compose’s first start)', { timeout: 120_000 }, () => {
  const server = new URL(process.env.DATABASE_URL || 'postgres://localhost/postgres');
  const name = `hotel_site_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: server.toString() });
  beforeAll(() => admin.connect());
  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`DROP ROLE IF EXISTS ${name}`);
    await admin.end();
  });

  it('deploy/postgres-site-role.sh makes a role that is no superuser, owns its database and applies every migration', async () => {
    const made = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn('sh', [path.join(root, 'deploy', 'postgres-site-role.sh')], {
        env: {
          ...process.env,
          PGHOST: server.hostname,
          PGPORT: server.port || '5432',
          PGPASSWORD: decodeURIComponent(server.password),
          POSTGRES_USER: decodeURIComponent(server.username),
          POSTGRES_DB: server.pathname.slice(1),
          SITE_DB_USER: name,
          SITE_DB_NAME: name,
          // Quoted by psql, so a password may hold what SQL and URLs treat specially.
          SITE_DB_PASSWORD: `it's a p@ss/word#1799:"x"`,
        },
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('exit', (code) => resolve({ code, stderr }));
    });
    expect(made.code, made.stderr).toBe(0);
    const site = new URL(server.toString());
    site.username = name;
    site.password = '';
    site.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: site.toString() });
    try {
      await database.migrate();
      const { rows } = await admin.query<{ rolsuper: boolean; owner: string }>(
        `select r.rolsuper, pg_get_userbyid(d.datdba) as owner from pg_roles r, pg_database d where r.rolname = $1 and d.datname = $1`,
        [name],
      );
      expect(rows).toEqual([{ rolsuper: false, owner: name }]);
    } finally {
      await database.close();
    }
  });
});
