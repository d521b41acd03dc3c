/**
 * The sandbox's hosted payment page, the stand-in for a provider's page: a new card is typed here
 * (number, expiry, holder; only the last four digits, brand, expiry and a token are kept), and a
 * charge that needs confirming (3-D Secure) is approved here. Every checkout can be approved,
 * declined or left pending. An ERIP bill's page plays the guest's bank app instead (decision 058):
 * it shows the path in ERIP and the bill's number, and the bill is paid or let expire at once. The
 * page then reports to POST payments/webhook/ with a signed notification, as a provider would, and
 * sends the browser back. No client token: the browser
 * comes here by plain navigation; the checkout's id is an unguessable UUID.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { eripPath, formatByn, type Language } from '@hotel/domain';
import { text, textsIn, type Texts } from '../../../i18n';
import { releaseDatabaseTurn } from '../../../plugins/database-queue';
import { escapeHtml } from '../../../mail/templates/layout';
import { behaviourOf, brandOf, digitsOf, parseExpiry, passesLuhn, SANDBOX_CARDS, tokenFor } from './cards';
import { notificationOf, SANDBOX_SIGNATURE_HEADER, signSandboxNotification, type SandboxCheckout, type SandboxGateway } from './gateway';
import { finishCheckout } from './repository';

const formSchema = z.object({
  decision: z.enum(['approve', 'decline', 'pending', 'expire']),
  number: z.string().max(40).optional(),
  expiry: z.string().max(10).optional(),
  holder: z.string().max(100).optional(),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function languageOf(request: FastifyRequest): Language {
  return request.cookies.language === 'en' ? 'en' : 'ru';
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:grid;place-items:center;padding:24px 16px;background:#f3ede4;color:#2b211b;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:100%;max-width:440px;background:#fffaf3;border-radius:18px;padding:28px 24px;box-shadow:0 10px 40px rgba(60,40,20,.12)}
.badge{display:inline-block;margin:0 0 16px;padding:4px 12px;border-radius:999px;background:#fde9c7;color:#7a4a12;font-size:13px}
h1{margin:0 0 4px;font:600 26px/1.2 Georgia,serif;color:#5b3a29}.what{margin:0 0 16px;color:#6f6259}
.amount{margin:0 0 20px;font-size:30px;font-weight:600}
label{display:block;margin:0 0 14px;font-size:14px;color:#5e5249}
input{display:block;width:100%;margin-top:6px;padding:12px 14px;border:1px solid #d9cbb9;border-radius:10px;font:inherit;background:#fff}
input[aria-invalid=true]{border-color:#b3261e}.error{margin:6px 0 0;color:#b3261e;font-size:13px}
.card{margin:0 0 20px;padding:14px 16px;border-radius:12px;background:#efe6da;font-size:18px;letter-spacing:.08em}
.row{display:flex;flex-wrap:wrap;gap:10px;margin-top:8px}button{flex:1 1 auto;min-height:48px;padding:10px 18px;border-radius:999px;border:1px solid #5b3a29;font:inherit;cursor:pointer;background:#fff;color:#5b3a29}
button[value=approve]{background:#5b3a29;color:#fffaf3}button[value=pending]{border-color:#c9b8a4;color:#6f6259}
details{margin-top:20px;font-size:13px;color:#6f6259}summary{cursor:pointer}code{font-size:13px}.note{font-size:13px;color:#6f6259}
a{color:#5b3a29}
`;

function page(language: Language, t: Texts, body: string): string {
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(t('sandbox.title'))} · Дом 1799</title><style>${STYLE}</style></head>
<body><main data-testid="sandbox-page">${body}</main></body>
</html>`;
}

interface FormErrors {
  number?: string;
  expiry?: string;
  holder?: string;
}

function field(name: 'number' | 'expiry' | 'holder', label: string, autocomplete: string, value: string, error: string | undefined, extra = '') {
  return `<label>${escapeHtml(label)}<input name="${name}" autocomplete="${autocomplete}" value="${escapeHtml(value)}"${error ? ' aria-invalid="true"' : ''}${extra}>${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}</label>`;
}

function checkoutPage(language: Language, checkout: SandboxCheckout, values: Record<string, string> = {}, errors: FormErrors = {}): string {
  const t = textsIn(language);
  const money = `${formatByn(checkout.amount, language)} ${checkout.currency}`;
  const saving = checkout.kind === 'tokenization';
  const fields = saving
    ? field('number', t('sandbox.number'), 'cc-number', values.number ?? '', errors.number, ' inputmode="numeric"') +
      field('expiry', t('sandbox.expiry'), 'cc-exp', values.expiry ?? '', errors.expiry, ' placeholder="12/30"') +
      field('holder', t('sandbox.holder'), 'cc-name', values.holder ?? '', errors.holder)
    : `<p class="card" data-testid="sandbox-card">${escapeHtml(t('sandbox.card'))} •••• ${escapeHtml(checkout.cardLast4 ?? '····')}</p>`;
  return page(
    language,
    t,
    `<p class="badge">${escapeHtml(t('sandbox.badge'))}</p>
<h1>${escapeHtml(saving ? t('sandbox.cardCheck') : t('sandbox.confirm'))}</h1>
${saving ? '' : `<p class="what">${escapeHtml(checkout.description)}</p>`}
<p class="amount" data-testid="sandbox-amount">${escapeHtml(money)}</p>
${saving ? `<p class="note">${escapeHtml(t('sandbox.cardCheckNote'))}</p>` : ''}
<form method="post" novalidate>
${fields}
<div class="row">
<button type="submit" name="decision" value="approve">${escapeHtml(t('sandbox.approve'))}</button>
<button type="submit" name="decision" value="decline">${escapeHtml(t('sandbox.decline'))}</button>
<button type="submit" name="decision" value="pending">${escapeHtml(t('sandbox.pending'))}</button>
</div>
</form>
${
  saving
    ? `<details><summary>${escapeHtml(t('sandbox.testCards'))}</summary><p><code>${SANDBOX_CARDS.approve}</code> — ${escapeHtml(t('sandbox.approveCard'))}<br><code>${SANDBOX_CARDS.decline}</code> — ${escapeHtml(t('sandbox.declineCard'))}<br><code>${SANDBOX_CARDS.threeDSecure}</code> — ${escapeHtml(t('sandbox.threeDsCard'))}<br><code>${SANDBOX_CARDS.threeDSecureAlways}</code> — ${escapeHtml(t('sandbox.threeDsAlwaysCard'))}<br>${escapeHtml(t('sandbox.anyExpiry'))}</p></details>`
    : ''
}`,
  );
}

/** The sandbox's stand-in for a bank's app paying an ERIP bill: the path, the number, pay or let it expire. */
function eripPage(language: Language, checkout: SandboxCheckout, servicePath: string): string {
  const t = textsIn(language);
  const money = `${formatByn(checkout.amount, language)} ${checkout.currency}`;
  const until = checkout.expiresAt
    ? new Intl.DateTimeFormat(language === 'ru' ? 'ru-RU' : 'en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Minsk' }).format(checkout.expiresAt)
    : null;
  return page(
    language,
    t,
    `<p class="badge">${escapeHtml(t('sandbox.eripBadge'))}</p>
<h1>${escapeHtml(t('sandbox.eripTitle'))}</h1>
<p class="what">${escapeHtml(checkout.description)}</p>
<p class="amount" data-testid="sandbox-amount">${escapeHtml(money)}</p>
<p class="note">${escapeHtml(t('sandbox.eripPath'))}</p>
<p class="card" data-testid="sandbox-erip-path">${escapeHtml(eripPath(language, servicePath))}</p>
<p class="note">${escapeHtml(t('sandbox.eripBill'))}</p>
<p class="card" data-testid="sandbox-erip-bill">${escapeHtml(checkout.cardToken ?? '')}</p>
${until ? `<p class="note">${escapeHtml(t('sandbox.eripUntil', { until }))}</p>` : ''}
<form method="post" novalidate>
<div class="row">
<button type="submit" name="decision" value="approve">${escapeHtml(t('sandbox.eripPay'))}</button>
<button type="submit" name="decision" value="expire">${escapeHtml(t('sandbox.eripExpire'))}</button>
</div>
</form>
<p class="note">${escapeHtml(t('sandbox.eripNote'))}</p>`,
  );
}

