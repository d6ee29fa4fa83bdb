/**
 * The link page (issue 31; docs/decisions/0051-link-page.md) on Scena's server, in a browser with JavaScript off: /links
 * and its two languages with the release, the next show, Work with me, the sign-up and his own links in his order; no
 * script loaded; axe 0; a button's click counted (the admin's numbers show it) and answered with the target; an
 * Instagram in-app browser's visit counted as source `instagram`; /links/go/ never sends anywhere else; the admin's
 * Link page (from the declaration) in the menu. Screenshots: a 360 × 740 phone in Romanian, a desktop in English.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { AudienceReport } from '../../src/content/audience';
import { expect, test } from '../fixtures';
import { expectNoAxeViolations } from '../helpers';
import { openAdminMenu, photograph } from './admin-helpers';

// Every test is @server-only: the link page counts on Scena's server; the static builds carry it as plain links
// (server/link-page.test.ts proves those). A skip would fail the run (scripts/test.mjs): the Firebase suite leaves them out.

const INSTAGRAM =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 334.0.4.32.98 (iPhone14,5; iOS 17_5; en_US; en; scale=3.00; 1170x2532; 606558466)';
const VISITOR = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 ScenaLinkPage/1';

/** A label unique to this run, so that other specs' content never confuses the checks. */
let RUN = '';
let LINKS: { label_en: string; label_ro: string; url: string; icon: string }[] = [];
const links = () => [
  { label_en: `Merch ${RUN}`, label_ro: `Merch ${RUN}`, url: `https://shop.example.com/${RUN}`, icon: 'website' },
  { label_en: `Vinyl on Bandcamp ${RUN}`, label_ro: `Vinil pe Bandcamp ${RUN}`, url: `https://tudorvale.bandcamp.com/${RUN}`, icon: 'bandcamp' },
];

async function api(request: APIRequestContext, baseURL: string, method: 'GET' | 'POST' | 'DELETE', path: string, data?: unknown) {
  // A removal sends {} as the admin does.
  const res = await request.fetch(`${baseURL}/api/admin${path}`, {
    method,
    data: data ?? {},
    headers: { origin: baseURL, 'content-type': 'application/json' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return res.status() === 204 ? undefined : ((await res.json()) as Record<string, unknown>);
}

/** A visitor with JavaScript off, in a browser of its own (its own User-Agent: a visitor of its own). */
async function visitor(browser: Browser, options: { userAgent?: string; locale?: string; viewport?: { width: number; height: number } } = {}) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    userAgent: options.userAgent ?? VISITOR,
    locale: options.locale,
    viewport: options.viewport,
  });
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  return { context, page, scripts };
}

/**
 * axe on the same page in a browser with JavaScript on (axe runs as a script; the page has none, so it is the same
 * page either way).
 */
async function axeOn(browser: Browser, path: string, label: string, viewport: { width: number; height: number }, locale?: string) {
  const context = await browser.newContext({ userAgent: VISITOR, viewport, locale });
  const page = await context.newPage();
  await page.goto(path);
  await expectNoAxeViolations(page, label);
  await context.close();
}

let ids: string[] = [];

test.beforeEach(async ({ adminPage, baseURL }, testInfo) => {
  const request = adminPage.context().request;
  RUN = `${Date.now().toString(36)}${testInfo.workerIndex}`;
  LINKS = links();
  ids = [];
  for (const link of LINKS) ids.push(((await api(request, baseURL!, 'POST', '/links', link))!.item as { id: string }).id);
});
test.afterEach(async ({ adminPage, baseURL }) => {
  for (const id of ids) await api(adminPage.context().request, baseURL!, 'DELETE', `/links/${id}`);
});

