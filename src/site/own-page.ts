/**
 * The document of a page the site renders as a plain string, without the app: the link page (./links/link-page.ts) and
 * the press page (./press/press-page.ts). No script; its own stylesheet inline (its hash in the CSPs); the site's dark
 * colours for the browser's own parts; a footer back to the whole site and to the page in the other language.
 */
import type { Language } from '../content/constants';

export interface OwnPage {
  lang: Language;
  /** The head's own part: title, description, canonical, alternates, share card, JSON-LD. */
  head: string;
  css: string;
  /** The main element's markup. */
  body: string;
  /** "The whole site", in the page's language. */
  site: string;
  /** The same page in the other language. */
  other: { href: string; lang: Language; label: string };
}

export function ownPage(page: OwnPage): string {
  const { lang, other } = page;
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark">
<meta name="theme-color" content="#0d0b14">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${page.head}
<style>${page.css}</style>
</head>
<body>
<main>${page.body}</main>
<footer><a href="/${lang}/">${page.site}</a> · <a href="${other.href}" hreflang="${other.lang}" lang="${other.lang}">${other.label}</a></footer>
</body>
</html>
`;
}
