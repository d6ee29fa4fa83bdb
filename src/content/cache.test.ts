import { describe, expect, it, vi } from 'vitest';
import type { ContentReader } from './backend';
import { cachedRead } from './cache';
import { EMPTY_CONTENT } from './page-data';
import { embeddedContent, publicContentCache, visibleListeners } from './public-content';
import { fullItem } from './fields/declare';
import { audio, releases, samples } from './kinds';

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

describe('settings cache', () => {
  it('shares one fetch between concurrent readers and caches the result for the session', async () => {
    const pending = deferred<string>();
    const read = vi.fn(() => pending.promise);
    const cache = cachedRead(read, 'fallback');
    const a = cache.get();
    const b = cache.get();
    expect(read).toHaveBeenCalledTimes(1);
    expect(cache.peek()).toBeUndefined();
    pending.resolve('settings');
    expect(await Promise.all([a, b])).toEqual(['settings', 'settings']);
    expect(cache.peek()).toEqual({ value: 'settings' });
    expect(await cache.get()).toBe('settings');
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('swallows a failed read (no error reaches the page) and lets a later reader try again', async () => {
    const read = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('ok');
    const cache = cachedRead(read, 'fallback');
    expect(await cache.get()).toBe('fallback');
    expect(cache.peek()).toBeUndefined();
    expect(await cache.get()).toBe('ok');
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('uses content seeded from the page without fetching', async () => {
    const read = vi.fn(async () => 'fetched');
    const cache = cachedRead(read, 'fallback');
    cache.seed('embedded');
    expect(await cache.get()).toBe('embedded');
    expect(read).not.toHaveBeenCalled();
  });

  it('reads the snapshot through the backend once, and keeps only the images and recordings the content uses', async () => {
    const image = (id: string) => ({ id, src: 'https://img.test/a.jpg', width: 10, height: 10, placeholder: '', name: id, alt_en: 'A', alt_ro: 'O' });
    const sound = (id: string) => fullItem(audio, { id, src: 'https://audio.test/a.m4a', name: id });
    const release = fullItem(releases, { id: '1', title: 'T', meta: 'M', url: 'https://x.test/', cover: '' });
    const sample = fullItem(samples, { id: 's1', service: 'seed-mixing', audio: 'used-audio' });
    const reader: ContentReader = {
      kind: 'server',
      content: vi.fn(async () => ({
        ...EMPTY_CONTENT,
        settings: { heroTitle_en: 'Hi', portrait: 'used-image' },
        releases: [release],
        samples: [sample],
        media: [image('unused-image'), image('used-image')],
        audio: [sound('unused-audio'), sound('used-audio')],
      })),
    };
    const cache = publicContentCache(Promise.resolve(reader));
    const [first, second] = await Promise.all([cache.get(), cache.get()]);
    expect(first).toEqual({
      ...EMPTY_CONTENT,
      settings: { heroTitle_en: 'Hi', portrait: 'used-image' },
      releases: [release],
      samples: [sample],
      media: [image('used-image')],
      audio: [sound('used-audio')],
    });
    expect(second).toBe(first);
    expect(reader.content).toHaveBeenCalledTimes(1);
  });

  it('shows the empty content when the backend cannot be read', async () => {
    const reader: ContentReader = { kind: 'firebase', content: vi.fn(async () => Promise.reject(new Error('down'))) };
    expect(await publicContentCache(Promise.resolve(reader)).get()).toEqual(EMPTY_CONTENT);
  });
});

describe('public content helpers', () => {
  it('hides monthly listeners below 100', () => {
    expect(visibleListeners(99, 100)).toBeUndefined();
    expect(visibleListeners(100, 100)).toBe(100);
    expect(visibleListeners(12_345, 100)).toBe(12_345);
    expect(visibleListeners(undefined, 100)).toBeUndefined();
  });

  it('reads content embedded in the page, and ignores a broken one', () => {
    const doc = (text: string | undefined) => ({
      getElementById: () => (text === undefined ? null : ({ textContent: text } as HTMLElement)),
    });
    expect(embeddedContent(doc(undefined))).toBeUndefined();
    expect(embeddedContent(doc('{not json'))).toBeUndefined();
    expect(embeddedContent(doc('{"stats":{"monthlyListeners":5}}'))).toEqual({ ...EMPTY_CONTENT, stats: { monthlyListeners: 5 } });
  });
});
