/**
 * The brand frame of every letter: cream background, brown headings, inline styles only (mail
 * clients drop <style> blocks), and a plain-text twin for clients that show no HTML.
 */
import { venue, type Language } from '@hotel/domain';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface LetterParts {
  language: Language;
  subject: string;
  heading: string;
  /** Paragraphs before the code (or the whole body when there is no code). */
  lead: string[];
  /** The six digits, shown big and spaced. */
  code?: string;
  /** Paragraphs after the code. */
  after?: string[];
  /** A button to the site, shown only when the site's public address is known. */
  link?: { label: string; url: string };
}

const colours = { cream: '#f6efe4', paper: '#fffaf2', brown: '#5b3a29', text: '#3b2f28', muted: '#8a7566' };

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const paragraph = (text: string) =>
  `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:${colours.text}">${escapeHtml(text)}</p>`;

export function renderLetter(parts: LetterParts): MailContent {
  const brand = venue.name[parts.language];
  const place = `${venue.address.city[parts.language]}, ${venue.address.country[parts.language]}`;
  const codeBlock = parts.code
    ? `<p style="margin:24px 0;text-align:center;font-family:'Courier New',monospace;font-size:36px;font-weight:bold;letter-spacing:12px;color:${colours.brown}">${escapeHtml(parts.code)}</p>`
    : '';
  const linkBlock = parts.link
    ? `<p style="margin:24px 0;text-align:center"><a href="${escapeHtml(parts.link.url)}" style="display:inline-block;padding:12px 28px;background:${colours.brown};color:${colours.paper};text-decoration:none;border-radius:24px;font-size:16px">${escapeHtml(parts.link.label)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="${parts.language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(parts.subject)}</title></head>
<body style="margin:0;padding:0;background:${colours.cream}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${colours.cream};padding:32px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:${colours.paper};border-radius:12px;padding:32px;font-family:Georgia,'Times New Roman',serif">
<tr><td>
<p style="margin:0 0 24px;font-size:14px;letter-spacing:3px;text-transform:uppercase;color:${colours.muted}">${escapeHtml(brand)}</p>
<h1 style="margin:0 0 20px;font-size:26px;font-weight:normal;color:${colours.brown}">${escapeHtml(parts.heading)}</h1>
${parts.lead.map(paragraph).join('\n')}
${codeBlock}
${(parts.after ?? []).map(paragraph).join('\n')}
${linkBlock}
<p style="margin:32px 0 0;font-size:13px;color:${colours.muted}">${escapeHtml(brand)} · ${escapeHtml(place)}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  const text = [
    parts.heading,
    '',
    ...parts.lead.flatMap((line) => [line, '']),
    ...(parts.code ? [`    ${parts.code}`, ''] : []),
    ...(parts.after ?? []).flatMap((line) => [line, '']),
    ...(parts.link ? [`${parts.link.label}: ${parts.link.url}`, ''] : []),
    `${brand} · ${place}`,
    '',
  ].join('\n');
  return { subject: parts.subject, text, html };
}
