/**
 * What a QR code carries (issue 31): a published or scheduled item's public page in the chosen language with
 * `?src=qr`, which the counting credits to "QR code"; a draft refused, in both languages; the link page's address.
 */
import { describe, expect, it } from 'vitest';
import { KINDS } from '../../content/kinds';
import { localAt } from '../../content/zoned-time';
import { releasePath, RELEASE_ZONE } from '../../content/release-cycle';
import { showPath } from '../../content/shows';
import { draftsOf } from '../kinds/publishing';
import { setAdminLanguage } from '../language';
import { hasPublicPage, isLocalOrigin, itemQr, linkPageQr } from './address';

const drafts = (name: string) => draftsOf(KINDS.find((k) => k.name === name)!);
const SITE = 'https://tudorvale.ro';
const release = (status: string, date = '2025-03-14T00:00') => ({ id: 'r1', title: 'Lumini de oraș', slug: 'lumini-de-oras', status, date });

describe('a QR code’s address', () => {
  it('is the release’s public page in the chosen language, with ?src=qr (the counting’s source “QR code”)', () => {
    const qr = (lang: 'en' | 'ro') =>
      itemQr(release('published'), { name: 'Lumini de oraș', lang, origin: SITE, path: releasePath, drafts: drafts('releases') });
    expect(qr('ro')).toEqual({ ok: true, target: { address: 'https://tudorvale.ro/ro/muzica/lumini-de-oras/?src=qr', fileName: 'qr-lumini-de-oras-ro' } });
    expect(qr('en')).toEqual({ ok: true, target: { address: 'https://tudorvale.ro/en/music/lumini-de-oras/?src=qr', fileName: 'qr-lumini-de-oras-en' } });
    const { address } = (qr('ro') as { target: { address: string } }).target;
    expect(new URL(address).searchParams.get('src')).toBe('qr');
  });

  it('is a show’s page too; a scheduled release (its page says “Coming …”) has one', () => {
    const show = { id: 's1', venue: 'Form Space', slug: '2031-05-16-cluj-napoca-form-space', status: 'published', start: '2031-05-16T21:00' };
    expect(itemQr(show, { name: 'Form Space', lang: 'en', origin: `${SITE}/`, path: showPath, drafts: drafts('shows') })).toMatchObject({
      ok: true,
      target: { address: 'https://tudorvale.ro/en/shows/2031-05-16-cluj-napoca-form-space/?src=qr' },
    });
    const ahead = release('published', localAt(Date.now() + 30 * 86_400_000, RELEASE_ZONE));
    expect(hasPublicPage(ahead, drafts('releases'))).toBe(true);
    expect(itemQr(ahead, { name: 'x', lang: 'ro', origin: SITE, path: releasePath, drafts: drafts('releases') }).ok).toBe(true);
  });

  it('is refused for a draft (no public page), saying so in the admin’s language', () => {
    const draft = release('draft');
    expect(hasPublicPage(draft, drafts('releases'))).toBe(false);
    const ask = () => itemQr(draft, { name: 'Lumini de oraș', lang: 'ro', origin: SITE, path: releasePath, drafts: drafts('releases') });
    expect(ask()).toEqual({ ok: false, message: '“Lumini de oraș” is a draft and has no public page yet: publish it first.' });
    setAdminLanguage('ro');
    try {
      expect(ask()).toEqual({ ok: false, message: '„Lumini de oraș” este o ciornă și nu are încă o pagină publică: publicați-o întâi.' });
    } finally {
      setAdminLanguage('en');
    }
    const showDraft = { id: 's2', venue: 'Form Space', slug: 'x', status: 'draft' };
    expect(hasPublicPage(showDraft, drafts('shows'))).toBe(false);
    // Without a slug there is no address either.
    expect(itemQr({ ...release('published'), slug: '' }, { name: 'Fără', lang: 'en', origin: SITE, path: releasePath, drafts: drafts('releases') })).toEqual({
      ok: false,
      message: '“Fără” has no public page yet.',
    });
  });

  it('of the link page is /links, the same for both languages; a loopback origin is told apart', () => {
    expect(linkPageQr(SITE)).toEqual({ address: 'https://tudorvale.ro/links?src=qr', fileName: 'qr-links' });
    expect(isLocalOrigin('http://127.0.0.1:5201')).toBe(true);
    expect(isLocalOrigin('http://localhost:5173')).toBe(true);
    expect(isLocalOrigin(SITE)).toBe(false);
  });
});
