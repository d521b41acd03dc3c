/**
 * The sandbox is never the provider by mistake (docs/decisions/025-payments-hardening.md): the
 * server refuses to start in production without PAYMENT_PROVIDER, `npm start` chooses the sandbox
 * for a try-out and says so, and while the sandbox takes the payments every page carries the mark
 * that shows the "test payments" ribbon and every letter that speaks of a payment says it was a test.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { PaymentCreated } from '@hotel/domain';
import { checkServerEnv, loadEnv, paymentProviderOf } from '../../src/env';
import { repoRoot } from '../../src/paths';
import { createTestApp, type TestApp } from '../app';
import { insertMenu, insertOrderingGuest, postOrder } from '../order-fixtures';
import { caller } from '../support/http';
import { captureMail } from '../support/mail';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('PAYMENT_PROVIDER in production', () => {
  it('the server refuses to start in production without it, naming the variable', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://house1799.by' };
    expect(() => checkServerEnv(loadEnv(production))).toThrow(/PAYMENT_PROVIDER: is required in production/);
    expect(paymentProviderOf(checkServerEnv(loadEnv({ ...production, PAYMENT_PROVIDER: 'sandbox' })))).toBe('sandbox');
    // Outside production the sandbox is the default, as before.
    expect(paymentProviderOf(checkServerEnv(loadEnv({ NODE_ENV: 'development' })))).toBe('sandbox');
  });

  it('npm start sets the sandbox itself for a try-out, and prints that no money moves', async () => {
    const flags = (await import(pathToFileURL(path.join(repoRoot, 'scripts/server-flags.mjs')).href)) as {
      tryOutEnv(env: Record<string, string>): { env: Record<string, string>; notices: string[] };
    };
    const tryOut = flags.tryOutEnv({ PORT: '3000' });
    expect(tryOut.env.PAYMENT_PROVIDER).toBe('sandbox');
    expect(tryOut.notices.join('\n')).toMatch(/PAYMENT_PROVIDER is not set: payments go through the built-in sandbox, no money moves/);
    expect(() => checkServerEnv(loadEnv(tryOut.env))).not.toThrow();
    // A provider that is named is kept, and nothing is said.
    const named = flags.tryOutEnv({ PUBLIC_URL: 'https://house1799.by', PAYMENT_PROVIDER: 'bepaid' });
    expect(named.env.PAYMENT_PROVIDER).toBe('bepaid');
    expect(named.notices).toEqual([]);
  });
});

describe('the "test payments" ribbon is on every page while the sandbox is the provider', () => {
  let dist: string;
  afterAll(async () => {
    if (dist) await rm(dist, { recursive: true, force: true });
  });

  async function fakeBuild() {
    dist = await mkdtemp(path.join(os.tmpdir(), 'hotel-test-dist-'));
    // Over a kilobyte, as real pages are, so that they are compressed on the way out.
    const page = (lang: string, text: string) => `<!doctype html><html lang="${lang}"><head></head><body><div id="root">${text}${' '.repeat(2048)}</div></body></html>`;
    await writeFile(path.join(dist, 'index.html'), page('ru', 'Главная'));
    await writeFile(path.join(dist, 'shell.html'), page('ru', ''));
    await mkdir(path.join(dist, 'terms'));
    await writeFile(path.join(dist, 'terms', 'index.html'), page('ru', 'Условия'));
    await writeFile(path.join(dist, 'terms', 'index.en.html'), page('en', 'Terms'));
    return dist;
  }

  it('marks the prerendered pages and the app shell, in both languages and compressed or not', async () => {
    t = await createTestApp({}, { webDistFolder: await fakeBuild() });
    for (const [url, cookie] of [['/', ''], ['/terms', ''], ['/terms', 'language=en'], ['/account/orders', '']] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, `${url} ${cookie}`).toMatch(/^<!doctype html><html data-payments="sandbox" lang="(ru|en)">/);
    }
    const english = await t.app.inject({ method: 'GET', url: '/terms', headers: { cookie: 'language=en' } });
    expect(english.body).toContain('Terms');
    const compressed = await t.app.inject({ method: 'GET', url: '/terms', headers: { 'accept-encoding': 'gzip' } });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(compressed.rawPayload).toString()).toContain('data-payments="sandbox"');
  });

  it('leaves the pages unmarked with a real provider', async () => {
    t = await createTestApp(
      {
        PAYMENT_PROVIDER: 'bepaid',
        BEPAID_SHOP_ID: '361',
        BEPAID_SECRET_KEY: 'secret',
        BEPAID_PUBLIC_KEY: generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString(),
        PAYMENT_SETTLE_INTERVAL_SECONDS: '0',
      },
      { webDistFolder: await fakeBuild() },
    );
    const res = await t.app.inject({ method: 'GET', url: '/terms' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('data-payments');
  });
});

describe('letters that speak of a payment say it was a test', () => {
  it('the receipt and the cancellation letter of a paid order', async () => {
    const mail = captureMail();
    t = await createTestApp({ PAYMENT_SETTLE_INTERVAL_SECONDS: '0' }, { mailer: mail });
    const call = caller(t);
    const menu = await insertMenu(t);
    const { user, address, card } = await insertOrderingGuest(t);
    const order = await postOrder(t!, call, { address_id: address, payment_method_id: card.publicId, items: [{ product_id: String(menu.soup), quantity: 1 }] }, user.headers);
    const id = order.json<{ id: number }>().id;
    const paid = await call('POST', 'payments/create/', { order_id: id, payment_method_id: card.publicId }, user.headers);
    expect(paid.json<PaymentCreated>().status).toBe('succeeded');
    expect((await call('POST', `orders/${id}/cancel/`, {}, user.headers)).statusCode).toBe(200);
    const letters = mail.to(user.email);
    expect(letters).toHaveLength(2);
    for (const letter of letters) {
      expect(letter.text).toContain('это был тестовый платёж, деньги с карты не списывались');
      expect(letter.html).toContain('это был тестовый платёж');
    }
  });
});
