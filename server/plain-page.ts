/**
 * A page of the server's own that the React build does not render: the answers to forms sent without JavaScript (the
 * booking request, the fans' sign-up) and the pages a fan's mail links open. In the visitor's language, with the site's
 * inline style (its hash is in the CSP), no script, not indexed; `body` is markup already escaped (React's static
 * markup, or escape()).
 */
import { siteConfig } from '../site.config';
import type { Language } from '../src/content/constants';

export const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The site's inline style (the build inlines its CSS into the template, and the CSP allows it by its hash). */
export const styleOf = (template: string | undefined) => /<style>[\s\S]*?<\/style>/.exec(template ?? '')?.[0] ?? '';

export interface PlainPage {
  lang: Language;
  /** The built index.html, for its style; none in tests that run without a build. */
  template: string | undefined;
  /** The title before " · <artist>". */
  title: string;
  /** The id of the page's section the page stands in for, and the way back to it: "contact", "newsletter". */
  section: string;
  /** The page's heading and what comes before it, as markup. */
  heading: string;
  body: string;
  back: string;
  /** A referrer policy of same-origin: for pages whose address carries a token (a fan's link). */
  sameOriginReferrer?: boolean;
}

export function plainPage(page: PlainPage): string {
  return `<!doctype html>
<html lang="${page.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${page.sameOriginReferrer ? '<meta name="referrer" content="same-origin">\n' : ''}<title>${escape(page.title)} · ${escape(siteConfig.artist.name)}</title>
${styleOf(page.template)}
</head>
<body>
<main class="section" id="${page.section}">
${page.heading}
${page.body}
<p><a href="/${page.lang}/#${page.section}">${escape(page.back)}</a></p>
</main>
</body>
</html>
`;
}
