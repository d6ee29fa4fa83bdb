import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, loadChunk } from './chunk';
import { mailtoHref, safeHttps } from './safe-url';
import { activeSection, NAV_OFFSET, NAV_THROTTLE_MS } from './scroll-spy';
import { throttle } from './throttle';

describe('scroll spy', () => {
  const sections = [
    { id: 'hero', top: 0 },
    { id: 'about', top: 900 },
    { id: 'services', top: 1800 },
  ];
  it('marks the last section whose top is within 100 px below the scroll position', () => {
    expect(NAV_OFFSET).toBe(100);
    expect(activeSection(sections, 0, NAV_OFFSET)).toBe('hero');
    expect(activeSection(sections, 799, NAV_OFFSET)).toBe('hero');
    expect(activeSection(sections, 800, NAV_OFFSET)).toBe('about');
    expect(activeSection(sections, 1699, NAV_OFFSET)).toBe('about');
    expect(activeSection(sections, 1700, NAV_OFFSET)).toBe('services');
    expect(activeSection(sections, 99_999, NAV_OFFSET)).toBe('services');
    expect(activeSection([], 0, NAV_OFFSET)).toBeUndefined();
  });
});

describe('throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs at once, then at most once per 50 ms, and always with the latest call last', () => {
    expect(NAV_THROTTLE_MS).toBe(50);
    const calls: number[] = [];
    const fn = throttle((n: number) => calls.push(n), NAV_THROTTLE_MS);
    fn(1);
    expect(calls).toEqual([1]);
    fn(2);
    fn(3);
    vi.advanceTimersByTime(49);
    expect(calls).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([1, 3]);
    vi.advanceTimersByTime(100);
    fn(4);
    expect(calls).toEqual([1, 3, 4]);
  });

  it('can be cancelled', () => {
    const calls: number[] = [];
    const fn = throttle((n: number) => calls.push(n), 50);
    fn(1);
    fn(2);
    fn.cancel();
    vi.advanceTimersByTime(200);
    expect(calls).toEqual([1]);
  });
});

describe('chunk loading', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('passes a loaded chunk through', async () => {
    await expect(loadChunk('about', async () => 'module')).resolves.toBe('module');
  });

  it('turns a failed import into a ChunkLoadError "Loading chunk … failed."', async () => {
    const error = await loadChunk('music', () => Promise.reject(new TypeError('Failed to fetch'))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ name: 'ChunkLoadError', message: 'Loading chunk music failed.' });
  });

  it('gives up after 120 s', async () => {
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    const result = loadChunk('contact', () => new Promise(() => {})).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void result.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toMatchObject({ name: 'ChunkLoadError', message: 'Loading chunk contact failed.' });
  });
});

describe('safe links', () => {
  it('lets only https links through', () => {
    expect(safeHttps('https://open.spotify.com/x', 'F')).toBe('https://open.spotify.com/x');
    for (const bad of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,x', 'http://x.test', 'vbscript:x', '//x.test', 'not a url']) {
      expect(safeHttps(bad, 'F')).toBe('F');
    }
    expect(safeHttps(undefined, 'F')).toBe('F');
  });

  it('builds mailto links only from e-mail addresses', () => {
    expect(mailtoHref('booking@artist.ro', 'f@x.ro')).toBe('mailto:booking@artist.ro');
    expect(mailtoHref('mailto:booking@artist.ro', 'f@x.ro')).toBe('mailto:booking@artist.ro');
    expect(mailtoHref('javascript:alert(1)', 'f@x.ro')).toBe('mailto:f@x.ro');
    expect(mailtoHref('a@b.ro?bcc=evil@x.ro', 'f@x.ro')).toBe('mailto:f@x.ro');
    // Stored before the model refused them: never a query, fragment or escape in the link.
    for (const stored of ['mailto:a@b.ro?bcc=evil%40x.ro', 'a@b.ro?subject=Hi', 'mailto:a@b.ro%3Fcc=x', 'a?b@c.ro', 'a@b.ro#x']) {
      expect(mailtoHref(stored, 'f@x.ro'), stored).toBe('mailto:f@x.ro');
    }
  });
});
