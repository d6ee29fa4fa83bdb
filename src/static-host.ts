/**
 * The site on any static host, whatever it answers for an address it has no file for.
 * - Under /admin: a host without a fallback answers 404.html, one set up for single-page apps
 *   answers index.html. Either page hands over to the admin app. The build writes the admin's asset
 *   addresses into those pages (ADMIN_ENTRY_META, scripts/prerender.ts), so only these few lines are
 *   public: the admin's code is loaded by address, never imported, and the public bundle stays free
 *   of it (scripts/public-chunks.test.ts).
 * - Elsewhere, an address that is none of the public pages gets the not-found page (404.html), also
 *   where the host answered index.html, instead of the home page under a wrong address.
 */
// Not preferences/language: it imports site.config, which the admin build (where 404.html's script is
// built) would then split into a chunk shared with the admin, the admin's address with it.
import { LANGUAGES } from './content/constants';

/** `<meta name=… content="/assets/admin-….js /assets/admin-….css" data-title="Admin · …">`. */
export const ADMIN_ENTRY_META = 'scena-admin-entry';
const NOT_FOUND_PAGE = '/404.html';

export const isAdminPath = (pathname: string) => /^\/admin(?:\/|$)/.test(pathname);

/** "/", "/en/", "/ro/" (scripts/prerender.ts writes them), with or without the slash or index.html. */
export function isPublicPagePath(pathname: string): boolean {
  const parts = pathname.split('/').filter(Boolean);
  if (parts.at(-1) === 'index.html') parts.pop();
  return parts.length === 0 || (parts.length === 1 && (LANGUAGES as readonly string[]).includes(parts[0]!));
}

/** The public page's look goes: the page that takes over brings its own. */
function clearHead(doc: Document, title: string): void {
  doc.head.querySelectorAll('style, link[rel="stylesheet"], meta[name="description"], link[rel="canonical"]').forEach((node) => node.remove());
  doc.title = title;
  const robots = doc.createElement('meta');
  robots.name = 'robots';
  robots.content = 'noindex, nofollow';
  doc.head.append(robots);
}

/** Under /admin, replaces the page with the admin app; true when it did (the caller then does nothing else). */
export function handOverToAdmin(doc: Document = document): boolean {
  if (!isAdminPath(doc.location.pathname)) return false;
  const meta = doc.querySelector<HTMLMetaElement>(`meta[name="${ADMIN_ENTRY_META}"]`);
  const assets = meta?.content.split(/\s+/).filter((url) => url.startsWith('/')) ?? [];
  const entry = assets.find((url) => url.endsWith('.js'));
  if (!meta || !entry) return false;
  clearHead(doc, meta.dataset.title || 'Admin');
  // An empty #root, as on the admin's own page: nothing of the page it replaces stays visible.
  const root = doc.createElement('div');
  root.id = 'root';
  doc.body.replaceChildren(root);
  for (const href of assets.filter((url) => url.endsWith('.css'))) {
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    doc.head.append(link);
  }
  const script = doc.createElement('script');
  script.type = 'module';
  script.src = entry;
  doc.head.append(script);
  return true;
}

/** Replaces the page with the not-found page; false (page untouched) when there is none to show. */
export async function showNotFound(doc: Document = document): Promise<boolean> {
  try {
    const response = await fetch(NOT_FOUND_PAGE, { headers: { accept: 'text/html' } });
    const page = new DOMParser().parseFromString(await response.text(), 'text/html');
    const content = page.querySelector('.not-found');
    if (!content) return false;
    clearHead(doc, page.title);
    doc.documentElement.lang = page.documentElement.lang;
    page.head.querySelectorAll('link[rel="stylesheet"]').forEach((link) => doc.head.append(doc.importNode(link)));
    doc.body.replaceChildren(doc.importNode(content, true));
    // What 404.html's own script does: show it at once (its stylesheet holds it back for a moment).
    doc.documentElement.dataset.ready = '';
    return true;
  } catch {
    return false;
  } finally {
    doc.documentElement.style.visibility = '';
  }
}
