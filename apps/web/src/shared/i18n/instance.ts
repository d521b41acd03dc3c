/**
 * The app's one translator, in the browser and in the server's renderer alike: Russian by default,
 * `account` where a text names no namespace, `common` looked in last. Namespaces are separate files
 * loaded when first asked for, so a page downloads only the texts it uses; the server adds all of
 * them at start (entry-server.tsx), and a prerendered page carries its own (page-texts.ts).
 */
import { DEFAULT_LANGUAGE, Translator, type Texts } from '@hotel/domain';
import { NAMESPACES } from './namespaces';

const files = import.meta.glob<{ default: Texts }>('./locales/*/*.json');

export const i18n = new Translator({
  language: DEFAULT_LANGUAGE,
  namespaces: NAMESPACES,
  defaultNamespace: 'account',
  fallbackNamespace: 'common',
  async load(language, namespace) {
    const load = files[`./locales/${language}/${namespace}.json`];
    return load ? (await load()).default : {};
  },
});
