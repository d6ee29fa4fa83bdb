/**
 * The artist's own list end to end (issue 28), in Chromium, on a server of its own: the stages' server has no mail set
 * up (and must not: its other specs check the booking notices off), so this spec starts Scena's server on the build
 * with mail going to a real SMTP server inside the test (smtp-server), on a fresh database.
 *
 * With JavaScript (Romanian, phone) and without (English): sign up → the mail arrives in that language → its link
 * opens a page with one button → Confirm → confirmed in the admin. A GET of the unsubscribe link changes nothing; a
 * one-click POST from another site unsubscribes. The Fans page in both languages: the counts, the filter, a Kit and a
 * Mailchimp import with their previews, erase, the export; Settings' Kit uid on the page's embed. axe on every new page
 * and state in both languages; phone screenshots in
 * test-results/screens/<project>/fans-*.png.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import type { Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import { startServer, runCli, type ChildServer } from '../../server/test/child-server';
import { confirmLinkOf } from '../../server/test/fans';
import { until } from '../../server/test/until';
import { smtpSink } from '../../server/test/smtp';
import { fanTokens } from '../../server/fans/tokens';
import type { Database } from '../../server/db/client';
import { FANS_MIN_FILL_MS } from '../../src/content/fans';
import { expect, test } from '../fixtures';
import { expectNoAxeViolations } from '../helpers';
import { openAdminMenu } from './admin-helpers';
import { launchOptions } from '../browsers';
import { paced } from '../../scripts/pace';

test.describe.configure({ mode: 'serial' });
test.slow();

const ADMIN = { email: 'admin@fans.test', password: 'Quiet-River-Stones-58' };
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, launchOptions };

let sink: Awaited<ReturnType<typeof smtpSink>>;
let server: ChildServer;
let dir: string;
let dbFile: string;

test.beforeAll(async () => {
  // A server of its own: the account's hash and the server's start take a while on a busy 2-core machine.
  test.setTimeout(paced(90_000));
  sink = await smtpSink();
  dir = mkdtempSync(join(tmpdir(), 'scena-fans-e2e-'));
  dbFile = join(dir, 'scena.db');
  const env = { DATABASE_URL: dbFile, ADMIN_EMAIL: ADMIN.email, ...sink.env };
  await runCli(['create', ADMIN.email], { ...env, ADMIN_PASSWORD: ADMIN.password });
  server = await startServer(env);
});
test.afterAll(async () => {
  await server?.kill('SIGTERM');
  await sink?.close();
  rmSync(dir, { recursive: true, force: true });
});

const shot = (page: Page, info: TestInfo, name: string) =>
  page.screenshot({ path: `test-results/screens/${info.project.name}/fans-${name}.png`, fullPage: true });

/** axe on a page shown without JavaScript, as a copy in a context with it (the same HTML, the same styles). */
async function axeWithoutScript(browser: Browser, page: Page, label: string) {
  const context = await browser.newContext({ baseURL: server.url });
  const copy = await context.newPage();
  await copy.goto('/robots.txt');
  await copy.setContent((await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, ''));
  await expectNoAxeViolations(copy, label);
  await context.close();
}

async function confirmFromMail(page: Page, email: string, lang: 'en' | 'ro') {
  await until(() => sink.to(email).length === 1, 15_000);
  const mail = sink.to(email)[0]!;
  expect(mail.parsed.subject).toBe(lang === 'ro' ? 'Confirmă abonarea la lista lui Tudor Vale' : 'Confirm your sign-up to Tudor Vale’s list');
  expect(mail.parsed.html).toContain(`lang="${lang}"`);
  return new URL(confirmLinkOf(mail)!).pathname;
}

/** A letter's unsubscribe link for an address, made as the server makes it (server/fans/tokens.ts) from the database's secret and seed. */
async function unsubscribeLink(email: string) {
  const client = createClient({ url: `file:${dbFile}` });
  const row = (await client.execute({ sql: 'SELECT id, token_seed FROM subscribers WHERE email = ?', args: [email] })).rows[0]!;
  const token = await fanTokens({ client } as unknown as Database).make('unsubscribe', {
    id: Number(row.id),
    tokenSeed: new Uint8Array(row.token_seed as ArrayBuffer),
  });
  client.close();
  return token;
}

