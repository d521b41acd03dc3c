/**
 * Texts from catalogues: namespaces of nested keys per language, looked up with the little of
 * i18next's format the catalogues use: `<namespace>:<key.path>`, plural forms by the language's rules
 * (`_one`, `_few`, `_many`, `_other`), a `_context` form, `{{value}}` interpolation and a default
 * value. The web app's interface (apps/web/src/shared/i18n) and the server's letters and pages
 * (apps/api/src/i18n) read theirs with it. It took the place of i18next and react-i18next, 17 KB
 * of the first visit's code and some 50 ms of a phone's start-up on /delivery
 * (docs/decisions/076-own-translator.md).
 *
 * A text is kept once made, by language, namespaces, key and plain options, until texts are added:
 * the server draws the same texts for every search page (docs/decisions/063-search-page-in-parts.md).
 */

/** One namespace's texts, as its file under locales/ holds them. */
export type Texts = { [key: string]: string | Texts };

/** What a text is made with: the values it names, and how to choose it. */
export interface TOptions {
  /** Chooses the plural form (`key_one`, `key_few`…) and is a value as well. */
  count?: number;
  /** Chooses `key_context` over `key` where there is one. */
  context?: string;
  /** The text when the key has none (no missing-text report then). */
  defaultValue?: string;
  /** Where to look when the key does not name its namespace. */
  ns?: string | readonly string[];
  /** Another language than the translator's. */
  lng?: string;
  [value: string]: unknown;
}

export type TFunction = (key: string | readonly string[], options?: TOptions) => string;

export interface TranslatorConfig {
  language: string;
  /** Every namespace there is: `name:` at the start of a key names one of them. */
  namespaces: readonly string[];
  /** Where a `t` without namespaces looks. */
  defaultNamespace: string;
  /** Where every lookup looks last. */
  fallbackNamespace: string;
  /** A namespace's texts in a language, for namespaces not added. */
  load?: (language: string, namespace: string) => Promise<Texts>;
  /** Where a text missing in a language is looked for next (the web app has none: every key is in both). */
  fallbackLanguage?: string;
  /** Values every text may name, below those of the call. */
  defaultValues?: Readonly<Record<string, unknown>>;
}

/** Translations kept, by language, namespaces, key and options; forgotten all at once past this many. */
const KEPT_TEXTS = 20_000;
const INTERPOLATION = /\{\{\s*([^{}\s]+)\s*\}\}/g;

export class Translator {
  language: string;
  /** Tells in a test or on the server that a text is missing (never for a text with a default). */
  onMissing?: (language: string, namespace: string, key: string) => void;

  private readonly config: TranslatorConfig;
  private readonly known: Set<string>;
  private readonly texts = new Map<string, Texts>();
  /** Loads under way: of a set of missing namespaces (what `load` hands out), and of each namespace. */
  private readonly loading = new Map<string, Promise<void>>();
  private readonly loadingOne = new Map<string, Promise<void>>();
  /**
   * Namespaces whose file did not come (offline, a deployment gone), by `language/namespace`: not
   * asked for again, or a component suspended on it would ask again at every retry, for ever.
   */
  private readonly failures = new Map<string, unknown>();
  /** Namespaces asked for so far: a new language loads them all before it is shown. */
  private readonly used = new Set<string>();
  private readonly listeners = new Set<() => void>();
  /** How many times each `language/namespace` has had texts added or failed to load. */
  private readonly revisions = new Map<string, number>();
  private readonly fixed = new Map<string, TFunction>();
  private readonly kept = new Map<string, string>();
  private readonly pluralRules = new Map<string, Intl.PluralRules>();

  constructor(config: TranslatorConfig) {
    this.config = config;
    this.language = config.language;
    this.known = new Set(config.namespaces);
  }

  /** The same as `language`, under i18next's name for it. */
  get resolvedLanguage(): string {
    return this.language;
  }

  /** A text in the translator's language, from the default namespace unless the key names one. */
  t: TFunction = (key, options) => this.translate(this.language, [this.config.defaultNamespace], key, options);

  /** A `t` for these namespaces, in this language or (without one) whichever is current when it is called; the same function every time. */
  getFixedT(language: string | undefined, namespaces?: string | readonly string[]): TFunction {
    const list = namespaceList(namespaces, this.config.defaultNamespace);
    const scope = `${language ?? ''}\u0000${list.join(',')}`;
    let t = this.fixed.get(scope);
    if (!t) {
      t = (key, options) => this.translate(language ?? this.language, list, key, options);
      this.fixed.set(scope, t);
    }
    return t;
  }

