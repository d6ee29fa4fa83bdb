/** The visitor's hash, the artist's day, the device class and the source, as pure functions. */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dayDate, dayNumber, deviceOf, sourceOf, visitorHash } from './counting';

const SITE = 'https://tudorvale.ro';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('the visitor hash', () => {
  it('is the same for the same salt, address, User-Agent and site, and differs when any of them differs', () => {
    const salt = randomBytes(32);
    const one = visitorHash(salt, '198.51.100.7', CHROME, SITE);
    expect(visitorHash(Buffer.from(salt), '198.51.100.7', CHROME, SITE)).toBe(one);
    expect(Number.isSafeInteger(one)).toBe(true);
    expect(one).toBeLessThan(2 ** 48);
    const others = [
      visitorHash(randomBytes(32), '198.51.100.7', CHROME, SITE),
      visitorHash(salt, '198.51.100.8', CHROME, SITE),
      visitorHash(salt, '198.51.100.7', `${CHROME} Edg/131`, SITE),
      visitorHash(salt, '198.51.100.7', CHROME, 'https://another.example'),
      // The separators keep fields apart: moving characters from one field to the next is another visitor.
      visitorHash(salt, '198.51.100.7M', CHROME.slice(1), SITE),
    ];
    expect(new Set([one, ...others]).size).toBe(6);
  });

  it('spreads visitors: 100,000 addresses under one salt give 100,000 values', () => {
    const salt = randomBytes(32);
    const seen = new Set<number>();
    for (let i = 0; i < 100_000; i++) seen.add(visitorHash(salt, `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, CHROME, SITE));
    expect(seen.size).toBe(100_000);
  });
});

describe("the artist's day", () => {
  it('changes at midnight in Europe/Bucharest, across the clock changes', () => {
    const zone = 'Europe/Bucharest';
    expect(dayDate(dayNumber(Date.UTC(2026, 10, 24, 21, 59), zone))).toBe('2026-11-24');
    expect(dayDate(dayNumber(Date.UTC(2026, 10, 24, 22, 0), zone))).toBe('2026-11-25');
    // Summer time (UTC+3): midnight is 21:00 UTC.
    expect(dayDate(dayNumber(Date.UTC(2026, 6, 1, 20, 59), zone))).toBe('2026-07-01');
    expect(dayDate(dayNumber(Date.UTC(2026, 6, 1, 21, 0), zone))).toBe('2026-07-02');
    // The day of the change to summer time has 23 hours and is still one day.
    expect(dayNumber(Date.UTC(2026, 2, 29, 21, 0), zone) - dayNumber(Date.UTC(2026, 2, 28, 22, 0), zone)).toBe(1);
  });
});

describe('the device class', () => {
  it.each([
    [CHROME, 'desktop'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15', 'desktop'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1', 'phone'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', 'phone'],
    ['Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1', 'tablet'],
    ['Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'tablet'],
  ])('%s → %s', (ua, device) => {
    expect(deviceOf(ua)).toBe(device);
  });
});

describe('the source', () => {
  const own = ['tudorvale.ro', 'localhost'];
  it.each([
    ['/en/', 'https://www.instagram.com/p/Cx1/?igsh=abc', 'instagram.com'],
    ['/en/', 'https://L.Instagram.com/?u=https%3A%2F%2Ftudorvale.ro', 'l.instagram.com'],
    ['/en/?utm_source=Newsletter', 'https://mail.example.com/', 'newsletter'],
    ['/en/?utm_source=%3Cscript%3E', 'https://t.co/x', 't.co'],
    // A letter's link (server/fans/letter-render.ts): credited to the letter, with or without a referrer.
    ['/ro/muzica/neon-rain/?src=letter-0a1b2c3d4e5f', '', 'letter-0a1b2c3d4e5f'],
    ['/en/?src=letter-0a1b2c3d4e5f', 'https://mail.google.com/', 'letter-0a1b2c3d4e5f'],
    ['/en/?src=anything-else', 'https://t.co/x', 't.co'],
    ['/en/', 'https://www.tudorvale.ro/ro/', undefined],
    ['/en/', 'http://localhost:5200/', undefined],
    ['/en/', 'android-app://com.google.android.gm/', undefined],
    ['/en/', 'not a url', undefined],
    ['/en/', '', undefined],
    // A QR code on a poster (src/admin/qr): credited to it.
    ['/en/shows/2026-12-20-cluj/?src=qr', '', 'qr'],
    ['/links?src=QR', '', 'qr'],
  ])('%s from %s → %s', (path, referrer, source) => {
    expect(sourceOf(path, referrer, own)).toBe(source);
  });

  // Real user agents of the apps' own browsers (they send no referrer).
  const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
  const ANDROID =
    'Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/AP2A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.122 Mobile Safari/537.36';
  it.each([
    [`${IPHONE} Instagram 339.0.3.12.91 (iPhone14,5; iOS 17_5; en_GB; en; scale=3.00; 1170x2532; 618361548)`, 'instagram'],
    [`${ANDROID} Instagram 339.0.0.32.118 Android (34/14; 420dpi; 1080x2205; Google; Pixel 7; panther; panther; ro_RO; 617421394)`, 'instagram'],
    [`${IPHONE} musical_ly_35.1.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/ro Region/RO`, 'tiktok'],
    [`${ANDROID} trill_2023503030 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/trill app_version/35.3.3 ByteLocale/ro BytedanceWebview/d8a21c6`, 'tiktok'],
    [`${IPHONE} [FBAN/FBIOS;FBAV/472.0.0.33.109;FBBV/633436337;FBDV/iPhone14,5;FBMD/iPhone;FBSN/iOS;FBSV/17.5;FBSS/3;FBLC/ro_RO]`, 'facebook'],
    [`${ANDROID} [FB_IAB/FB4A;FBAV/472.0.0.47.109;]`, 'facebook'],
    [ANDROID.replace('; wv', ''), undefined],
  ])('a visit in %s with no referrer → %s', (agent, source) => {
    expect(sourceOf('/links', '', own, agent)).toBe(source);
    // A campaign's own name still wins; an app's browser beats its link shim (l.instagram.com).
    expect(sourceOf('/links?utm_source=poster', '', own, agent)).toBe('poster');
    expect(sourceOf('/links', 'https://l.instagram.com/?u=x', own, agent)).toBe(source ?? 'l.instagram.com');
  });
});
