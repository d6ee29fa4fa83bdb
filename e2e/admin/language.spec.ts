/**
 * The admin in two languages and on a phone (issue 22, docs/decisions/0031), on Scena's server and on Firebase. Its own
 * stage after the others (e2e/browsers.ts): on Scena's server it loads the sample catalogue, replacing their content.
 * - Every admin page and state in Romanian shows no English phrase of the admin's dictionaries (a phrase whose English
 *   differs from its Romanian, in the page's visible text), and in English no Romanian one.
 * - At 360 × 740, in both languages, no page scrolls sideways, every control is at least 24 × 24 px (or spaced as WCAG
 *   2.5.8 allows), axe finds nothing; the Menu works by the keyboard.
 */
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { MEDIA_WORDS } from '../../src/admin/media/words';
import { PROBLEM_WORDS_RO } from '../../src/admin/field-problem';
import { REFUSAL_WORDS_RO } from '../../src/admin/problem-words';
import { ADMIN_WORDS } from '../../src/admin/words';
import { openDatabase } from '../../server/db/client';
import { contentRepo } from '../../server/db/content-repo';
import { loadSample as loadSampleCatalogue } from '../../server/maintenance';
import { SCHEMA_MESSAGES } from '../../src/content/fields/messages';
import { WORDS } from '../../src/content/kinds';
import { expect, test } from '../fixtures';
import { expectNoAxeViolations } from '../helpers';
import { openAdminMenu, photograph, tabTo } from './admin-helpers';

type Language = 'en' | 'ro';
type Pair = Record<Language, string>;

/** Every phrase pair of the dictionaries: the admin's, the Media page's, the declarations' words, the errors'. */
function pairs(): Pair[] {
  const found: Pair[] = [];
  const walk = (value: unknown) => {
    if (!value || typeof value !== 'object') return;
    const { en, ro } = value as Record<string, unknown>;
    if (en !== undefined && ro !== undefined) {
      if (typeof en === 'string' && typeof ro === 'string') found.push({ en, ro });
      else if (typeof en === 'object' && typeof ro === 'object') {
        // Counted phrases: each English form against the Romanian "other".
        for (const form of Object.values(en as object)) found.push({ en: String(form), ro: String((ro as Record<string, string>).other) });
      }
      return;
    }
    Object.values(value).forEach(walk);
  };
  walk(ADMIN_WORDS);
  walk(MEDIA_WORDS);
  walk(WORDS);
  for (const [id, en] of Object.entries(SCHEMA_MESSAGES)) {
    const ro = PROBLEM_WORDS_RO[id as keyof typeof SCHEMA_MESSAGES];
    found.push({ en, ro: typeof ro === 'string' ? ro : ro.other });
  }
  for (const [code, ro] of Object.entries(REFUSAL_WORDS_RO)) if (!code.startsWith('auth/')) found.push({ en: code, ro });
  return found.filter((pair) => pair.en !== pair.ro && !/^[a-z/-]+$/.test(pair.en));
}

/**
 * What gives a phrase away in a page: the phrase itself, or for one with {placeholders} each piece between them of two
 * words or more ("Used in:"; a lone word around a name, "Deleted {at}", would also match the content).
 */
