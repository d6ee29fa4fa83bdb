/**
 * Booking requests on a static host (the `none` backend): nothing can take a request, so the form gives way to the
 * e-mail link (and the Book a session dialog, which composes an e-mail): no form posts anywhere, and the form's code
 * is never loaded. The form itself is tested on Scena's server (e2e/admin/booking.spec.ts).
 */
import { expect, test } from '@playwright/test';
import { siteConfig } from '../site.config';
import { en } from '../src/i18n/en';
import { SEED_SERVICES } from '../src/content/seed';
import { openPage, recordRequests, scrollThrough } from './helpers';

test('a static build offers the e-mail link, no booking form, and never loads its code', async ({ page, request }) => {
  const html = await (await request.get('/en/')).text();
  expect(html).not.toContain('action="/api/booking"');
  expect(html).toContain(`mailto:${siteConfig.defaultEmail}`);

  const requests = recordRequests(page);
  await openPage(page, '/en/');
  await scrollThrough(page);
  const contact = page.getByRole('region', { name: en['contact.title'] });
  await expect(contact.getByRole('link', { name: siteConfig.defaultEmail })).toHaveAttribute('href', `mailto:${siteConfig.defaultEmail}`);
  await expect(contact.getByRole('button', { name: en['contact.book'] })).toBeVisible();
  await expect(page.getByRole('form', { name: en['booking.formTitle'] })).toHaveCount(0);
  await expect(page.locator('form[action="/api/booking"]')).toHaveCount(0);

  // "Get in touch" still leads to the Contact section.
  await page.getByRole('link', { name: en['services.ctaFor'].replace('{service}', SEED_SERVICES[1]!.title_en) }).click();
  await expect(page.locator('#contact')).toBeFocused();
  expect(requests.filter((url) => /\/assets\/booking-client-[^/]*\.js$/.test(url))).toEqual([]);
});
