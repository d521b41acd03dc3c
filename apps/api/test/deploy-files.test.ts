/**
 * The image and the compose file (issue 22, point 4). No container engine runs here, so both are
 * read and held to what exists: every `npm run` is a script of package.json, every variable the
 * site is given is in .env.example, the image runs the Node major of .nvmrc as a user that is not
 * root and checks itself on health/ready/, and compose runs PostgreSQL, MinIO, two instances
 * and a proxy that balances them with TRUST_PROXY and PUBLIC_URL set.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { envSchema } from '../src/env';
import { createTestApp, type TestApp } from './app';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
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
    const makeBucket = (services['minio-bucket'] as { entrypoint: string[] }).entrypoint.join(' ');
    expect(makeBucket).toContain(`local/${sites[0]![1].environment!.S3_BUCKET}`);
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