function messagePage(language: Language, message: string, backUrl: string | null): string {
  const t = textsIn(language);
  return page(
    language,
    t,
    `<p class="badge">${escapeHtml(t('sandbox.badge'))}</p><h1>${escapeHtml(t('sandbox.title'))}</h1><p>${escapeHtml(message)}</p>${backUrl ? `<p><a href="${escapeHtml(backUrl)}">${escapeHtml(t('sandbox.back'))}</a></p>` : ''}`,
  );
}

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply.code(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

/** Posts the checkout's outcome to its notification path, signed, through the server's own router. */
async function notify(app: FastifyInstance, gateway: SandboxGateway, checkout: SandboxCheckout): Promise<void> {
  const body = JSON.stringify(notificationOf(checkout));
  const response = await app.inject({
    method: 'POST',
    url: new URL(checkout.notificationUrl).pathname,
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxNotification(gateway.signingKey, body) },
    payload: body,
  });
  if (response.statusCode !== 200) {
    // The settling timer asks the sandbox about the payment later, as it would a real provider.
    app.log.warn({ checkoutId: checkout.id, status: response.statusCode, body: response.body }, 'sandbox notification not accepted');
  }
}

export async function sandboxPageRoutes(app: FastifyInstance) {
  const gateway = app.paymentGateway as SandboxGateway;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  async function load(request: FastifyRequest<{ Params: { id: string } }>) {
    const { id } = request.params;
    return UUID.test(id) ? gateway.findCheckout(id) : null;
  }

  app.get<{ Params: { id: string } }>('/:id/', { schema: { hide: true } }, async (request, reply) => {
    const language = languageOf(request);
    const checkout = await load(request);
    if (!checkout) return sendHtml(reply, 404, messagePage(language, text(language, 'sandbox.unknown'), null));
    if (checkout.status !== 'pending') return sendHtml(reply, 409, messagePage(language, text(language, 'sandbox.finished'), checkout.returnUrl));
    if (checkout.kind === 'erip') return sendHtml(reply, 200, eripPage(language, checkout, app.env.ERIP_SERVICE_PATH));
    return sendHtml(reply, 200, checkoutPage(language, checkout));
  });

  app.post<{ Params: { id: string } }>('/:id/', { schema: { hide: true } }, async (request, reply) => {
    const language = languageOf(request);
    const t = textsIn(language);
    const checkout = await load(request);
    if (!checkout) return sendHtml(reply, 404, messagePage(language, t('sandbox.unknown'), null));
    if (checkout.status !== 'pending') return sendHtml(reply, 409, messagePage(language, t('sandbox.finished'), checkout.returnUrl));
    const form = formSchema.safeParse(request.body);
    const erip = checkout.kind === 'erip';
    if (!form.success) return sendHtml(reply, 400, erip ? eripPage(language, checkout, app.env.ERIP_SERVICE_PATH) : checkoutPage(language, checkout));
    const { decision } = form.data;
    if (decision === 'pending') return reply.redirect(checkout.returnUrl, 303);
    // A bill is paid or expires; a card's page is approved or declined.
    if (erip !== (decision === 'expire') && decision !== 'approve') return sendHtml(reply, 400, messagePage(language, t('sandbox.finished'), checkout.returnUrl));

    let finish: Partial<SandboxCheckout>;
    if (decision === 'expire') {
      // «Let it expire» ends the bill at once, as if its time had run out: what it held is freed.
      finish = { status: 'failed', message: 'The ERIP bill expired' };
    } else if (decision === 'decline') {
      finish = { status: 'failed', message: checkout.kind === 'tokenization' ? 'The card was refused' : 'The payment was declined' };
    } else if (checkout.kind === 'tokenization') {
      const values = { number: form.data.number ?? '', expiry: form.data.expiry ?? '', holder: form.data.holder ?? '' };
      const digits = digitsOf(values.number);
      const expiry = parseExpiry(values.expiry, new Date());
      const holder = values.holder.trim();
      const errors: FormErrors = {
        ...(passesLuhn(digits) ? {} : { number: t('sandbox.badNumber') }),
        ...(expiry ? {} : { expiry: t('sandbox.badExpiry') }),
        ...(holder.length >= 2 && holder.length <= 64 ? {} : { holder: t('sandbox.badHolder') }),
      };
      if (Object.keys(errors).length > 0) return sendHtml(reply, 422, checkoutPage(language, checkout, values, errors));
      finish = {
        status: 'successful',
        cardToken: tokenFor(behaviourOf(digits), digits.slice(-4), randomBytes(12).toString('hex')),
        cardLast4: digits.slice(-4),
        brand: brandOf(digits),
        expMonth: expiry!.month,
        expYear: expiry!.year,
      };
    } else {
      finish = { status: 'successful' };
    }
    const finished = await finishCheckout(app.db, checkout.id, finish, new Date());
    if (!finished) return sendHtml(reply, 409, messagePage(language, t('sandbox.finished'), checkout.returnUrl));
    // The notification is another call, which waits for a turn of its own on the embedded
    // database: holding this one meanwhile, a few approvals at once held every turn and waited.
    releaseDatabaseTurn(request);
    await notify(app, gateway, finished);
    return reply.redirect(finished.returnUrl, 303);
  });
}
