// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { ADMIN_ENTRY_META, handOverToAdmin, isAdminPath, isPublicPagePath } from './static-host';

function publicPage(path: string, meta = `<meta name="${ADMIN_ENTRY_META}" content="/assets/admin-1.js /assets/admin-2.css" data-title="Admin · Scena">`) {
  window.history.replaceState(null, '', path);
  document.head.innerHTML = `<title>Public</title><style>body{}</style><meta name="description" content="d">${meta}`;
  document.body.innerHTML = '<div id="root"><main id="main">public</main></div>';
  return document;
}

describe('static hosts', () => {
  it('knows the public pages and the admin by address', () => {
    for (const path of ['/', '/index.html', '/en', '/en/', '/ro/', '/ro/index.html']) expect(isPublicPagePath(path), path).toBe(true);
    for (const path of ['/fr/', '/en/x', '/admin', '/nope', '/index.htm']) expect(isPublicPagePath(path), path).toBe(false);
    for (const path of ['/admin', '/admin/', '/admin/login', '/admin/x/y']) expect(isAdminPath(path), path).toBe(true);
    for (const path of ['/administrator', '/', '/en/admin']) expect(isAdminPath(path), path).toBe(false);
  });

  it('under /admin, empties the public page and starts the admin from the addresses the build wrote', () => {
    const doc = publicPage('/admin/settings');
    expect(handOverToAdmin(doc)).toBe(true);
    expect(doc.body.innerHTML).toBe('<div id="root"></div>');
    expect(doc.title).toBe('Admin · Scena');
    expect(doc.head.querySelector('style, meta[name="description"]')).toBeNull();
    expect(doc.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, nofollow');
    expect(doc.head.querySelector('link[rel="stylesheet"]')?.getAttribute('href')).toBe('/assets/admin-2.css');
    const script = doc.head.querySelector('script');
    expect([script?.type, script?.getAttribute('src')]).toEqual(['module', '/assets/admin-1.js']);
  });

  it("elsewhere, or without the admin's addresses, leaves the page alone", () => {
    expect(handOverToAdmin(publicPage('/en/'))).toBe(false);
    expect(handOverToAdmin(publicPage('/admin/login', ''))).toBe(false);
    expect(document.getElementById('main')?.textContent).toBe('public');
  });
});
