/** Server-side only: the <head> tags of a prerendered public page. */
import { siteConfig } from '../../site.config';
import { LANGUAGES, type Language } from '../content/constants';
import type { PublicContent } from '../content/model';
import { safeHttps } from '../lib/safe-url';
import { languagePath } from '../preferences/language';
import { headText } from './head';

const LOCALES: Record<Language, string> = { en: 'en_GB', ro: 'ro_RO' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON inside a <script> element: "<" escaped so no content can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export const absolute = (path: string) => new URL(path, siteConfig.siteUrl).href;

/**
 * @param path the address being rendered: "/" (language by the visitor's saved choice) or "/en/", "/ro/".
 * @param share the Open Graph image Scena's server made for this language from the content (server/media/share.ts);
 *   without one, the fixed /og-image.png.
 */
export function renderHead(lang: Language, path: string, content: PublicContent, share?: { src: string; alt: string }): string {
  const { title, description, imageAlt: fixedAlt } = headText(lang);
  const imageAlt = share?.alt ?? fixedAlt;
  const links = content.settings?.links;
  const sameAs = (['spotify', 'youtube', 'instagram', 'tiktok', 'twitter'] as const).map((key) => safeHttps(links?.[key], siteConfig.defaultLinks[key]));
  const image = absolute(share?.src ?? '/og-image.png');
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: siteConfig.artist.name,
    jobTitle: title.split(' · ')[1],
    url: absolute(path),
    image,
    email: `mailto:${content.settings?.email?.replace(/^mailto:/i, '') || siteConfig.defaultEmail}`,
    address: { '@type': 'PostalAddress', addressLocality: siteConfig.artist.location[lang].split(',')[0], addressCountry: 'RO' },
    sameAs,
  };
  const alternates = LANGUAGES.map((code) => `<link rel="alternate" hreflang="${code}" href="${escapeHtml(absolute(languagePath(code)))}">`).join('');
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<link rel="canonical" href="${escapeHtml(absolute(path))}">`,
    alternates,
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(absolute('/'))}">`,
    `<meta property="og:type" content="profile">`,
    `<meta property="og:site_name" content="${escapeHtml(siteConfig.artist.name)}">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(absolute(path))}">`,
    `<meta property="og:locale" content="${LOCALES[lang]}">`,
    ...LANGUAGES.filter((code) => code !== lang).map((code) => `<meta property="og:locale:alternate" content="${LOCALES[code]}">`),
    `<meta property="og:image" content="${escapeHtml(image)}">`,
    `<meta property="og:image:width" content="1200"><meta property="og:image:height" content="630">`,
    `<meta property="og:image:alt" content="${escapeHtml(imageAlt)}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${escapeHtml(title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(description)}">`,
    `<meta name="twitter:image" content="${escapeHtml(image)}">`,
    `<script type="application/ld+json">${scriptJson(jsonLd)}</script>`,
  ].join('\n');
}
