// @vitest-environment jsdom
/**
 * A block that loads as it nears the view: the server's HTML stays as it is until then, whatever changes above it
 * (a gated lazy block's would be replaced by its empty fallback), and the live markup takes its place with the focus.
 */
import { act, createContext, useContext, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { CachedRead } from '../../content/cache';
import type { PublicContent } from '../../content/model';
import { EMPTY_CONTENT } from '../../content/page-data';
import { ContentProvider, useContent } from '../../content/use-content';
import { I18nProvider } from '../../i18n/i18n';
// Loaded here already, as a page that has loaded one block's code has it: a block's code and it then come together.
import './carry-over';
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

/** What the server rendered, in the page, hydrated with `block` in the page's language. */
async function serverHtml(html: string, block: React.ReactNode): Promise<HTMLDivElement> {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  await act(async () => {
    hydrateRoot(
      container,
      <I18nProvider lang="en" setLang={() => {}}>
        {block}
      </I18nProvider>,
    );
  });
  return container;
}

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

  it('comes live at once when the visitor switches the language, not when the saved choice applies after hydration', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const importer = vi.fn(() => Promise.resolve({ default: Live }));
    const Block = nearBlock('switch', importer);
    let set!: (state: { lang: 'en' | 'ro'; switched: boolean }) => void;
    function Page() {
      const [state, setState] = useState<{ lang: 'en' | 'ro'; switched: boolean }>({ lang: 'en', switched: false });
      set = setState;
      return (
        <I18nProvider lang={state.lang} setLang={() => {}} switched={state.switched}>
          <Block />
        </I18nProvider>
      );
    }
    const container = document.createElement('div');
    container.innerHTML = '<div data-block="switch"><!--$--><p>live one <a href="#a">first</a> <a href="#b">second</a></p><!--/$--></div>';
    document.body.append(container);
    await act(async () => {
      hydrateRoot(container, <Page />);
    });
    // The saved choice applied right after hydration: still the server's HTML, no code.
    await act(async () => set({ lang: 'ro', switched: false }));
    expect(importer).not.toHaveBeenCalled();
    // The visitor's switch: the code comes without the block nearing the view.
    await act(async () => set({ lang: 'en', switched: true }));
    expect(importer).toHaveBeenCalledTimes(1);
    expect(container.querySelector('[data-block="switch"] p')!.textContent).toBe('live one first second');
  });

  it('comes live at once when the content is read afresh after the page loaded (Firebase), not before', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const importer = vi.fn(() => Promise.resolve({ default: Bio }));
    const Block = nearBlock('renewed', importer);
    function Bio() {
      return <p>{useContent().content.settings?.bio1_en}</p>;
    }
    const built = { ...EMPTY_CONTENT, settings: { bio1_en: 'The build’s bio.' } } as PublicContent;
    let resolve!: (content: PublicContent) => void;
    const read = new Promise<PublicContent>((r) => (resolve = r));
    const cache = { peek: () => undefined, get: () => read } as unknown as CachedRead<PublicContent>;
    const container = await serverHtml(
      '<div data-block="renewed"><!--$--><p>The build’s bio.</p><!--/$--></div>',
      <ContentProvider initial={built} cache={cache}>
        <Block />
      </ContentProvider>,
    );
    expect(importer).not.toHaveBeenCalled();
    await act(async () => resolve({ ...built, settings: { bio1_en: 'The saved bio.' } } as PublicContent));
    expect(importer).toHaveBeenCalledTimes(1);
    expect(container.querySelector('[data-block="renewed"] p')!.textContent).toBe('The saved bio.');
  });

  it('says so and offers to try again when its code cannot be loaded, the server’s HTML kept', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    let attempt = 0;
    const Block = nearBlock('failing', () =>
      ++attempt === 1 ? Promise.reject<{ default: typeof Live }>(new Error('offline')) : Promise.resolve({ default: Live }),
    );
    const container = await serverHtml('<div data-block="failing"><p>live one</p></div>', <Block />);
    await act(async () => enter());
    expect(container.querySelector('[role="alert"]')).not.toBeNull();
    expect(container.textContent).toContain('live one');
    await act(async () => container.querySelector<HTMLButtonElement>('[role="alert"] button')!.click());
    expect(container.querySelector('[role="alert"]')).toBeNull();
    expect(container.textContent).toBe('live one first second');
  });

  it('carries what was typed and chosen before its code came into the live fields, the focus and caret with it', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const seen: string[] = [];
    // The live form: an uncontrolled e-mail field (as the fans' sign-up), a controlled message (its state must follow),
    // a choice and a box to tick.
    function Form() {
      const [message, setMessage] = useState('');
      return (
        <form>
          <input name="email" type="text" defaultValue="" onFocus={() => seen.push('focus')} />
          <textarea name="message" value={message} onChange={(e) => setMessage(e.target.value)} />
          <select name="kind" defaultValue="a">
            <option value="a">A</option>
            <option value="b">B</option>
          </select>
          <input name="ok" type="checkbox" />
          <output>{message.length}</output>
        </form>
      );
    }
    let resolve!: (module: { default: typeof Form }) => void;
    const Block = nearBlock('form', () => new Promise<{ default: typeof Form }>((r) => (resolve = r)));
    const container = await serverHtml(
      '<div data-block="form"><form><input name="email" type="text" value=""><textarea name="message"></textarea><select name="kind"><option value="a" selected>A</option><option value="b">B</option></select><input name="ok" type="checkbox"><output>0</output></form></div>',
      <Block />,
    );
    // The visitor, before the code: types, chooses, ticks, and is back in the e-mail with the caret after "ioana".
    const staticEmail = container.querySelector<HTMLInputElement>('[name="email"]')!;
    staticEmail.value = 'ioana@example.com';
    container.querySelector<HTMLTextAreaElement>('[name="message"]')!.value = 'Un master, vă rog.';
    container.querySelector<HTMLSelectElement>('[name="kind"]')!.value = 'b';
    container.querySelector<HTMLInputElement>('[name="ok"]')!.checked = true;
    staticEmail.focus();
    staticEmail.setSelectionRange(5, 5);
    await act(async () => enter());
    await act(async () => resolve({ default: Form }));

    const email = container.querySelector<HTMLInputElement>('[name="email"]')!;
    expect(email).not.toBe(staticEmail);
    expect(email.value).toBe('ioana@example.com');
    expect(document.activeElement).toBe(email);
    expect([email.selectionStart, email.selectionEnd]).toEqual([5, 5]);
    // The live form's own handler saw the focus (the fans' form asks for its token then).
    expect(seen).toEqual(['focus']);
    expect(container.querySelector<HTMLTextAreaElement>('[name="message"]')!.value).toBe('Un master, vă rog.');
    // React's state followed: what it renders from it says so.
    expect(container.querySelector('output')!.textContent).toBe(String('Un master, vă rog.'.length));
    expect(container.querySelector<HTMLSelectElement>('[name="kind"]')!.value).toBe('b');
    expect(container.querySelector<HTMLInputElement>('[name="ok"]')!.checked).toBe(true);
  });
});
