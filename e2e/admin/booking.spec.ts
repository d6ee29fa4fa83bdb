/**
 * Booking requests end to end on Scena's server: a visitor without JavaScript sends one with a plain form POST (the
 * cached page carries no token: the first press is answered "Please press Send again" with one) and the admin finds
 * it in the inbox; with JavaScript the form's code loads only when the Contact section nears the view, asks for its
 * token only when the form is first focused, sends in place (sending / sent / error announced), holding a quick send
 * until the token is 3 s old, and keeps what was typed across an error and a reload;
 * "Get in touch" preselects the service; the keyboard alone is enough; the inbox opens (marking read), replies, marks handled,
 * archives, deletes with Undo and exports CSV. axe on every state.
 */
import type { Locator, Page } from '@playwright/test';
import { en } from '../../src/i18n/en';
import { SEED_SERVICES } from '../../src/content/seed';
import { ro } from '../../src/i18n/ro';
import { expect, test } from '../fixtures';
import { expectNoAxeViolations } from '../helpers';
import { openPublic } from './admin-helpers';
import { paced } from '../../scripts/pace';

test.describe.configure({ mode: 'serial' });
// Every step goes through the real server; a request is taken only 3 s after its form's token.
test.slow();

/** A request is refused within 3 s of its token (a bot's speed): a person's pause before sending. */
const MIN_FILL_MS = 3_000;
const CHUNK = /\/assets\/booking-client-[^/]*\.js$/;
const TOKEN_URL = /\/api\/booking\/token$/;
/** Anything that looks like the form's token in a page's HTML: its field, or a signed token itself. */
const TOKEN_LIKE = /name="token"|\bb1s?\.[0-9a-z]{1,12}\.[A-Za-z0-9_-]{20,}/;

/** Clicks a form's send button without JavaScript and waits for the server's answer page; returns when it arrived. */
async function post(page: Page, button: Locator): Promise<number> {
  await Promise.all([page.waitForResponse((response) => response.url().endsWith('/api/booking') && response.request().method() === 'POST'), button.click()]);
  await page.waitForLoadState('domcontentloaded');
  return Date.now();
}

const bookingForm = (page: Page, dict: typeof en | typeof ro = en) => page.getByRole('form', { name: dict['booking.formTitle'] });

async function fill(form: Locator, dict: typeof en | typeof ro, values: { name: string; email: string; service?: string; budget?: string; message: string }) {
  await form.getByLabel(dict['booking.name']).fill(values.name);
  await form.getByLabel(dict['booking.email']).fill(values.email);
  if (values.service) await form.getByLabel(dict['booking.service']).selectOption(values.service);
  if (values.budget) await form.getByLabel(dict['booking.budget']).fill(values.budget);
  await form.getByLabel(dict['booking.message']).fill(values.message);
}

/**
 * axe needs script in the page: a page shown without JavaScript is checked as a copy, its HTML set into a page of
 * a context with JavaScript (same origin, the same styles).
 */
async function expectNoAxeViolationsWithoutScript(page: Page, copy: Page, label: string, options?: { within?: string }) {
  const html = await page.content();
  await copy.goto('/robots.txt');
  await copy.setContent(html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, ''));
  await expectNoAxeViolations(copy, label, options);
}

/** The home page's states after its first check (whole, once per test): axe over the Contact section the form changes. */
const CONTACT = { within: '#contact' };

const inboxItem = (page: Page, name: string) => page.locator('.inbox__item').filter({ hasText: name });

