/**
 * Shared steps of the admin browser tests. The accounts are made by e2e/admin/serve.sh (Scena's server) and
 * scripts/firebase-e2e.mjs (Firebase); what differs between the two backends is in e2e/fixtures.ts.
 */
import { execFileSync } from 'node:child_process';
import { expect, type FileChooser, type Locator, type Page, type TestInfo } from '@playwright/test';

export const ADMIN = { email: 'admin@scena.test', password: 'Violet-Studio-Nights-42' };
export const FAN = { email: 'fan@scena.test', password: 'Listener-Of-Beats-77' };

/**
 * Signs in through the form, as a person does, and waits for the dashboard. Tests that only need to be signed
 * in take the `adminPage` fixture instead; this is for those about signing in, or that need a fresh session.
 */
export async function signIn(page: Page, account = ADMIN): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

/** Opens the public page at an address and waits until the splash has gone. */
export async function openPublic(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('.splash')).toHaveCount(0, { timeout: 5_000 });
}

/** A photograph of the page as it is, full length, for a person to look at (not compared): test-results/screens/<project>/. */
export async function photograph(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screens/${testInfo.project.name}/${name}.png`, fullPage: true });
}

/** A short WAV made here with FFmpeg (stereo, 44.1 kHz): nothing copyrighted, nothing kept in the repository. */
export function sineWav(path: string, seconds: number, frequency: number): string {
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${frequency}:duration=${seconds}`,
    '-ac',
    '2',
    '-ar',
    '44100',
    path,
  ]);
  return path;
}

/**
 * Moves the focus with Tab (or Shift+Tab, for a target above the focus) alone until `target` has it. The presses that
 * surely come before it (the tabbable controls between, counted in the page, less two for what the count cannot know:
 * a radio group's one stop, a control that hides) go without a look between them: each look is a round trip to the
 * page, and Settings is 60 presses from its top. Then one press at a time, looking each time.
 */
export async function tabTo(page: Page, target: Locator, most = 120) {
  const between = await target.evaluate((el) => {
    const from = document.activeElement;
    if (!from || from === el || from === document.body) return 0;
    const forward = (el.compareDocumentPosition(from) & Node.DOCUMENT_POSITION_PRECEDING) !== 0;
    const tabbable = [
      ...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary, [tabindex], [contenteditable="true"]'),
    ].filter((e) => e.tabIndex >= 0 && !(e as HTMLButtonElement).disabled && e.getClientRects().length > 0 && !e.closest('[inert]'));
    const inRange = tabbable.filter((e) =>
      forward
        ? from.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING && e.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING
        : el.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING && e.compareDocumentPosition(from) & Node.DOCUMENT_POSITION_FOLLOWING,
    );
    // Only plain controls (no positive tabindex changing the order, no radios that count once a group).
    if (inRange.some((e) => e.tabIndex > 0 || (e instanceof HTMLInputElement && e.type === 'radio'))) return 0;
    return forward ? inRange.length - 1 : -(inRange.length - 1);
  });
  for (let i = 0; i < Math.abs(between) - 1; i++) await page.keyboard.press(between > 0 ? 'Tab' : 'Shift+Tab');
  for (let i = 0; i < most; i++) {
    const where = await target.evaluate((el) =>
      el === document.activeElement
        ? 'here'
        : document.activeElement && el.compareDocumentPosition(document.activeElement) & Node.DOCUMENT_POSITION_FOLLOWING
          ? 'above'
          : 'below',
    );
    if (where === 'here') return;
    await page.keyboard.press(where === 'above' ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

/**
 * Chooses files in the upload control's own dialog, opened from the keyboard. Playwright catches the dialog only once
 * its listener has reached the browser, and it sends the listener without waiting for it (page.on): on a busy machine
 * the Enter of the next line could open the dialog first, headless Chromium dropped it, and the test waited 90 s for
 * nothing (the file control focused, seen in two CI runs). So the listener goes first and the Tab steps, each a round
 * trip to the page, run after it; and should the dialog still not come, Enter is pressed again, as a person would.
 * `label`: another upload control's (the documents' "Upload a PDF or SVG").
 */
export async function chooseByKeyboard(page: Page, files: Parameters<FileChooser['setFiles']>[0], label = 'Choose images or audio') {
  const control = page.getByLabel(label);
  const choosers: FileChooser[] = [];
  const caught = (chooser: FileChooser) => void choosers.push(chooser);
  page.on('filechooser', caught);
  try {
    await tabTo(page, control);
    for (let attempt = 1; choosers.length === 0; attempt++) {
      await expect(control).toBeFocused();
      await page.keyboard.press('Enter');
      await expect
        .poll(() => choosers.length, { message: 'the file dialog opened', timeout: attempt < 3 ? 10_000 : 30_000 })
        .toBeGreaterThan(0)
        .catch((error: unknown) => {
          if (attempt === 3) throw error;
        });
    }
    await choosers[0]!.setFiles(files);
  } finally {
    page.off('filechooser', caught);
  }
}

/**
 * The admin's navigation on a phone is one "Menu" / „Meniu” button (docs/decisions/0031): opens it when it is shown
 * and closed (nothing on a wide screen, where the list is always shown).
 */
export async function openAdminMenu(page: Page): Promise<void> {
  const menu = page.getByRole('navigation', { name: /^(Admin|Administrare)$/ }).getByRole('button', { name: /^(Menu|Meniu) · / });
  if (!(await menu.isVisible())) return;
  if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
}

/**
 * A list page's add form: its Add button ("Add release"), first on the page, opens it at the top (issue 29); saved or
 * cancelled, it closes again. Gives the form's region ("Add a release"), opening it first when it is closed.
 */
export async function openAdd(page: Page, noun: string): Promise<Locator> {
  const region = page.getByRole('region', { name: `Add a ${noun}` });
  if (!(await region.isVisible())) await page.getByRole('button', { name: `Add ${noun}`, exact: true }).click();
  await expect(region).toBeVisible();
  return region;
}

/** Opens an item of a list (its row) and gives its form ("Edit Ploaie"). */
export async function openItem(page: Page, name: string): Promise<Locator> {
  await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
  const form = page.getByRole('form', { name: `Edit ${name}`, exact: true });
  await expect(form).toBeVisible();
  return form;
}
