/**
 * Filling the page template, shared by Scena's server (server/pages.ts, with the current content)
 * and the build's prerender script (scripts/prerender.ts, with no content), so the two cannot drift:
 * the public page's addresses and languages, the template's placeholders, the escaping of JSON
 * inside the page. No Fastify or Node server code here: the build imports it.
 */
import type { Language, PublicContent } from '../src/content/model';

/** The public page's addresses and their languages: rendered by the server, prerendered by the build. */
export const PAGES: readonly { path: string; lang: Language }[] = [
  { path: '/', lang: 'en' },
  { path: '/en/', lang: 'en' },
  { path: '/ro/', lang: 'ro' },
];

/** What the SSR build (src/entry-server.tsx, built to dist/server/entry-server.js) exports. */
export interface ServerEntry {
  renderPage(lang: Language, content: PublicContent): Promise<string>;
  renderHead(lang: Language, path: string, content: PublicContent, share?: { src: string; alt: string }): string;
}

/** JSON inside a <script> element: "<" escaped so no content can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The page template (index.html with its CSS inlined) with the page's language, head and body put
 * in. Replacements are functions, so a `$` in the content is never read as a replacement pattern.
 */
export function fillTemplate(template: string, lang: Language, head: string, body: string): string {
  return template
    .replace('<html lang="en">', () => `<html lang="${lang}">`)
    .replace('<!--app-head-->', () => head)
    .replace('<!--app-html-->', () => body);
}

/**
 * The public page at `path` in `lang`, rendered with `content`; `extraHead` goes after the page's
 * own head (the server: the backend's name and the content as JSON; the build: the admin's entry).
 */
export async function renderPublicPage(
  entry: ServerEntry,
  template: string,
  page: { path: string; lang: Language },
  content: PublicContent,
  extraHead: string,
  share?: { src: string; alt: string },
): Promise<string> {
  const body = await entry.renderPage(page.lang, content);
  return fillTemplate(template, page.lang, `${entry.renderHead(page.lang, page.path, content, share)}\n${extraHead}`, body);
}