test.describe('booking requests', { tag: '@server-only' }, () => {
  test('without JavaScript a visitor (a promoter: a live show, its city and venue) sends a request: "One more step" taken at once, errors summed up above the fields with their values kept, and the admin sees it in the inbox', async ({
    browser,
    adminPage,
    page: scripted,
  }) => {
    // Five axe checks (the whole home page among them) and three servers' answers: more than test.slow()'s 90 s on a
    // busy 2-core machine.
    test.setTimeout(paced(180_000));
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    // The cached page carries no token, in either language.
    for (const path of ['/ro/', '/en/']) expect((await (await page.request.get(path)).text()).match(TOKEN_LIKE), path).toBeNull();
    await page.goto('/ro/');
    const form = bookingForm(page, ro);
    await expect(form).toBeVisible();
    await expect(form.locator('[name="token"]')).toHaveCount(0);
    await expectNoAxeViolationsWithoutScript(page, scripted, 'no JavaScript, the public page with the form');
    // The spec's e-mail link stays beside the form.
    await expect(page.locator('#contact').getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);

    // Sent as the page gave it (no token): not stored, the form again with a token and the words, the button they
    // name focused, without any script.
    // A promoter's request: the show's city and venue appear once "Live show / DJ set" is chosen, by CSS alone.
    const city = form.getByLabel(ro['booking.city'], { exact: true });
    await expect(city).toBeHidden();
    await fill(form, ro, {
      name: 'Ioana Fără Script',
      email: 'ioana@example.com',
      service: 'live',
      budget: '800–1.200 EUR',
      message: 'Un set DJ la festivalul nostru, vă rog.',
    });
    await expect(city).toBeVisible();
    await city.fill('Cluj-Napoca');
    await form.getByLabel(ro['booking.venue'], { exact: true }).fill('Form Space');
    await form.getByLabel(ro['booking.date'], { exact: true }).fill('2027-03-20');
    await expectNoAxeViolationsWithoutScript(page, scripted, 'no JavaScript, a live show chosen', CONTACT);
    await post(page, form.getByRole('button', { name: ro['booking.submit'] }));
    const again = page.locator('form[action="/api/booking"]');
    const field = (name: string) => again.locator(`[name="${name}"]`);
    // "One more step", in the text's colour (a step, not a fault), every value kept, the send button focused.
    await expect(again.locator('.booking__note')).toHaveText(ro['booking.pressAgain']);
    await expect(again.getByRole('alert')).toHaveCount(0);
    await expect(again.getByRole('button', { name: ro['booking.submit'] })).toBeFocused();
    await expect(field('name')).toHaveValue('Ioana Fără Script');
    await expect(field('message')).toHaveValue('Un set DJ la festivalul nostru, vă rog.');
    await expect(field('city')).toHaveValue('Cluj-Napoca');
    await expect(field('city')).toBeVisible();
    await expect(field('venue')).toHaveValue('Form Space');
    await expect(again.locator('[aria-invalid="true"]')).toHaveCount(0);
    await expectNoAxeViolationsWithoutScript(page, scripted, 'no JavaScript, one more step');
    // Pressed again at once: taken (the answer page's token is the second step's, issue 32).
    await Promise.all([page.waitForResponse((response) => response.url().endsWith('/api/booking')), page.keyboard.press('Enter')]);
    await expect(page.getByRole('status')).toHaveText(ro['booking.sent']);
    await expect(page.locator('form[action="/api/booking"]')).toHaveCount(0);
    await expectNoAxeViolationsWithoutScript(page, scripted, 'no JavaScript, thank-you page');

    // Another request, its second step sent with a fault (and left there: not stored).
    await page.goto('/ro/');
    await fill(bookingForm(page, ro), ro, {
      name: 'Ioana A Doua Oară',
      email: 'ioana@example.com',
      service: 'mastering',
      budget: '200 EUR',
      message: 'Încă un master, vă rog.',
    });
    await post(page, bookingForm(page, ro).getByRole('button', { name: ro['booking.submit'] }));
    await expect(again.locator('.booking__note')).toHaveText(ro['booking.pressAgain']);

    // Four links: the server answers with the form again, every value kept and the fault named.
    const tooManyLinks = 'Refs: https://a.example https://b.example https://c.example https://d.example';
    await field('message').fill(tooManyLinks);
    await post(page, again.getByRole('button'));
    // The server's answer: the form again (found by its fields' names), every value kept and the fault named.
    await expect(field('message')).toHaveValue(tooManyLinks);
    await expect(field('name')).toHaveValue('Ioana A Doua Oară');
    await expect(field('email')).toHaveValue('ioana@example.com');
    await expect(field('service')).toHaveValue('mastering');
    await expect(field('budget')).toHaveValue('200 EUR');
    await expect(field('message')).toHaveAttribute('aria-invalid', 'true');
    // The first field at fault has the focus, without any script.
    await expect(field('message')).toBeFocused();
    await expect(field('message')).toHaveAccessibleDescription(ro['booking.messageInvalid']);
    await expect(field('name')).not.toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolationsWithoutScript(page, scripted, 'no JavaScript, the form again with its error', CONTACT);

    // In English too: the page's form sent as it is asks, in English, to press Send again, every value kept (and
    // stores nothing).
    await page.goto('/en/');
    await fill(bookingForm(page, en), en, { name: 'Not Stored', email: 'not@example.com', service: 'collab', message: 'Sent once only.' });
    await post(page, bookingForm(page, en).getByRole('button', { name: en['booking.submit'] }));
    await expect(again.locator('.booking__note')).toHaveText(en['booking.pressAgain']);
    await expect(again.getByRole('button', { name: en['booking.submit'] })).toBeFocused();
    await expect(field('name')).toHaveValue('Not Stored');
    await expect(field('email')).toHaveValue('not@example.com');
    await expect(field('service')).toHaveValue('collab');
    await expect(field('message')).toHaveValue('Sent once only.');
    await expect(field('token')).toHaveValue(/^b1s\./);
    await expect(again.locator('[aria-invalid="true"]')).toHaveCount(0);
    await expectNoAxeViolationsWithoutScript(page, scripted, 'no JavaScript, "press Send again"', CONTACT);
    await context.close();

    // The admin: the count in the navigation and on the dashboard, the request in the inbox (once).
    await adminPage.reload();
    await expect(adminPage.getByRole('link', { name: 'Inbox 1 unread' })).toBeVisible();
    await expect(adminPage.getByRole('link', { name: '1 unread booking request' })).toBeVisible();
    await adminPage.getByRole('link', { name: 'Inbox 1 unread' }).click();
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    await expect(inboxItem(adminPage, 'Ioana Fără Script')).toContainText('Live show / DJ set');
    await expect(inboxItem(adminPage, 'Ioana Fără Script')).toContainText('New');
    await expect(inboxItem(adminPage, 'Ioana A Doua Oară')).toHaveCount(0);
    await expect(inboxItem(adminPage, 'Not Stored')).toHaveCount(0);
    await expectNoAxeViolations(adminPage, 'inbox with one request');
  });

  test("with JavaScript the form's code loads near the Contact section, its token when the form is focused; errors, sending and sent are announced; nothing typed is lost", async ({
    page,
  }) => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    const beacons: string[] = [];
    page.on('request', (request) => request.url().endsWith('/api/event') && beacons.push(request.postData() ?? ''));
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    // Third parties (the newsletter, the player) cannot be reached offline: those failures are not the page's.
    page.on('console', (message) => message.type() === 'error' && !message.text().startsWith('Failed to load resource') && problems.push(message.text()));
    await openPublic(page, '/en/');
    const form = bookingForm(page);
    // In the page's HTML, not hydrated yet: its code has not been asked for.
    await expect(form).toBeAttached();
    await page.waitForTimeout(500);
    expect(requests.filter((url) => CHUNK.test(url))).toEqual([]);
    await expect(form).not.toHaveAttribute('novalidate');

    await page.locator('#contact').scrollIntoViewIfNeeded();
    await expect(form).toHaveAttribute('novalidate', '');
    expect(requests.filter((url) => CHUNK.test(url))).toHaveLength(1);
    // Hydrated in place: no error, no mismatch.
    expect(problems).toEqual([]);
    // Loaded and shown, but not focused: no token asked for (the network quiet for half a second), none in the page.
    await page.waitForLoadState('networkidle');
    expect(requests.filter((url) => TOKEN_URL.test(url))).toEqual([]);
    expect(await form.locator('[name="token"]').count()).toBe(0);

    // Nothing filled: each field named, the first focused. Focusing the form (the click on its button) asks for the token, once.
    const asked = page.waitForRequest(TOKEN_URL);
    await form.getByRole('button', { name: en['booking.submit'] }).click();
    await asked;
    await expect(form.getByLabel(en['booking.name'])).toBeFocused();
    await expect(form.getByLabel(en['booking.name'])).toHaveAccessibleDescription(en['booking.nameInvalid']);
    await expect(form.getByLabel(en['booking.email'])).toHaveAccessibleDescription(en['booking.emailInvalid']);
    await expect(form.getByLabel(en['booking.message'])).toHaveAccessibleDescription(en['booking.messageInvalid']);
    await expect(form.getByRole('alert')).toHaveText(en['booking.fixErrors']);
    await expectNoAxeViolations(page, 'JavaScript, errors');
    expect(requests.filter((url) => TOKEN_URL.test(url))).toHaveLength(1);

    // The server cannot be reached: the error is announced and every value stays.
    const values = {
      name: 'Mara With Script',
      email: 'mara@example.com',
      service: 'collab',
      budget: '500 EUR',
      message: 'A feature on my single. <img src=x onerror="window.pwned=1">\nLate spring.',
    };
    await fill(form, en, values);
    await page.route('**/api/booking', (route) => route.abort('connectionrefused'));
    await form.getByRole('button', { name: en['booking.submit'] }).click();
    await expect(form.getByRole('alert')).toHaveText(en['booking.failed']);
    await expect(form.getByLabel(en['booking.message'])).toHaveValue(values.message);
    await expectNoAxeViolations(page, 'JavaScript, not sent', CONTACT);

    // A reload keeps it too (the tab's draft).
    await page.unroute('**/api/booking');
    await page.reload();
    await page.locator('#contact').scrollIntoViewIfNeeded();
    await expect(form).toHaveAttribute('novalidate', '');
    await expect(form.getByLabel(en['booking.name'])).toHaveValue(values.name);
    await expect(form.getByLabel(en['booking.email'])).toHaveValue(values.email);
    await expect(form.getByLabel(en['booking.service'])).toHaveValue(values.service);
    await expect(form.getByLabel(en['booking.budget'])).toHaveValue(values.budget);
    await expect(form.getByLabel(en['booking.message'])).toHaveValue(values.message);

    // Reloaded and shown, not focused: no token asked for.
    await page.waitForLoadState('networkidle');
    const tokensBefore = requests.filter((url) => TOKEN_URL.test(url)).length;
    // The one asked for at the first focus before the reload: typing, a failed send and the reload asked for no other.
    expect(tokensBefore).toBe(1);

    // Sending (held until checked), then sent: the thank-you takes the focus. Sent at once, the first focus of the form
    // (the click): the send waits for the token, then for its 3 s, and carries it.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const sentAt: number[] = [];
    let sentToken = '';
    await page.route('**/api/booking', async (route) => {
      sentAt.push(Date.now());
      sentToken = String((route.request().postDataJSON() as { token?: string }).token);
      await held;
      await route.continue();
    });
    // When the token reached the page, by the browser's own timing of it (the test's process hears of the response
    // later on a loaded machine: 280 ms once on a clean clone, which read as a send 0.3 s early).
    const tokenAnswered = page.waitForResponse(TOKEN_URL).then((response) => {
      const timing = response.request().timing();
      return timing.startTime + timing.responseEnd;
    });
    await form.getByRole('button', { name: en['booking.submit'] }).click();
    await expect(page.locator('#booking').getByRole('status')).toHaveText(en['booking.sending']);
    await expect(form).toHaveAttribute('aria-busy', 'true');
    await expectNoAxeViolations(page, 'JavaScript, sending', CONTACT);
    await expect.poll(() => sentAt.length).toBe(1);
    expect(sentAt[0]! - (await tokenAnswered)).toBeGreaterThanOrEqual(MIN_FILL_MS - 50);
    expect(sentToken).toMatch(/^b1\./);
    expect(requests.filter((url) => TOKEN_URL.test(url))).toHaveLength(tokensBefore + 1);
    release();
    const thanks = page.locator('#booking').getByRole('status');
    await expect(thanks).toHaveText(en['booking.sent']);
    await expect(thanks).toBeFocused();
    // Fan numbers: a request sent is reported (once, with nothing of what the visitor wrote).
    await expect.poll(() => beacons.filter((body) => body.includes('"t":"booking"'))).toHaveLength(1);
    expect(beacons.join('\n')).not.toContain('Mara');
    await expectNoAxeViolations(page, 'JavaScript, sent', CONTACT);

    // Sent: the draft is gone.
    await page.unroute('**/api/booking');
    await page.reload();
    await page.locator('#contact').scrollIntoViewIfNeeded();
    await expect(form).toHaveAttribute('novalidate', '');
    await expect(form.getByLabel(en['booking.name'])).toHaveValue('');
    await expect(form.getByLabel(en['booking.message'])).toHaveValue('');
  });

  test('"Get in touch" preselects its service and focuses the form; the keyboard alone sends a request', async ({ page }) => {
    await openPublic(page, '/en/');
    const mastering = page.getByRole('link', { name: en['services.ctaFor'].replace('{service}', SEED_SERVICES[2]!.title_en) });
    await mastering.focus();
    await page.keyboard.press('Enter');
    const form = bookingForm(page);
    await expect(form.getByLabel(en['booking.name'])).toBeFocused();
    await expect(form.getByLabel(en['booking.service'])).toHaveValue('mastering');

    await page.keyboard.type('Radu Keyboard');
    await page.keyboard.press('Tab');
    await expect(form.getByLabel(en['booking.email'])).toBeFocused();
    await page.keyboard.type('radu@example.com');
    await page.keyboard.press('Tab');
    await expect(form.getByLabel(en['booking.service'])).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(form.getByLabel(en['booking.budget'])).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(form.getByLabel(en['booking.date'])).toBeFocused();
    // The date's own parts (day, month, year) take Tab presses of their own; leave it empty.
    await form.getByLabel(en['booking.message']).focus();
    await page.keyboard.type('Master for a single, please.');
    await page.keyboard.press('Tab');
    // The honeypot is never reached: the next stop is the button.
    await expect(form.getByRole('button', { name: en['booking.submit'] })).toBeFocused();
    // Sent as soon as typed: the form asked for its token when "Get in touch" focused it, and holds the send until the
    // token is 3 s old, so a quick typist is never refused.
    await page.keyboard.press('Enter');
    await expect(page.locator('#booking').getByRole('status')).toHaveText(en['booking.sent']);
    await expect(page.getByRole('button', { name: en['booking.sendAnother'] })).toBeVisible();
  });

  test('the inbox: newest first, open, reply, mark handled, archive, delete with Undo, export CSV', async ({ adminPage: page }) => {
    await page.getByRole('link', { name: /^Inbox/ }).click();
    await expect(page.getByRole('link', { name: 'Inbox 3 unread' })).toBeVisible();
    const names = page.locator('.inbox__item .item__title');
    // Sent in this order by the tests above: the newest first (the one with errors first was never stored).
    await expect(names).toHaveText([/Radu Keyboard/, /Mara With Script/, /Ioana Fără Script/]);

    // Open: everything the visitor sent, escaped, and a reply whose subject and first line are in the request's
    // language (Radu wrote from /en/); opening marks it read.
    await page.getByRole('button', { name: 'Open the request from Radu Keyboard' }).click();
    const opened = page.getByRole('region', { name: 'Request from Radu Keyboard' });
    await expect(opened).toContainText('radu@example.com');
    await expect(opened).toContainText('Master for a single, please.');
    await expect(opened.getByRole('link', { name: 'Reply by e-mail' })).toHaveAttribute(
      'href',
      'mailto:radu@example.com?subject=Re%3A%20Mastering%20booking%20request&body=Hi%20Radu%2C%0D%0A%0D%0A',
    );
    await expect(page.getByRole('link', { name: 'Inbox 2 unread' })).toBeVisible();
    await expect(inboxItem(page, 'Radu Keyboard')).toContainText('Read');
    await expect(inboxItem(page, 'Radu Keyboard').locator('.badge')).toHaveCount(0);
    await expectNoAxeViolations(page, 'inbox, a request open');

    // What a visitor sent is shown as text, never as markup.
    await page.getByRole('button', { name: 'Open the request from Mara With Script' }).click();
    const markup = page.getByRole('region', { name: 'Request from Mara With Script' });
    await expect(markup).toContainText('A feature on my single. <img src=x onerror="window.pwned=1">');
    await expect(markup.locator('img')).toHaveCount(0);
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
    await expect(page.getByRole('link', { name: 'Inbox 1 unread' })).toBeVisible();

    // Read stays read after a reload (it is stored); Mark unread makes it new again.
    await page.reload();
    await expect(page.getByRole('link', { name: 'Inbox 1 unread' })).toBeVisible();
    await expect(inboxItem(page, 'Radu Keyboard')).toContainText('Read');
    await page.getByRole('button', { name: 'Mark the request from Radu Keyboard unread' }).click();
    await expect(page.getByRole('link', { name: 'Inbox 2 unread' })).toBeVisible();
    await expect(inboxItem(page, 'Radu Keyboard')).toContainText('New');

    await page.getByRole('button', { name: 'Mark the request from Radu Keyboard handled' }).click();
    await expect(page.getByRole('link', { name: 'Inbox 1 unread' })).toBeVisible();
    await expect(inboxItem(page, 'Radu Keyboard')).toContainText('Handled');
    // Undo takes the change back.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(inboxItem(page, 'Radu Keyboard')).toContainText('New');
    await expect(page.getByRole('link', { name: 'Inbox 2 unread' })).toBeVisible();
    await page.getByRole('button', { name: 'Mark the request from Radu Keyboard handled' }).click();
    await expect(page.getByRole('link', { name: 'Inbox 1 unread' })).toBeVisible();

    await page.getByRole('button', { name: 'Archive the request from Mara With Script' }).click();
    await expect(inboxItem(page, 'Mara With Script')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Inbox 1 unread' })).toBeVisible();
    await page.getByRole('button', { name: /^Archived \(1\)/ }).click();
    await expect(inboxItem(page, 'Mara With Script')).toContainText('Archived');
    await expectNoAxeViolations(page, 'inbox, archived');
    await page.getByRole('button', { name: 'Move the request from Mara With Script back to the inbox' }).click();
    await expect(inboxItem(page, 'Mara With Script')).toHaveCount(0);
    await page.getByRole('button', { name: /^Requests/ }).click();
    await expect(inboxItem(page, 'Mara With Script')).toContainText('Handled');

    // Delete asks first, and Undo brings it back.
    await page.getByRole('button', { name: 'Delete the request from Ioana Fără Script' }).click();
    await expectNoAxeViolations(page, 'inbox, confirming a delete');
    await page
      .getByRole('group', { name: /^Delete Ioana Fără Script/ })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(inboxItem(page, 'Ioana Fără Script')).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Inbox$/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Deleted requests' })).toContainText('Ioana Fără Script');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(inboxItem(page, 'Ioana Fără Script')).toContainText('New');
    await expect(page.getByRole('link', { name: 'Inbox 1 unread' })).toBeVisible();

    // Ioana wrote from /ro/: the reply starts in Romanian, in an English admin too.
    await page.getByRole('button', { name: 'Open the request from Ioana Fără Script' }).click();
    const reply = new URL(
      (await page.getByRole('region', { name: 'Request from Ioana Fără Script' }).getByRole('link', { name: 'Reply by e-mail' }).getAttribute('href'))!,
    );
    expect([reply.searchParams.get('subject'), reply.searchParams.get('body')]).toEqual([
      'Re: Cerere de rezervare – Concert / set DJ',
      'Bună ziua, Ioana,\r\n\r\n',
    ]);
    await expect(page.getByRole('link', { name: /^Inbox$/ })).toBeVisible();

    // Export: every request, in a spreadsheet's format.
    const download = page.waitForEvent('download');
    await page
      .getByRole('link', { name: 'Export CSV' })
      .or(page.getByRole('button', { name: 'Export CSV' }))
      .click();
    const file = await (await download).path();
    const csv = await import('node:fs/promises').then((fs) => fs.readFile(file, 'utf8'));
    for (const name of ['Radu Keyboard', 'Mara With Script', 'Ioana Fără Script']) expect(csv).toContain(name);
  });
});

