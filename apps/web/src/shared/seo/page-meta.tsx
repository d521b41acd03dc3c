/**
 * Per-page title, description, Open Graph tags and JSON-LD, in the current language. In the
 * browser it updates <head> after each render; during prerendering (entry-server.tsx) it writes
 * into a HeadCollector instead, and the prerender script puts the tags into the page's HTML.
 */
import { createContext, useContext, useEffect } from 'react';
import { useLanguage } from '../hooks/use-language';
import { usePageTitle } from './page-title';
import { SITE_ORIGIN } from './site';

export interface HeadData {
  title: string;
  description: string;
  /** The page's path, e.g. "/restaurant": gives og:url and the canonical link. */
  path: string;
  language: 'ru' | 'en';
  jsonLd: readonly object[];
}

/** Filled by PageMeta while rendering on the server. */
export type HeadCollector = Partial<HeadData>;
export const HeadCollectorContext = createContext<HeadCollector | null>(null);

interface PageMetaProps {
  title: string;
  description: string;
  path: string;
  jsonLd?: readonly object[];
}

export function PageMeta({ title, description, path, jsonLd = [] }: PageMetaProps) {
  const collector = useContext(HeadCollectorContext);
  const { language } = useLanguage();
  if (collector) Object.assign(collector, { title, description, path, language, jsonLd });
  usePageTitle(title, { brand: false });
  const ld = JSON.stringify(jsonLd);
  useEffect(() => {
    applyHead({ title, description, path, language, jsonLd: JSON.parse(ld) as object[] });
  }, [title, description, path, language, ld]);
  return null;
}

const OG_LOCALE = { ru: 'ru_BY', en: 'en_US' } as const;

/** The tags PageMeta manages, as [selector attribute, key, value]. */
function headTags(data: HeadData) {
  const url = `${SITE_ORIGIN}${data.path === '/' ? '/' : data.path}`;
  return {
    url,
    metas: [
      ['name', 'description', data.description],
      ['property', 'og:type', 'website'],
      ['property', 'og:site_name', data.language === 'ru' ? 'Дом 1799' : 'House 1799'],
      ['property', 'og:title', data.title],
      ['property', 'og:description', data.description],
      ['property', 'og:url', url],
      ['property', 'og:locale', OG_LOCALE[data.language]],
      ['property', 'og:image', `${SITE_ORIGIN}/og-image.png`],
      ['name', 'twitter:card', 'summary_large_image'],
    ] as const,
  };
}

/** Everything in <head> but the title, which usePageTitle keeps. */
function applyHead(data: HeadData) {
  const { url, metas } = headTags(data);
  for (const [attribute, key, value] of metas) {
    let meta = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
    if (!meta) {
      meta = document.createElement('meta');
      meta.setAttribute(attribute, key);
      document.head.append(meta);
    }
    meta.content = value;
  }
  let canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!canonical) {
    canonical = document.createElement('link');
    canonical.rel = 'canonical';
    document.head.append(canonical);
  }
  canonical.href = url;
  document.head.querySelectorAll('script[type="application/ld+json"]').forEach((node) => node.remove());
  for (const item of data.jsonLd) {
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.textContent = JSON.stringify(item);
    document.head.append(script);
  }
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The same tags as HTML, for the prerendered page's <head>. */
export function headHtml(data: HeadData): string {
  const { url, metas } = headTags(data);
  const lines = [
    `<title>${escapeHtml(data.title)}</title>`,
    ...metas.map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    // "<" is escaped so no text in the data can close the script element.
    ...data.jsonLd.map((item) => `<script type="application/ld+json">${JSON.stringify(item).replace(/</g, '\\u003c')}</script>`),
  ];
  return lines.join('\n    ');
}