async function report(page: Page, baseURL: string): Promise<AudienceReport> {
  const res = await page.context().request.get(`${baseURL}/api/admin/audience?days=7`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as AudienceReport;
}

test('@server-only the link page works with JavaScript off in both languages, every part in place, axe 0', async ({ browser }, testInfo) => {
  const { context, page, scripts } = await visitor(browser, { viewport: { width: 1280, height: 900 } });
  await page.goto('/en/links/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tudor Vale');
  await expect(page.getByRole('heading', { name: 'Studio' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Get the new songs first' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Work with me' })).toHaveAttribute('href', '/en/#services');
  // His links in his order, each through the counting redirect.
  const own = page.getByRole('region', { name: 'Elsewhere' }).getByRole('link');
  const labels = (await own.allTextContents()).filter((text) => text.includes(RUN));
  expect(labels).toEqual([LINKS[0]!.label_en, LINKS[1]!.label_en]);
  await expect(own.filter({ hasText: LINKS[0]!.label_en })).toHaveAttribute('href', `/links/go/l-${ids[0]}`);
  // (The release's Listen and the show's Tickets, from content this run does not own: server/link-page.test.ts.)
  await photograph(page, testInfo, 'link-page-en-desktop');
  await page.goto('/ro/linkuri/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ro');
  await expect(page.getByRole('link', { name: 'Lucrează cu mine' })).toHaveAttribute('href', '/ro/#services');
  await expect(page.getByText(LINKS[1]!.label_ro)).toBeVisible();
  expect(scripts, 'no script at all').toEqual([]);
  await context.close();
  await axeOn(browser, '/en/links/', 'link page, English, desktop', { width: 1280, height: 900 });
  await axeOn(browser, '/ro/linkuri/', 'link page, Romanian, desktop', { width: 1280, height: 900 });
});

test('@server-only a button’s click is counted and sent on to its target; an Instagram in-app visit counts as source instagram; nothing else is redirected to', async ({
  browser,
  adminPage,
  baseURL,
}) => {
  const before = await report(adminPage, baseURL!);
  const clicks = (r: AudienceReport) => r.platforms.find((p) => p.platform === 'bandcamp')?.clicks ?? 0;
  const fromInstagram = (r: AudienceReport) => r.referrers.find((p) => p.source === 'instagram')?.visitors ?? 0;

  const { context, page } = await visitor(browser, { userAgent: INSTAGRAM, viewport: { width: 390, height: 844 } });
  // The target is another site: answer it here, and see that the browser was sent there.
  await context.route('https://tudorvale.bandcamp.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Bandcamp</title><p>Bandcamp</p>' }),
  );
  await page.goto('/links');
  await page.getByRole('link', { name: LINKS[1]!.label_en }).click();
  await expect(page).toHaveURL(LINKS[1]!.url);
  // An unknown target, or another site's address, is the not-found page: never sent there.
  for (const path of ['/links/go/l-no-such-link', '/links/go/https%3A%2F%2Fevil.example.com%2F']) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    expect(new URL(page.url()).pathname).toBe(path);
  }
  await context.close();

  await expect.poll(async () => clicks(await report(adminPage, baseURL!)) - clicks(before)).toBe(1);
  await expect.poll(async () => fromInstagram(await report(adminPage, baseURL!)) - fromInstagram(before)).toBe(1);
  // The Visitors page names the source and the platform.
  await adminPage.goto('/admin/visitors?days=7');
  await expect(adminPage.getByRole('row', { name: /Bandcamp/ })).toBeVisible();
  await expect(adminPage.getByRole('row', { name: /Instagram/ }).first()).toBeVisible();
});

test('@server-only on a 360 px phone in Romanian: the page and the admin’s Link page, axe 0 @phone', async ({ browser, adminPage }, testInfo) => {
  const { context, page } = await visitor(browser, { locale: 'ro-RO', viewport: { width: 360, height: 740 } });
  await page.goto('/links');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ro');
  await expect(page.getByRole('link', { name: LINKS[1]!.label_ro })).toBeVisible();
  // Big tap targets: every button at least 44 px tall, none wider than the phone.
  for (const box of await page.locator('a.b, button').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect))) {
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.right).toBeLessThanOrEqual(360);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await photograph(page, testInfo, 'link-page-ro-phone');
  await context.close();
  await axeOn(browser, '/links', 'link page, Romanian, phone', { width: 360, height: 740 }, 'ro-RO');

  // The admin's list page, from the declaration, in the menu, on the same 360 px phone.
  await adminPage.setViewportSize({ width: 360, height: 740 });
  await openAdminMenu(adminPage);
  await adminPage.getByRole('link', { name: 'Link page' }).click();
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Link page' })).toBeVisible();
  await expect(adminPage.getByText(LINKS[0]!.label_en)).toBeVisible();
  // In Romanian, as the artist reads it on his phone.
  await openAdminMenu(adminPage);
  await adminPage.getByRole('button', { name: 'Română' }).click();
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Pagina de linkuri' })).toBeVisible();
  await expect(adminPage.getByRole('button', { name: 'Adăugați un link' })).toBeVisible();
  await expect(adminPage.getByText(`Site · shop.example.com/${RUN}`)).toBeVisible();
  await expect.poll(() => adminPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(adminPage, 'admin link page, Romanian, phone');
  await photograph(adminPage, testInfo, 'admin-link-page-ro-phone');
});
