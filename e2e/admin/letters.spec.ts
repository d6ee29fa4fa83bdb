/**
 * Letters to the fans in the admin, on a server of its own with mail set up (a real SMTP server in the test) and two
 * confirmed subscribers put straight into its database (the sign-up is the list's half): compose a letter with a
 * release's card, preview it in both languages at a phone's and a desktop's width, send a test to the admin, send it
 * now (asked once, naming the number of people), and see it arrive in each one's language; the page in Romanian.
 * axe on every state; a photograph of each width for a person to look at (test-results/screens/).
 */
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createAccount } from '../../server/auth/accounts';
import { openDatabase } from '../../server/db/client';
import { startServer, signInOver, type ChildServer } from '../../server/test/child-server';
import { tempDir } from '../../server/test/helpers';
import { addFans } from '../../server/test/letters';
import { smtpSink, type Sink } from '../../server/test/smtp';
import { expectNoAxeViolations } from '../helpers';
import { ADMIN, openAdminMenu, photograph } from './admin-helpers';
import { paced } from '../../scripts/pace';

test.describe.configure({ mode: 'serial' });

let server: ChildServer;
let sink: Sink;
let tmp: { dir: string; remove(): void };

test.beforeAll(async () => {
  // A server of its own: the account's hash and the server's start take a while on a busy 2-core machine.
  test.setTimeout(paced(90_000));
  tmp = tempDir('scena-e2e-letters-');
  sink = await smtpSink();
  const dbFile = join(tmp.dir, 'scena.db');
  const db = await openDatabase(`file:${dbFile}`);
  await createAccount(db, ADMIN.email, ADMIN.password);
  await addFans(db, [
    { email: 'ana@example.com', lang: 'ro' },
    { email: 'ben@example.com', lang: 'en' },
  ]);
  db.close();
  server = await startServer({
    DATABASE_URL: dbFile,
    ADMIN_EMAIL: ADMIN.email,
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    MAIL_FROM: 'Tudor Vale <letters@tudorvale.ro>',
  });
  const cookie = await signInOver(server.url, ADMIN.email, ADMIN.password);
  const res = await fetch(`${server.url}/api/admin/releases`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ title: 'Neon Rain', slug: 'neon-rain', links: { spotify: 'https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy' } }),
  });
  expect(res.status).toBe(201);
});

test.afterAll(async () => {
  await server?.kill('SIGTERM');
  await sink?.close();
  tmp?.remove();
});

async function signIn(page: Page) {
  await page.goto(`${server.url}/admin/login`);
  await page.getByLabel('E-mail').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

test('compose with a card, preview both languages at both widths, test, send now to two people @server-only @phone', async ({ page }, testInfo) => {
  test.slow();
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // On a phone the pages are behind the Menu (closed); on a wide screen in the sidebar.
  const letters = page.getByRole('link', { name: 'Letters' });
  if (!(await letters.isVisible())) await page.getByRole('button', { name: /^Menu/ }).click();
  await letters.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Letters' })).toBeVisible();
  await expect(page.getByText('2 people get a letter sent now.')).toBeVisible();
  await expectNoAxeViolations(page, 'letters, none yet', { legacyMode: true });

  await page.getByRole('button', { name: 'New letter' }).click();
  await expect(page).toHaveURL(/\/admin\/letters\/[0-9a-f]{12}$/);
  await page.getByLabel('Subject, English').fill('Neon Rain is out');
  await page.getByLabel('Letter, English').fill('## Hello\n\nThe **new album** is out. [Read more](https://tudorvale.ro/en/)');
  await page.getByLabel('Subject, Romanian').fill('A apărut Neon Rain');
  await page.getByLabel('Letter, Romanian').fill('## Salut\n\nAlbumul **nou** a apărut. [Citește mai mult](https://tudorvale.ro/ro/)');
  await page.getByLabel('Card to insert').selectOption({ label: 'Release: Neon Rain' });
  await page.getByRole('button', { name: 'Insert in both languages' }).click();
  await expect(page.getByLabel('Letter, Romanian')).toHaveValue(/\[\[release:[^\]]+\]\]/);
  // A javascript: link is refused on its line, and nothing can be sent until it is fixed.
  await page.getByLabel('Letter, English').fill('## Hello\n\n[click](javascript:alert(1))');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Line 3: the link “javascript:alert(1)” is not an https:// address')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send now' })).toBeDisabled();
  await expectNoAxeViolations(page, 'a letter with a problem', { legacyMode: true });
  const card = (await page.getByLabel('Letter, Romanian').inputValue()).match(/\[\[release:[^\]]+\]\]/)![0];
  await page.getByLabel('Letter, English').fill(`## Hello\n\nThe **new album** is out. [Read more](https://tudorvale.ro/en/)\n\n${card}`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();

  // The preview: what a subscriber gets, in each language, at a phone's width and a desktop's.
  const frame = page.frameLocator('iframe.letter-preview__frame');
  await page.getByRole('button', { name: 'English', exact: true }).last().click();
  await expect(frame.getByText('The new album is out.')).toBeVisible();
  await expect(frame.getByRole('link', { name: 'Spotify' })).toHaveAttribute('href', 'https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy');
  await photograph(page, testInfo, 'letter-en-phone-preview');
  await page.getByRole('button', { name: 'Romanian', exact: true }).click();
  await expect(frame.getByText('Albumul nou a apărut.')).toBeVisible();
  await expect(frame.getByText('Primești acest mesaj pentru că te-ai abonat')).toBeVisible();
  await page.getByRole('button', { name: 'Desktop' }).click();
  await expect(page.locator('iframe.letter-preview__frame--wide')).toBeVisible();
  await expectNoAxeViolations(page, 'the preview', { legacyMode: true });
  await photograph(page, testInfo, 'letter-ro-desktop-preview');

  await page.getByRole('button', { name: 'Send a test to me' }).click();
  await expect(page.getByText(`A test in both languages went to ${ADMIN.email}: check your inbox.`)).toBeVisible();
  await expect.poll(() => sink.count(ADMIN.email)).toBe(2);

  await page.getByRole('button', { name: 'Send now' }).click();
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText('Send this letter to 2 people now? It cannot be taken back.');
  await expectNoAxeViolations(page, 'asked before sending', { legacyMode: true });
  await ask.getByRole('button', { name: 'Yes, send it' }).click();
  await expect(page.getByText('On its way to 2 people.')).toBeVisible();
  await expect.poll(() => [sink.count('ana@example.com'), sink.count('ben@example.com')], { timeout: 15_000 }).toEqual([1, 1]);
  const ro = sink.received.find((r) => r.to === 'ana@example.com')!.raw;
  expect(ro).toMatch(/^Subject: =\?UTF-8\?[QB]\?/m);
  await page.reload();
  await expect(page.getByText('2 sent')).toBeVisible();
  await photograph(page, testInfo, 'letter-sent');

  // The same page in Romanian: no English left (the switch is in the Menu on a phone).
  await openAdminMenu(page);
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Română' }).click();
  await expect(page.getByText('2 trimise')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ștergeți scrisoarea' })).toHaveCount(0);
  await page.goto(`${server.url}/admin/letters`);
  await expect(page.getByRole('heading', { level: 1, name: 'Scrisori' })).toBeVisible();
  await expect(page.getByText('O scrisoare trimisă acum ajunge la 2 persoane.')).toBeVisible();
  await expectNoAxeViolations(page, 'the letters, in Romanian', { legacyMode: true });
  await photograph(page, testInfo, 'letters-ro');
});
