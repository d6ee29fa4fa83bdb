/**
 * The dashboard's checklist, each line of which can be hidden (issue 33, docs/decisions/0047): a hidden line stays
 * hidden after a reload (this browser remembers it), the focus going on in the list; one button shows the hidden lines
 * again, and that too survives a reload. On Scena's server, whose e-mail line is never done in a test run (no SMTP).
 */
import { expect, test } from '../fixtures';
import { expectNoAxeViolations } from '../helpers';
import { photograph } from './admin-helpers';

test('@server-only a checklist line hidden stays hidden after a reload, and Show brings it back for good', async ({ adminPage: page }, testInfo) => {
  // Three reloads and four axe checks: 30 s was too short on a loaded CI machine.
  test.slow();
  const open = page.getByRole('region', { name: 'Getting the site ready' });
  const folded = page.getByRole('group', { name: /^Set-up: \d+ of \d+ done, the others hidden$/ });
  const mail = page.locator('.checklist').getByText('Receive booking requests by e-mail', { exact: true });
  await expect(mail).toBeVisible();
  await expectNoAxeViolations(page, 'dashboard, the checklist with Hide');

  await open.getByRole('button', { name: 'Hide: Receive booking requests by e-mail' }).click();
  await expect(mail).toHaveCount(0);
  // The focus stays in the list (the next line's Hide, or the folded list's summary), never lost to the page.
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('.checklist')))).toBe(true);
  await expectNoAxeViolations(page, 'dashboard, a checklist line hidden');

  await page.reload();
  await expect(open.or(folded)).toBeVisible();
  await expect(mail).toHaveCount(0);
  // Folded when every line left in sight is done: its summary opens it.
  if (await folded.isVisible()) await folded.locator('summary').click();
  const again = page.getByRole('button', { name: /^Show the( \d+)? hidden lines?$/ });
  await again.click();
  await expect(mail).toBeVisible();
  await page.reload();
  await expect(mail).toBeVisible();
  await expect(again).toHaveCount(0);

  // Romanian, on a phone: the line's Hide beside it, nothing wider than the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.evaluate(() => localStorage.setItem('scena.admin.language', 'ro'));
  await page.reload();
  const line = page.getByRole('region', { name: 'Pregătirea site-ului' }).getByRole('button', { name: 'Ascundeți: Primiți cererile de rezervare pe e-mail' });
  await expect(line).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page, 'dashboard on a phone in Romanian, the checklist with Hide');
  await photograph(page, testInfo, 'dashboard-checklist-ro-phone');
});