async function signedIn(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.url, ...options });
  const page = await context.newPage();
  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  return { context, page };
}

test.describe('the artist’s own list', { tag: '@server-only' }, () => {
  test('with JavaScript, in Romanian on a phone: sign up in place, the mail, its page, Confirm', async ({ browser }, info) => {
    const context = await browser.newContext({ ...PHONE, baseURL: server.url });
    const page = await context.newPage();
    const tokens: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/fans/token')) tokens.push(request.url());
    });
    await page.goto('/ro/');
    const section = page.locator('#newsletter');
    await section.scrollIntoViewIfNeeded();
    const field = section.getByLabel('E-mailul tău');
    await expect(field).toBeVisible();
    // The consent line beside the form, in the page's language.
    await expect(section.getByText('Fiecare e-mail are un link prin care ieși de pe listă cu un clic.')).toBeVisible();
    expect(tokens, 'no token before the field is focused').toHaveLength(0);
    await expect(page.locator('script[src*="kit.com"]')).toHaveCount(0);
    await field.focus();
    await expect.poll(() => tokens.length).toBe(1);
    await field.fill('ioana.fan@example.com');
    await expectNoAxeViolations(page, 'the sign-up form (ro, phone)');
    await shot(page, info, 'form-ro');
    await section.getByRole('button', { name: 'Abonează-mă' }).click();
    await expect(section.getByRole('status').filter({ hasText: 'verifică-ți căsuța de e-mail' })).toBeVisible();
    await expect(section.getByText('verifică-ți căsuța de e-mail')).toBeFocused();
    await expectNoAxeViolations(page, 'check your inbox (ro, phone)', { within: '#newsletter' });
    await shot(page, info, 'check-inbox-ro');

    const path = await confirmFromMail(page, 'ioana.fan@example.com', 'ro');
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Confirmă abonarea' })).toBeVisible();
    await expectNoAxeViolations(page, 'the confirm page (ro)');
    await shot(page, info, 'confirm-ro');
    await page.getByRole('button', { name: 'Confirmă' }).click();
    await expect(page.getByText('Ești pe listă. Mulțumesc!')).toBeVisible();
    await expectNoAxeViolations(page, 'confirmed (ro)');
    await shot(page, info, 'confirmed-ro');
    await context.close();
  });

  test('without JavaScript, in English: press again, check your inbox, the mail, Confirm', async ({ browser }, info) => {
    const context = await browser.newContext({ ...PHONE, baseURL: server.url, javaScriptEnabled: false });
    const page = await context.newPage();
    // "Press again" in Romanian too (a first press stores nothing).
    await page.goto('/ro/#newsletter');
    await page.locator('#fans').getByLabel('E-mailul tău').fill('dan.fan@example.com');
    await page.locator('#fans').getByRole('button', { name: 'Abonează-mă' }).click();
    await expect(page.getByText('Aproape gata: te rog să apeși din nou pe „Abonează-mă”.')).toBeVisible();
    await axeWithoutScript(browser, page, 'press again (ro, no JavaScript)');
    await page.goto('/en/#newsletter');
    const form = page.locator('#fans');
    await axeWithoutScript(browser, page, 'the sign-up form (en, no JavaScript)');
    await form.getByLabel('Your e-mail').fill('dan.fan@example.com');
    await form.getByRole('button', { name: 'Sign me up' }).click();
    await expect(page.getByText('Almost done: please press “Sign me up” again.')).toBeVisible();
    await expect(page.getByLabel('Your e-mail')).toHaveValue('dan.fan@example.com');
    await axeWithoutScript(browser, page, 'press again (en, no JavaScript)');
    await shot(page, info, 'press-again-en');
    // The server takes it once its token is a person's time old.
    await page.waitForTimeout(FANS_MIN_FILL_MS + 200);
    await page.getByRole('button', { name: 'Sign me up' }).click();
    await expect(page.getByText('Almost there: check your inbox')).toBeVisible();
    await axeWithoutScript(browser, page, 'check your inbox (en, no JavaScript)');

    const path = await confirmFromMail(page, 'dan.fan@example.com', 'en');
    await page.goto(path);
    await axeWithoutScript(browser, page, 'the confirm page (en, no JavaScript)');
    await shot(page, info, 'confirm-en');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('You’re on the list. Thank you!')).toBeVisible();
    await axeWithoutScript(browser, page, 'confirmed (en, no JavaScript)');
    await context.close();
  });

  test('the unsubscribe link: a GET changes nothing, a one-click POST from another site unsubscribes', async ({ browser, playwright }, info) => {
    // The link a letter carries.
    const token = await unsubscribeLink('dan.fan@example.com');
    const client = createClient({ url: `file:${dbFile}` });
    const status = async () => (await client.execute("SELECT status FROM subscribers WHERE email = 'dan.fan@example.com'")).rows[0]!.status;

    const context = await browser.newContext({ ...PHONE, baseURL: server.url });
    const page = await context.newPage();
    await page.goto(`/fans/unsubscribe/${token}`);
    await expect(page.getByRole('button', { name: 'Unsubscribe' })).toBeVisible();
    await expectNoAxeViolations(page, 'the unsubscribe page (en)');
    await shot(page, info, 'unsubscribe-en');
    expect(await status()).toBe('confirmed');

    // RFC 8058: the mail provider's POST, from elsewhere, no cookie, no form token.
    const provider = await playwright.request.newContext({ baseURL: server.url });
    const res = await provider.post(`/fans/unsubscribe/${token}`, {
      headers: { origin: 'https://mail.provider.example', 'sec-fetch-site': 'cross-site' },
      form: { 'List-Unsubscribe': 'One-Click' },
    });
    expect(res.status()).toBe(200);
    expect(await status()).toBe('unsubscribed');
    await page.reload();
    await expect(page.getByText('Done: you’re off the list')).toBeVisible();
    await expectNoAxeViolations(page, 'unsubscribed (en)');
    await provider.dispose();
    await context.close();
    client.close();
  });

  test('the Fans page: counts, filter, Kit and Mailchimp imports with previews, erase, export, in both languages', async ({ browser }, info) => {
    const { context, page } = await signedIn(browser, PHONE);
    await page.goto('/admin/fans');
    await expect(page.getByRole('heading', { level: 1, name: 'Fans' })).toBeVisible();
    await expect(page.getByText('The page’s Newsletter section takes sign-ups')).toBeVisible();
    const counts = page.locator('.fans-numbers .fans-counts');
    await expect(counts.locator('div').filter({ hasText: 'Confirmed' }).locator('dd')).toHaveText('1');
    await expect(counts.locator('div').filter({ hasText: 'Unsubscribed' }).locator('dd')).toHaveText('1');
    await expect(page.locator('.fans-row')).toHaveCount(2);
    await expectNoAxeViolations(page, 'the Fans page (en, phone)');

    // A Kit export: its preview, then the import.
    const kit = [
      'first_name,email,status',
      'Ana,ana.kit@example.com,active',
      'Bob,bob.kit@example.com,cancelled',
      'X,not-an-address,active',
      'Ioana,ioana.fan@example.com,active',
    ].join('\n');
    await page.getByLabel('Choose a CSV file').setInputFiles({ name: 'kit-subscribers.csv', mimeType: 'text/csv', buffer: Buffer.from(kit) });
    await page.getByRole('button', { name: 'Check the file' }).click();
    const preview = page.locator('.fans-preview');
    await expect(preview.getByRole('heading', { name: 'What the import would do (Kit export, 4 rows)' })).toBeVisible();
    await expect(preview.locator('div').filter({ hasText: 'New, to be added' }).locator('dd')).toHaveText('1');
    await expect(preview.locator('div').filter({ hasText: 'Already on the list' }).locator('dd')).toHaveText('1');
    await expect(preview.getByText('line 4: not-an-address')).toBeVisible();
    await expectNoAxeViolations(page, 'an import’s preview (en, phone)');
    await shot(page, info, 'import-preview-en');
    await preview.getByRole('button', { name: 'Import 1 person' }).click();
    await expect(page.getByRole('status').filter({ hasText: '1 person was added to the list.' }).first()).toBeVisible();
    await expect(page.locator('.fans-row')).toHaveCount(3);

    // A Mailchimp export, its real header.
    const mailchimp = [
      '"Email Address","First Name","Last Name",OPTIN_TIME,LEID,TAGS',
      'mc.one@example.com,Mara,Ene,"2024-02-03 10:00:00",1,',
      'mc.two@example.com,Radu,Pop,"2024-02-04 10:00:00",2,',
    ].join('\n');
    await page.getByLabel('Choose a CSV file').setInputFiles({ name: 'subscribed_members_export.csv', mimeType: 'text/csv', buffer: Buffer.from(mailchimp) });
    await page.getByRole('button', { name: 'Check the file' }).click();
    await expect(preview.getByRole('heading', { name: 'What the import would do (Mailchimp export, 2 rows)' })).toBeVisible();
    await preview.getByRole('button', { name: 'Import 2 people' }).click();
    await expect(page.locator('.fans-row')).toHaveCount(5);

    // The filter, then erase.
    await page.getByLabel('Find an address').fill('mc.two');
    await expect(page.locator('.fans-row')).toHaveCount(1);
    await page.getByRole('button', { name: 'Erase: mc.two@example.com' }).click();
    await page.getByRole('button', { name: 'Erase for good' }).click();
    await expect(page.getByText('Nobody yet.')).toBeVisible();
    await page.getByLabel('Find an address').fill('');
    await expect(page.locator('.fans-row')).toHaveCount(4);

    // The export of the confirmed, with their consent.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export the confirmed (CSV)' }).click()]);
    const csv = await (await download.createReadStream()).toArray();
    const text = Buffer.concat(csv as Buffer[]).toString('utf8');
    expect(text).toContain('"consent_text"');
    expect(text).toContain('"ioana.fan@example.com","ro"');
    expect(text).not.toContain('dan.fan@example.com');
    await shot(page, info, 'page-en');

    // In Romanian: every word of the page in Romanian (the switch is in the Menu on a phone).
    await openAdminMenu(page);
    await page.getByRole('button', { name: 'Română' }).click();
    const menu = page.getByRole('button', { name: /^Meniu · / });
    if ((await menu.getAttribute('aria-expanded')) === 'true') await menu.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Fani' })).toBeVisible();
    await expect(page.getByText('Secțiunea Newsletter a paginii primește abonări')).toBeVisible();
    await expect(page.getByLabel('Căutați o adresă')).toBeVisible();
    await expectNoAxeViolations(page, 'the Fans page (ro, phone)');
    await shot(page, info, 'page-ro');
    // The import's preview in Romanian (checked, not imported).
    await page.getByLabel('Alegeți un fișier CSV').setInputFiles({ name: 'kit-subscribers.csv', mimeType: 'text/csv', buffer: Buffer.from(kit) });
    await page.getByRole('button', { name: 'Verificați fișierul' }).click();
    await expect(preview.getByRole('heading', { name: /Kit/ })).toBeVisible();
    await expectNoAxeViolations(page, 'an import’s preview (ro, phone)');
    await shot(page, info, 'import-preview-ro');
    // Rows a thumb can scan.
    for (const box of await page.locator('.fans-row').evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().height)))
      expect(box).toBeLessThanOrEqual(88);
    // Settings choose the Kit form with a uid of their own: the page's embed loads that form, not the build's.
    const saved = await page.request.patch('/api/admin/settings', { data: { newsletter: 'kit', kitUid: 'AbC123def0' }, headers: { origin: server.url } });
    expect(saved.status()).toBe(200);
    await context.close();

    // The unsubscribe page and "unsubscribed" in Romanian: Ioana's link (she signed up in Romanian), last, as she leaves.
    const visitor = await browser.newContext({ ...PHONE, baseURL: server.url });
    const link = await visitor.newPage();
    await link.goto(`/fans/unsubscribe/${await unsubscribeLink('ioana.fan@example.com')}`);
    await expectNoAxeViolations(link, 'the unsubscribe page (ro)');
    await link.getByRole('button', { name: 'Dezabonează-mă' }).click();
    await expect(link.getByText('Gata: ai ieșit de pe listă')).toBeVisible();
    await expectNoAxeViolations(link, 'unsubscribed (ro)');
    await shot(link, info, 'unsubscribed-ro');
    await link.goto('/en/');
    await link.locator('#newsletter').scrollIntoViewIfNeeded();
    await expect(link.locator('script[data-uid="AbC123def0"]')).toHaveAttribute('src', /\/AbC123def0\/index\.js$/);
    await visitor.close();
  });
});
