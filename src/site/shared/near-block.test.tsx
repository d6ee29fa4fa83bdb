// @vitest-environment jsdom
/**
 * A block that loads as it nears the view: the server's HTML stays as it is until then, whatever changes above it
 * (a gated lazy block's would be replaced by its empty fallback), and the live markup takes its place with the focus.
 */
import { act, createContext, useContext, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { I18nProvider } from '../../i18n/i18n';
import { nearBlock } from './near-block';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const Word = createContext('one');

function Live() {
  const word = useContext(Word);
  return (
    <p>
      live {word} <a href="#a">first</a> <a href="#b">second</a>
    </p>
  );
}

/** Stands in for the browser's IntersectionObserver: `enter()` brings every observed element near. */
let observers: { callback: IntersectionObserverCallback; elements: Element[] }[] = [];
class FakeObserver {
  entry: (typeof observers)[number];
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback, elements: [] };
    observers.push(this.entry);
  }
  observe(element: Element) {
    this.entry.elements.push(element);
  }
  disconnect() {
    this.entry.elements = [];
  }
}
const enter = () =>
  observers.forEach(({ callback, elements }) =>
    callback(
      elements.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
      {} as IntersectionObserver,
    ),
  );

afterEach(() => {
  vi.unstubAllGlobals();
  observers = [];
  document.body.innerHTML = '';
});

async function setup() {
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  let resolve!: (module: { default: typeof Live }) => void;
  const importer = vi.fn(() => new Promise<{ default: typeof Live }>((r) => (resolve = r)));
  const Block = nearBlock('demo', importer);
  let setWord!: (word: string) => void;
  function Page() {
    const [word, set] = useState('one');
    setWord = set;
    return (
      <I18nProvider lang="en" setLang={() => {}}>
        <Word.Provider value={word}>
          <Block />
        </Word.Provider>
      </I18nProvider>
    );
  }
  const container = document.createElement('div');
  // What the server rendered: the block's live markup as of then.
  container.innerHTML = '<div data-block="demo"><!--$--><p>live one <a href="#a">first</a> <a href="#b">second</a></p><!--/$--></div>';
  document.body.append(container);
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  const recoverable = vi.fn();
  await act(async () => {
    hydrateRoot(container, <Page />, { onRecoverableError: recoverable });
  });
  return { container, importer, resolve: (m: { default: typeof Live }) => resolve(m), setWord: (w: string) => setWord(w), errors, recoverable };
}

describe('nearBlock', () => {
  it('keeps the server’s HTML, untouched through a change above it, and loads its code only once near', async () => {
    const page = await setup();
    const html = page.container.innerHTML;
    expect(page.importer).not.toHaveBeenCalled();
    await act(async () => page.setWord('two'));
    expect(page.container.innerHTML).toBe(html);
    expect(page.recoverable).not.toHaveBeenCalled();
    expect(page.errors.mock.calls).toEqual([]);

    await act(async () => enter());
    expect(page.importer).toHaveBeenCalledTimes(1);
    // Until the code has come, still the server's words.
    expect(page.container.textContent).toContain('live one');
    await act(async () => page.resolve({ default: Live }));
    expect(page.container.querySelector('[data-block="demo"] p')!.textContent).toBe('live two first second');
    expect(page.container.querySelectorAll('[data-block="demo"]')).toHaveLength(1);
  });

  it('gives the focus back to the same element of the live markup', async () => {
    const page = await setup();
    page.container.querySelectorAll('a')[1]!.focus();
    await act(async () => enter());
    const before = page.container.querySelectorAll('a')[1]!;
    await act(async () => page.resolve({ default: Live }));
    const after = page.container.querySelectorAll('a')[1]!;
    expect(after).not.toBe(before);
    expect(document.activeElement).toBe(after);
  });

  it('keeps a click made before its code came (no plain link default) and makes it again on the live markup, loading at once', async () => {
    const page = await setup();
    const clicks: string[] = [];
    const record = (event: MouseEvent) => clicks.push(`${(event.target as HTMLElement).textContent} ${event.defaultPrevented}`);
    document.addEventListener('click', record);
    onTestFinished(() => document.removeEventListener('click', record));
    await act(async () => page.container.querySelectorAll('a')[1]!.click());
    expect(clicks).toEqual(['second true']);
    expect(page.importer).toHaveBeenCalledTimes(1);
    await act(async () => page.resolve({ default: Live }));
    const live = page.container.querySelectorAll('a')[1]!;
    expect(clicks).toEqual(['second true', 'second false']);
    expect(live.isConnected).toBe(true);
    // Once only.
    await act(async () => page.setWord('three'));
    expect(clicks).toHaveLength(2);
  });

  it('says so and offers to try again when its code cannot be loaded, the server’s HTML kept', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    let attempt = 0;
    const Block = nearBlock('failing', () =>
      ++attempt === 1 ? Promise.reject<{ default: typeof Live }>(new Error('offline')) : Promise.resolve({ default: Live }),
    );
    const container = document.createElement('div');
    container.innerHTML = '<div data-block="failing"><p>live one</p></div>';
    document.body.append(container);
    await act(async () => {
      hydrateRoot(
        container,
        <I18nProvider lang="en" setLang={() => {}}>
          <Block />
        </I18nProvider>,
      );
    });
    await act(async () => enter());
    expect(container.querySelector('[role="alert"]')).not.toBeNull();
    expect(container.textContent).toContain('live one');
    await act(async () => container.querySelector<HTMLButtonElement>('[role="alert"] button')!.click());
    expect(container.querySelector('[role="alert"]')).toBeNull();
    expect(container.textContent).toBe('live one first second');
  });
});
