// How the built server is run, by `npm start` (start.mjs) and `npm run bench:api` alike, so that the
// benchmark measures the product (docs/decisions/022-lean-request-path.md).

/**
 * Node's flags. V8 sizes the young generation for a large machine (about 120 MB of the idle
 * server's memory); 16 MB semi-spaces cost no measurable speed. The embedded database is
 * PostgreSQL compiled to WebAssembly: V8 recompiles its hot functions with its optimising compiler
 * in the background, which for PostgreSQL's largest functions holds about half a gigabyte for a
 * moment, more than the whole server otherwise needs; its baseline compiler's code serves this
 * site's load as fast.
 */
export function serverNodeFlags(env) {
  return ['--enable-source-maps', '--max-semi-space-size=16', '--expose-gc', ...(env.DATABASE_URL ? [] : ['--liftoff-only'])];
}

/**
 * The environment, with MALLOC_ARENA_MAX=2 unless set: glibc gives each thread that allocates its
 * own arena, and sharp's (libvips') threads then keep freed picture buffers spread over many of
 * them (sharp's documentation, "Memory allocator").
 */
export function serverEnv(env) {
  return { ...env, MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2' };
}

/**
 * What `npm start` fills in for a try-out on this machine, and says so. The server runs as in
 * production unless NODE_ENV says otherwise, and then refuses to start without PUBLIC_URL (it never
 * builds links from a request's Host header) and without PAYMENT_PROVIDER, so that no deploy takes
 * orders on the sandbox by mistake. A try-out (NODE_ENV not set) gets this machine's address and
 * the sandbox, in which no money moves. NODE_ENV=production, which the image sets, is a deployment:
 * nothing is filled in, and the server names what is missing (docs/decisions/025-payments-hardening.md).
 */
export function tryOutEnv(source) {
  const env = { ...source };
  const notices = [];
  if (env.NODE_ENV) return { env, notices };
  if (!env.PUBLIC_URL) {
    env.PUBLIC_URL = `http://localhost:${env.PORT || 3000}`;
    notices.push(`PUBLIC_URL is not set: links and images use ${env.PUBLIC_URL}. Set it to the site's address before it goes public.`);
  }
  if (!env.PAYMENT_PROVIDER) {
    env.PAYMENT_PROVIDER = 'sandbox';
    notices.push(
      'PAYMENT_PROVIDER is not set: payments go through the built-in sandbox, no money moves, and every page says so. Set PAYMENT_PROVIDER=bepaid before it goes public.',
    );
  }
  return { env, notices };
}