  /** Whether the key has a text (in `options.lng`, or the translator's language). */
  exists(key: string, options: TOptions = {}): boolean {
    return this.find(options.lng ?? this.language, [this.config.defaultNamespace], key, options) !== undefined;
  }

  hasLoaded(language: string, namespace: string): boolean {
    return this.texts.has(`${language}/${namespace}`);
  }

  /** Puts a namespace's texts in memory (the page's own, or all of them on the server). */
  add(language: string, namespace: string, texts: Texts): void {
    this.texts.set(`${language}/${namespace}`, texts);
    this.used.add(namespace);
    this.changed(`${language}/${namespace}`);
  }

  /**
   * What a `t` for these namespaces (in `language`, or whichever is current) answers from, as a
   * string that changes only when its answers may: the language, and the texts of each namespace
   * and of the fallback, in it and in the fallback language. A component that reads it is not
   * drawn again when texts it does not use arrive.
   */
  stateOf(namespaces: string | readonly string[], language?: string): string {
    const languages = [language ?? this.language, ...(this.config.fallbackLanguage ? [this.config.fallbackLanguage] : [])];
    let state = languages[0]!;
    for (const each of languages) {
      for (const namespace of [...namespaceList(namespaces, this.config.defaultNamespace), this.config.fallbackNamespace]) {
        state += `,${this.revisions.get(`${each}/${namespace}`) ?? 0}`;
      }
    }
    return state;
  }

  /**
   * Loads the namespaces missing in this language (the translator's by default): nothing when
   * none is, else one promise, the same for the same missing texts until they have come or failed.
   * It never rejects: a namespace that failed is told by `failure`, and not asked for again.
   */
  load(namespaces: string | readonly string[], language = this.language): Promise<void> | undefined {
    const list = namespaceList(namespaces, this.config.defaultNamespace);
    for (const namespace of list) this.used.add(namespace);
    const missing = list.filter((namespace) => !this.hasLoaded(language, namespace) && !this.failures.has(`${language}/${namespace}`));
    if (missing.length === 0) return undefined;
    const id = `${language}/${missing.join(',')}`;
    let loading = this.loading.get(id);
    if (!loading) {
      loading = Promise.all(missing.map((namespace) => this.loadOne(language, namespace))).then(() => void this.loading.delete(id));
      this.loading.set(id, loading);
    }
    return loading;
  }

  /** Why one of these namespaces could not be loaded in this language, if one could not. */
  failure(namespaces: string | readonly string[], language = this.language): unknown {
    for (const namespace of namespaceList(namespaces, this.config.defaultNamespace)) {
      const key = `${language}/${namespace}`;
      if (this.failures.has(key)) return this.failures.get(key) ?? new Error(`The texts ${key} did not load`);
    }
    return undefined;
  }

  async loadNamespaces(namespaces: string | readonly string[]): Promise<void> {
    await this.load(namespaces);
  }

  /** Loads every namespace asked for so far in another language too. */
  async loadLanguages(language: string): Promise<void> {
    await this.load([...this.used], language);
  }

  /** Shows another language once the namespaces asked for so far have come in it. */
  async changeLanguage(language: string): Promise<void> {
    await this.load([...this.used], language);
    if (this.language === language) return;
    this.language = language;
    this.changed();
  }

  /** Calls `listener` whenever a language is chosen or texts come (or fail to); returns how to stop. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private loadOne(language: string, namespace: string): Promise<void> {
    const key = `${language}/${namespace}`;
    let loading = this.loadingOne.get(key);
    if (!loading) {
      loading = (async () => {
        try {
          const texts = (await this.config.load?.(language, namespace)) ?? {};
          // Another load (the page's texts) may have brought it meanwhile; the first one stays.
          if (!this.texts.has(key)) this.add(language, namespace, texts);
        } catch (error) {
          this.failures.set(key, error);
          this.changed(key);
        } finally {
          this.loadingOne.delete(key);
        }
      })();
      this.loadingOne.set(key, loading);
    }
    return loading;
  }

  /** `namespace`: the `language/namespace` whose texts came or failed; none when the language changed. */
  private changed(namespace?: string): void {
    if (namespace !== undefined) this.revisions.set(namespace, (this.revisions.get(namespace) ?? 0) + 1);
    // A text missing before may be there now, or another one.
    this.kept.clear();
    for (const listener of this.listeners) listener();
  }