function tells(text: string): string[] {
  if (!/\{\w+\}/.test(text)) return [text.trim()];
  return text
    .split(/\{\w+\}/)
    .map((piece) =>
      piece
        .trim()
        .replace(/^[,.;:·()“”„"]+|[,;·(“„"]+$/g, '')
        .trim(),
    )
    .filter((piece) => piece.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length >= 2);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PAIRS = pairs();
/** The other language's phrases, as whole words (not a file's name: "Producer tag.wav"), that do not also read the same in this language. */
function foreignPatterns(shown: Language): { tell: string; pattern: RegExp }[] {
  const other: Language = shown === 'ro' ? 'en' : 'ro';
  const own = new Set(PAIRS.map((pair) => pair[shown]));
  const list = PAIRS.flatMap((pair) => tells(pair[other]).filter((tell) => !own.has(tell) && !PAIRS.some((p) => p[shown].includes(tell))));
  return [...new Set(list)].map((tell) => ({ tell, pattern: new RegExp(`(?<![\\p{L}\\p{N}])${escape(tell)}(?![\\p{L}\\p{N}]|\\.\\p{L})`, 'u') }));
}
const FOREIGN = { ro: foreignPatterns('ro'), en: foreignPatterns('en') };

/**
 * Fails on any phrase of the other language in the page's visible text. A phrase of two words or more counts anywhere;
 * a lone word ("Save", "Mixing") only as the whole text of an element (a button, a label, a cell), so that the content's
 * own words ("Mixing engineer") do not count. Text marked as another language (the switch's "English" on a Romanian
 * page) and a select's options (the content's names: "Producer tag.wav") are left aside.
 */
async function expectOnly(page: Page, language: Language, where: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  const { text, pieces } = await page.evaluate((own) => {
    const aside = [...document.body.querySelectorAll<HTMLElement>('[lang], option')].filter((el) => el.tagName === 'OPTION' || el.lang !== own);
    let all = document.body.innerText;
    for (const el of aside) {
      // A datalist's option has no text: replacing '' would put a space between every character, doubling the text.
      const words = el.innerText || el.textContent || '';
      if (words.trim()) all = all.replaceAll(words, ' ');
    }
    const pieces = [...document.body.querySelectorAll<HTMLElement>('*')]
      .filter((el) => !aside.some((a) => a.contains(el)) && [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim()))
      .map((el) => el.innerText?.trim().replace(/[.:…]+$/, '') ?? '')
      .filter(Boolean);
    return { text: all, pieces };
  }, language);
  const found = FOREIGN[language].filter(({ tell, pattern }) => (/\s/.test(tell) ? pattern.test(text) : pieces.includes(tell))).map(({ tell }) => tell);
  expect(found, `${where} in ${language === 'ro' ? 'Romanian' : 'English'} shows phrases of the other language`).toEqual([]);
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** The admin's pages, as its navigation lists them (after the dashboard). */
async function pagesOf(page: Page): Promise<string[]> {
  await openAdminMenu(page);
  const hrefs = await page
    .getByRole('navigation', { name: /^(Admin|Administrare)$/ })
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  await page.keyboard.press('Escape');
  return hrefs;
}

/** Opens an admin page by its address (a reload: the language is kept) and waits for its heading. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(h1(page)).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/**
 * On Scena's server, the sample catalogue's words (server/sample.ts: 25 releases, collaborators, services, credits,
 * testimonials, bios) over what the earlier stages wrote, as `npm run admin -- sample --replace` loads them but
 * without its covers and recordings (FFmpeg's and sharp's half a minute buys no word to check); and a booking request
 * in the inbox, as a visitor's form stores it.
 */
async function loadSample(testInfo: TestInfo) {
  const port = new URL(String(testInfo.project.use.baseURL)).port;
  const database = await openDatabase(`file:${readFileSync(join(process.env.TMPDIR ?? tmpdir(), `scena-e2e-${port}.db`), 'utf8')}`);
  try {
    await loadSampleCatalogue(database, true);
    await contentRepo(database).add('bookings', {
      name: 'Ioana Marin',
      email: 'ioana@example.com',
      service: 'mixing',
      budget: '300 EUR',
      date: '',
      message: 'Bună ziua, aș vrea un mix pentru o piesă de trei minute.',
      lang: 'ro',
      status: 'new',
      receivedAt: new Date().toISOString(),
    });
  } finally {
    database.close();
  }
}

test.describe.configure({ mode: 'serial' });

test('every admin state in Romanian shows no English phrase of the dictionaries, and in English no Romanian one', async ({
  adminPage: page,
  backend,
}, testInfo) => {
  // English first (an English browser, nothing chosen): the switch in the header, Romanian chosen, <html lang> follows.
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const switcher = page.getByRole('group', { name: 'Language' });
  await expect(switcher.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  if (backend === 'server') await loadSample(testInfo);
  await switcher.getByRole('button', { name: 'Română' }).click();
  await expect(h1(page)).toHaveText('Panou de control');
  const limba = page.getByRole('group', { name: 'Limba' });
  await expect(limba.getByRole('button', { name: 'Română' })).toHaveAttribute('aria-pressed', 'true');
  await expect(limba.getByRole('button', { name: 'Română' })).toBeFocused();
  await expectOnly(page, 'ro', 'the dashboard');
  await photograph(page, testInfo, 'desktop-ro-dashboard');

  // Every page in both languages: the phone's sweep below (the words are the same at every width).
  for (const language of ['ro', 'en'] as const) {
    const ro = language === 'ro';
    // The inbox with a request open (the booking spec sent some), if any.
    await open(page, '/admin/inbox');
    const openRequest = page.getByRole('button', { name: ro ? /^Deschideți cererea de la / : /^Open the request from / }).first();
    if (backend === 'server') await expect(openRequest).toBeVisible();
    if (await openRequest.isVisible()) {
      await openRequest.click();
      await expectOnly(page, language, 'a request opened in the inbox');
      await photograph(page, testInfo, `desktop-${language}-inbox-open`);
    }

    // Settings: the history open; a link the schema refuses, its problem beside the field; leaving asks first.
    await open(page, '/admin/settings');
    await page.locator('details.history > summary').first().click();
    const spotify = page.getByRole('textbox', { name: 'Spotify', exact: true });
    await spotify.fill('http://open.spotify.com/artist/1');
    await page.getByRole('button', { name: ro ? 'Salvați' : 'Save', exact: true }).click();
    await expect(spotify).toBeFocused();
    await expect(page.getByText(ro ? 'trebuie să fie un link https://' : 'must be an https:// link').first()).toBeVisible();
    await expectOnly(page, language, 'settings with a refused link and the history open');
    await photograph(page, testInfo, `desktop-${language}-settings-error`);
    await page
      .getByRole('navigation', { name: ro ? 'Administrare' : 'Admin' })
      .getByRole('link', { name: ro ? 'Lansări' : 'Releases' })
      .click();
    const leave = page.getByRole('alertdialog', { name: ro ? 'Modificări nesalvate' : 'Unsaved changes' });
    await expect(leave).toBeVisible();
    await expectOnly(page, language, 'the unsaved-changes confirmation');
    await leave.getByRole('button', { name: ro ? 'Plecați fără să salvați' : 'Leave without saving' }).click();
    await expect(h1(page)).toHaveText(ro ? 'Lansări' : 'Releases');
    await photograph(page, testInfo, `desktop-${language}-releases`);

    // The account: a wrong current password, refused by the backend itself, worded in the language.
    await open(page, '/admin/account');
    await page.getByLabel(ro ? 'Parola actuală' : 'Current password').fill('Not-The-Password-99');
    await page.getByLabel(ro ? 'Parola nouă' : 'New password', { exact: true }).fill('Another-Long-Pass-81');
    await page.getByLabel(ro ? 'Parola nouă, încă o dată' : 'New password, again').fill('Another-Long-Pass-81');
    await page.getByRole('button', { name: ro ? 'Schimbați parola' : 'Change password' }).click();
    await expect(page.getByText(ro ? 'Parola actuală nu este corectă.' : 'The current password is not right.').first()).toBeVisible();
    await expectOnly(page, language, 'the account with a refused password');

    // An address the admin has no page for.
    await page.goto('/admin/no-such-page');
    await expect(h1(page)).toHaveText(ro ? 'Eroare neașteptată în aplicație!' : 'Unexpected Application Error!');
    await expectOnly(page, language, 'the error page');

    if (ro) {
      await open(page, '/admin');
      await page.getByRole('group', { name: 'Limba' }).getByRole('button', { name: 'English' }).click();
      await expect(h1(page)).toHaveText('Dashboard');
    }
  }
});

test('the login page in both languages, the choice kept after a reload; with unsaved changes a switch asks first', async ({ page, adminPage }) => {
  await page.goto('/admin/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expectOnly(page, 'en', 'the login');
  await page.getByRole('button', { name: 'Română' }).click();
  await expect(h1(page)).toHaveText('Autentificare administrare');
  await expectOnly(page, 'ro', 'the login');
  await page.reload();
  await expect(h1(page)).toHaveText('Autentificare administrare');
  await page.getByLabel('E-mail').fill('admin@scena.test');
  await page.getByLabel('Parolă').fill('Not-The-Password-99');
  await page.getByRole('button', { name: 'Conectați-vă' }).click();
  await expect(page.getByRole('alert')).toHaveText('Autentificarea nu a reușit');
  await expectOnly(page, 'ro', 'a refused sign-in');

  // Signed in, a form with changes: the switch asks before it shows the page again, and Stay keeps the changes.
  await open(adminPage, '/admin/settings');
  const email = adminPage.getByRole('textbox', { name: 'Contact e-mail' });
  await email.fill('bookings@example.com');
  await adminPage.getByRole('button', { name: 'Română' }).click();
  const ask = adminPage.getByRole('alertdialog', { name: 'Unsaved changes' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Stay, keep my changes' }).click();
  await expect(ask).toBeHidden();
  await expect(email).toHaveValue('bookings@example.com');
  await expect(adminPage.locator('html')).toHaveAttribute('lang', 'en');
  await adminPage.getByRole('button', { name: 'Română' }).click();
  await adminPage.getByRole('alertdialog', { name: 'Unsaved changes' }).getByRole('button', { name: 'Switch to Română' }).click();
  await expect(h1(adminPage)).toHaveText('Setări');
});

test.describe('on a phone (360 × 740)', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  /** Every visible control at least 24 × 24 px, or with 24 px circles around it that meet no other (WCAG 2.5.8). */
  async function undersized(page: Page): Promise<string[]> {
    return page.evaluate(() => {
      const controls = [
        ...document.querySelectorAll<HTMLElement>(
          'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [tabindex]:not([tabindex="-1"])',
        ),
      ].filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden');
      const boxOf = (el: HTMLElement) => {
        // A checkbox or radio counts with its label, which takes the same click.
        const label = (el as HTMLInputElement).labels?.[0];
        return (label && ['checkbox', 'radio'].includes((el as HTMLInputElement).type) ? label : el).getBoundingClientRect();
      };
      const boxes = controls.map(boxOf);
      const name = (el: HTMLElement) => `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40)}"`;
      return controls.flatMap((el, i) => {
        const box = boxes[i]!;
        if (box.width >= 24 && box.height >= 24) return [];
        // A link in a sentence is exempt (inline).
        if (el.tagName === 'A' && getComputedStyle(el).display === 'inline' && (el.parentElement?.textContent ?? '').trim() !== (el.textContent ?? '').trim())
          return [];
        const cx = box.left + box.width / 2;
        const cy = box.top + box.height / 2;
        const clash = boxes.some((other, j) => {
          if (j === i || controls[j]!.contains(el) || el.contains(controls[j]!)) return false;
          const dx = Math.max(other.left - cx, 0, cx - other.right);
          const dy = Math.max(other.top - cy, 0, cy - other.bottom);
          return Math.hypot(dx, dy) < 12;
        });
        return clash ? [`${name(el)} ${Math.round(box.width)}×${Math.round(box.height)}`] : [];
      });
    });
  }

  async function fits(page: Page, where: string) {
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth, `${where}: nothing scrolls sideways`).toBeLessThanOrEqual(clientWidth);
    expect(await undersized(page), `${where}: controls under 24 × 24 px, too close to another`).toEqual([]);
    await expectNoAxeViolations(page, where);
  }

  // The layout is the same on both backends: on Scena's server only, with the sample catalogue.
  test('@server-only every admin page in both languages fits, with targets of 24 px, no axe violation, no phrase of the other language; the Menu by the keyboard', async ({
    adminPage: page,
    browser,
  }, testInfo) => {
    test.slow();
    // The Menu names the page and the unread count; Enter opens it, Escape closes it and gives the focus back.
    const nav = page.getByRole('navigation', { name: 'Admin' });
    const menu = nav.getByRole('button', { name: /^Menu · Dashboard( · \d+ unread)?$/ });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Settings' })).toBeHidden();
    await tabTo(page, menu);
    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();
    await page.keyboard.press('Enter');
    await tabTo(page, nav.getByRole('link', { name: 'Releases' }));
    await page.keyboard.press('Enter');
    await expect(h1(page)).toHaveText('Releases');
    await expect(nav.getByRole('button', { name: /^Menu · Releases/ })).toHaveAttribute('aria-expanded', 'false');

    // Every page of the navigation, and the error page of an address without one.
    const pages = [...(await pagesOf(page)), '/admin/no-such-page'];
    for (const language of ['en', 'ro'] as const) {
      if (language === 'ro') {
        await open(page, '/admin');
        await page.getByRole('button', { name: 'Română' }).click();
        await expect(h1(page)).toHaveText('Panou de control');
      }
      for (const path of pages) {
        await open(page, path);
        await expectOnly(page, language, path);
        await fits(page, `${path} (${language})`);
        if (['/admin', '/admin/releases', '/admin/settings', '/admin/inbox'].includes(path)) {
          await photograph(page, testInfo, `phone-${language}-${path.split('/')[2] ?? 'dashboard'}`);
        }
      }
      await open(page, '/admin');
      await openAdminMenu(page);
      await fits(page, `the menu open (${language})`);
      await photograph(page, testInfo, `phone-${language}-menu`);
    }

    // The login page, signed out.
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const guest = await context.newPage();
    await guest.goto('/admin/login');
    await expect(h1(guest)).toHaveText('Admin Login');
    await fits(guest, 'the login (en)');
    await guest.getByRole('button', { name: 'Română' }).click();
    await expect(h1(guest)).toHaveText('Autentificare administrare');
    await expectOnly(guest, 'ro', 'the login');
    await fits(guest, 'the login (ro)');
    await photograph(guest, testInfo, 'phone-ro-login');
    await context.close();
  });
});