test('on either backend a request sent with JavaScript reaches the inbox', async ({ page, adminPage, backend }) => {
  await openPublic(page, '/en/');
  await page.locator('#contact').scrollIntoViewIfNeeded();
  // Scena's server renders the form in the page; a Firebase build's page gains it once its reader can send.
  const form = bookingForm(page);
  await expect(form).toHaveAttribute('novalidate', '');
  await fill(form, en, { name: `Both Backends ${backend}`, email: 'both@example.com', service: 'other', message: 'Any backend will do.' });
  // No pause: on the server the send waits for the token's 3 s by itself.
  await form.getByRole('button', { name: en['booking.submit'] }).click();
  await expect(page.locator('#booking').getByRole('status')).toHaveText(en['booking.sent']);

  await adminPage.reload();
  await adminPage.getByRole('link', { name: /^Inbox \d+ unread$/ }).click();
  await expect(inboxItem(adminPage, `Both Backends ${backend}`)).toContainText('Other');
  await expect(inboxItem(adminPage, `Both Backends ${backend}`)).toContainText('New');
});

test('on a phone the form and its errors pass axe, the first field at fault focused', { tag: '@phone' }, async ({ page, backend }) => {
  const tokens: string[] = [];
  page.on('request', (request) => TOKEN_URL.test(request.url()) && tokens.push(request.url()));
  await openPublic(page, '/ro/');
  await page.locator('#contact').scrollIntoViewIfNeeded();
  const form = bookingForm(page, ro);
  await expect(form).toHaveAttribute('novalidate', '');
  await expectNoAxeViolations(page, 'phone, the form');
  // Shown, not focused: no token asked for (Scena's server; a Firebase page has none to ask for).
  if (backend === 'server') {
    await page.waitForLoadState('networkidle');
    expect(tokens).toEqual([]);
  }
  // Nothing sent: the visitor's own checks answer, nothing reaches the server; the tap on the button (the first focus)
  // asks for the token on Scena's server (a Firebase page has none).
  await form.getByRole('button', { name: ro['booking.submit'] }).click();
  if (backend === 'server') await expect.poll(() => tokens).toHaveLength(1);
  await expect(form.getByLabel(ro['booking.name'])).toBeFocused();
  await expect(form.getByRole('alert')).toHaveText(ro['booking.fixErrors']);
  await expectNoAxeViolations(page, 'phone, the form with its errors');
});