  private translate(language: string, namespaces: readonly string[], key: string | readonly string[], options?: TOptions): string {
    const id = typeof key === 'string' ? textId(language, namespaces, key, options) : undefined;
    if (id !== undefined) {
      const kept = this.kept.get(id);
      if (kept !== undefined) return kept;
    }
    const text = this.make(language, namespaces, key, options);
    if (id !== undefined) {
      if (this.kept.size >= KEPT_TEXTS) this.kept.clear();
      this.kept.set(id, text);
    }
    return text;
  }

  private make(language: string, namespaces: readonly string[], key: string | readonly string[], options: TOptions = {}): string {
    const keys = typeof key === 'string' ? [key] : key;
    const lng = options.lng ?? language;
    for (const each of keys) {
      const found = this.find(lng, namespaces, each, options) ?? this.findInFallback(lng, namespaces, each, options);
      if (found !== undefined) return this.interpolate(found, options);
    }
    const last = keys[keys.length - 1] ?? '';
    const { namespaces: where, path } = this.split(last, namespaces, options);
    if (options.defaultValue !== undefined) return this.interpolate(options.defaultValue, options);
    this.onMissing?.(lng, where[0] ?? this.config.defaultNamespace, path);
    return path;
  }

  /** A key `<namespace>:<path>` names its namespace when the part before the colon is one; otherwise the options' or the `t`'s namespaces. */
  private split(key: string, namespaces: readonly string[], options: TOptions) {
    const colon = key.indexOf(':');
    if (colon > 0 && this.known.has(key.slice(0, colon))) return { namespaces: [key.slice(0, colon)], path: key.slice(colon + 1) };
    return { namespaces: options.ns === undefined ? namespaces : namespaceList(options.ns, this.config.defaultNamespace), path: key };
  }

  private find(language: string, namespaces: readonly string[], key: string, options: TOptions): string | undefined {
    const { namespaces: where, path } = this.split(key, namespaces, options);
    // The most particular form first, as i18next: context and plural, context, plural, the key.
    const bases = options.context ? [`${path}_${options.context}`, path] : [path];
    const forms = typeof options.count === 'number' ? bases.flatMap((base) => [`${base}_${this.pluralOf(language, options.count!)}`, base]) : bases;
    const searched = where.includes(this.config.fallbackNamespace) ? where : [...where, this.config.fallbackNamespace];
    for (const namespace of searched) {
      const texts = this.texts.get(`${language}/${namespace}`);
      if (!texts) continue;
      for (const form of forms) {
        const text = lookup(texts, form);
        if (text !== undefined) return text;
      }
    }
    return undefined;
  }

  private findInFallback(language: string, namespaces: readonly string[], key: string, options: TOptions): string | undefined {
    const fallback = this.config.fallbackLanguage;
    return fallback === undefined || fallback === language ? undefined : this.find(fallback, namespaces, key, options);
  }

  private interpolate(text: string, values: TOptions): string {
    return interpolate(text, this.config.defaultValues ? { ...this.config.defaultValues, ...values } : values);
  }

  private pluralOf(language: string, count: number): string {
    let rules = this.pluralRules.get(language);
    if (!rules) {
      rules = new Intl.PluralRules(language);
      this.pluralRules.set(language, rules);
    }
    return rules.select(count);
  }
}

function namespaceList(namespaces: string | readonly string[] | undefined, fallback: string): readonly string[] {
  if (namespaces === undefined || namespaces.length === 0) return [fallback];
  return typeof namespaces === 'string' ? [namespaces] : namespaces;
}

function lookup(texts: Texts, path: string): string | undefined {
  let value: string | Texts | undefined = texts;
  for (const part of path.split('.')) {
    if (typeof value !== 'object' || !Object.hasOwn(value, part)) return undefined;
    value = value[part];
  }
  return typeof value === 'string' ? value : undefined;
}

function interpolate(text: string, values: TOptions): string {
  if (!text.includes('{{')) return text;
  return text.replace(INTERPOLATION, (_match, name: string) => {
    let value: unknown = values;
    for (const part of name.split('.')) value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[part] : undefined;
    return value === undefined || value === null ? '' : String(value);
  });
}

/** A call's language, namespaces, key and options as text, or undefined for options that are not plain values. */
function textId(language: string, namespaces: readonly string[], key: string, options: TOptions | undefined): string | undefined {
  let id = `${language}\u0000${namespaces.join(',')}\u0000${key}`;
  if (options === undefined) return id;
  for (const name in options) {
    const value = options[name];
    if (value === undefined) continue;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return undefined;
    id += `\u0000${name}\u0000${typeof value === 'string' ? value : `${typeof value}:${String(value)}`}`;
  }
  return id;
}
