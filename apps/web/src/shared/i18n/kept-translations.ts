/**
 * A text is the same for the same language, namespaces, key and options as long as the texts in
 * memory do not change, so it is kept. It is kept where a component's `t` is made (`getFixedT`,
 * what `useTranslation` hands out), ahead of i18next's copy of its options on every call, its
 * lookup, plural rules and interpolation: together most of a search page's texts' cost on the
 * server (docs/decisions/063-search-page-in-parts.md), and some 50 ms of a phone's start-up on
 * /delivery (decision 075). A text's id names its language, and what is kept is forgotten
 * whenever texts are added (a namespace the browser loads; the server's never change).
 */
import type { i18n as I18n } from 'i18next';

type Translate = ((key: unknown, options?: unknown, ...rest: unknown[]) => unknown) & Record<string, unknown>;
type GetFixedT = (lng: unknown, ns: unknown, keyPrefix: unknown, fixedOptions?: unknown) => Translate;
/** Translations kept, by language, namespaces, key and options; forgotten all at once past this many. */
const KEPT_TRANSLATIONS = 20_000;

/** Keeps the texts `i18n` hands out, once it is initialised. */
export function keepTranslations(i18n: I18n): void {
  const kept = new Map<string, unknown>();
  // A text missing before may be there now, or another one.
  i18n.store.on('added', () => kept.clear());
  const instance = i18n as unknown as { getFixedT: GetFixedT };
  const getFixedT = instance.getFixedT.bind(instance);
  instance.getFixedT = (lng, ns, keyPrefix, fixedOptions) => {
    const fixed = getFixedT(lng, ns, keyPrefix, fixedOptions);
    // Without a language of its own, a `t` follows i18next's, which its texts' ids would not say.
    if (typeof lng !== 'string') return fixed;
    const scope = `${String(lng)}\u0000${String(ns)}\u0000${String(keyPrefix)}\u0000${String((fixedOptions as { scopeNs?: unknown } | undefined)?.scopeNs)}\u0000`;
    const t = ((key: unknown, options?: unknown, ...rest: unknown[]) => {
      const id = typeof key === 'string' && rest.length === 0 ? translationId(scope + key, options) : undefined;
      if (id === undefined) return fixed(key, options, ...rest);
      let text = kept.get(id);
      if (text === undefined) {
        text = fixed(key, options);
        if (typeof text !== 'string') return text;
        if (kept.size >= KEPT_TRANSLATIONS) kept.clear();
        kept.set(id, text);
      }
      return text;
    }) as Translate;
    return Object.assign(t, { lng: fixed.lng, lngs: fixed.lngs, ns: fixed.ns, keyPrefix: fixed.keyPrefix });
  };
}

/** A call's key and options as text, or undefined for options that are not plain values (objects, functions, returnObjects…). */
function translationId(key: string, options: unknown): string | undefined {
  if (options === undefined) return key;
  if (typeof options !== 'object' || options === null) return undefined;
  let id = key;
  for (const name in options) {
    const value = (options as Record<string, unknown>)[name];
    if (value === undefined) continue;
    if ((typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') || name === 'returnObjects' || name === 'returnDetails') return undefined;
    id += `\u0000${name}\u0000${typeof value === 'string' ? value : `${typeof value}:${String(value)}`}`;
  }
  return id;
}
